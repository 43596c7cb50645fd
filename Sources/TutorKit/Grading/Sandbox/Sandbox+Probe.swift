import Foundation

extension Sandbox {
    /// Stages the runner in `stage` and chooses the mechanism by probing: bubblewrap, then
    /// the runner's own namespaces, then none; the first that isolates fully wins, else the
    /// one with the most layers. Throws when not even the unconfined runner starts.
    static func probe(harness: Harness, stage: Workspace, runner: any ProcessRunner, limits: SandboxLimits,
                      environment: [String: String], hiddenPath: String) throws(GradingError) -> Sandbox {
        let staged = stage.url.appendingPathComponent("runner")
        let stagedSanitized = stage.url.appendingPathComponent("runner-tsan")
        let stagedTests = stage.url.appendingPathComponent(Harness.testsName)
        let stagedSanitizedTests = stage.url.appendingPathComponent(Harness.sanitizedTestsName)
        let standIn = stage.url.appendingPathComponent("probe.so")
        do {
            // Hard links where the cache and the stage share a filesystem: each runner carries
            // the whole Swift runtime (about 60 MB), and copying it would cost each check ~25 ms.
            let staging = [(harness.runner, staged), (harness.sanitizedRunner, stagedSanitized),
                           (harness.testsLibrary, stagedTests), (harness.sanitizedTestsLibrary, stagedSanitizedTests)]
            for (built, place) in staging where link(built.path, place.path) != 0 {
                try FileManager.default.copyItem(at: built, to: place)
            }
            try FileManager.default.copyItem(at: harness.reference, to: standIn)
        } catch {
            throw .workspace(path: stage.url.path, reason: "cannot stage the test runners (\(error.localizedDescription))")
        }
        chmod(staged.path, 0o755)
        chmod(stagedSanitized.path, 0o755)
        chmod(stagedTests.path, 0o644)
        chmod(stagedSanitizedTests.path, 0o644)
        chmod(standIn.path, 0o644)

        let bubblewrap = findProgram("bwrap", environment: environment)
        let setpriv = findProgram("setpriv", environment: environment)
        var reasons: [String] = []
        if bubblewrap == nil { reasons.append("bubblewrap: bwrap is not installed") }
        if bubblewrap != nil, geteuid() == 0, setpriv == nil { reasons.append("bubblewrap: setpriv, needed to start it as an unprivileged user, is not installed") }
        let bubblewrapUsable = bubblewrap != nil && (geteuid() != 0 || setpriv != nil)
        let candidates: [SandboxMechanism]
        if let forced = environment["CACHETUTOR_SANDBOX"], !forced.isEmpty {
            guard let mechanism = SandboxMechanism(rawValue: forced) else {
                throw .launch("CACHETUTOR_SANDBOX must be bubblewrap, namespaces or none, not '\(forced)'")
            }
            candidates = [mechanism]
            reasons = ["forced by CACHETUTOR_SANDBOX=\(forced)"]
        } else {
            candidates = (bubblewrapUsable ? [.bubblewrap] : []) + [.namespaces, .none]
        }

        var best: Sandbox?
        for mechanism in candidates {
            var sandbox = Sandbox(
                mechanism: mechanism, isolation: IsolationReport(mechanism: mechanism, user: false, pid: false, network: false, mount: false, code: false, noexec: false),
                fallbackReasons: [], runner: staged, sanitizedRunner: stagedSanitized,
                tests: stagedTests, sanitizedTests: stagedSanitizedTests, paths: harness.sandboxPaths, bubblewrap: bubblewrap,
                setpriv: setpriv,
                hostNamespaces: hostNamespaces(), hiddenPath: hiddenPath
            )
            if mechanism == .bubblewrap && !bubblewrapUsable { continue }
            switch measure(sandbox, standIn: standIn, stage: stage, runner: runner, limits: limits) {
            case let .success(isolation):
                sandbox.isolation = isolation
                sandbox.fallbackReasons = reasons
                if isolation.isComplete {
                    sandbox.cgroups = TestCgroups.prepare(limits: limits, environment: environment)
                    return sandbox
                }
                reasons.append("\(mechanism.rawValue): no \(isolation.missingLayers.joined(separator: ", ")) isolation")
                if best.map({ $0.isolation.missingLayers.count > isolation.missingLayers.count }) ?? true { best = sandbox }
            case let .failure(reason):
                reasons.append("\(mechanism.rawValue): \(reason)")
            }
        }
        guard var chosen = best else {
            throw .launch("the test runner does not start: \(reasons.joined(separator: "; "))")
        }
        chosen.fallbackReasons = reasons
        chosen.cgroups = TestCgroups.prepare(limits: limits, environment: environment)
        return chosen
    }

    /// What the runner's `probe` measures inside `sandbox`, or why it did not start.
    private static func measure(_ sandbox: Sandbox, standIn: URL, stage: Workspace, runner: any ProcessRunner, limits: SandboxLimits) -> Result<IsolationReport, ProbeFailure> {
        let directory: URL
        do {
            directory = try stage.testDirectory(name: "probe-\(sandbox.mechanism.rawValue)", owner: geteuid() == 0 ? limits.unprivilegedUser : nil)
        } catch {
            return .failure(ProbeFailure(reason: "cannot make its working directory (\(error))"))
        }
        let request = sandbox.request(submission: standIn, command: ["probe"], limits: limits, workingDirectory: directory, secret: nil)
        guard let outcome = try? runner.run(request) else { return .failure(ProbeFailure(reason: "cannot start \(request.executable)")) }
        guard outcome.termination == .exited(0), let isolation = try? JSONDecoder().decode(IsolationReport.self, from: Data(outcome.output)) else {
            let said = outcome.outputText.split(separator: "\n").first.map(String.init) ?? "it ended with \(outcome.termination)"
            return .failure(ProbeFailure(reason: said))
        }
        return .success(isolation)
    }

    struct ProbeFailure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// The grader's own namespaces, `kind:[id]` by commas.
    static func hostNamespaces() -> String {
        ["user", "pid", "net", "mnt"].map { kind in
            let id = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/\(kind)")) ?? "unknown"
            return "\(kind):\(id.replacingOccurrences(of: "\(kind):", with: ""))"
        }.joined(separator: ",")
    }

    /// The first `name` on the environment's `PATH`, else in /usr/bin or /bin.
    static func findProgram(_ name: String, environment: [String: String]) -> String? {
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
