import Foundation

extension Sandbox {
    /// Chooses the mechanism for `harness` by probing: bubblewrap, then the runner's own
    /// namespaces, then none; the first that isolates fully wins, else the one with the
    /// most layers. Throws when not even the unconfined runner starts: the grader is broken.
    public static func probe(harness: Harness, runner: any ProcessRunner, limits: SandboxLimits, environment: [String: String],
                             hiddenPath: String, scratch: URL) throws(GradingError) -> Sandbox {
        let bubblewrap = findProgram("bwrap", environment: environment)
        let candidates: [SandboxMechanism]
        if let forced = environment["CACHETUTOR_SANDBOX"], !forced.isEmpty {
            guard let mechanism = SandboxMechanism(rawValue: forced) else {
                throw .launch("CACHETUTOR_SANDBOX must be bubblewrap, namespaces or none, not '\(forced)'")
            }
            candidates = [mechanism]
        } else if geteuid() == 0 {
            // bubblewrap started by root maps the test's user to root outside its namespace,
            // where it owns its own non-dumpable /proc/self/mem: a memory-safe file could read
            // the secret through it. The runner's own namespaces switch to nobody first.
            candidates = [.namespaces, .none]
        } else {
            candidates = bubblewrap == nil ? [.namespaces, .none] : [.bubblewrap, .namespaces, .none]
        }
        var disablesUserNamespaces = false
        if let bubblewrap, let help = try? runner.run(ProcessRequest(executable: bubblewrap, arguments: ["--help"], environment: [:], wallClockLimit: .seconds(10))) {
            disablesUserNamespaces = help.outputText.contains("--disable-userns")
        }

        var reasons: [String] = []
        if bubblewrap == nil { reasons.append("bubblewrap: bwrap is not installed") }
        if geteuid() == 0 && candidates.first != .bubblewrap { reasons.append("bubblewrap: not used as root") }
        var best: Sandbox?
        for mechanism in candidates {
            var sandbox = Sandbox(
                mechanism: mechanism, isolation: IsolationReport(mechanism: mechanism, user: false, pid: false, network: false, mount: false),
                fallbackReasons: reasons, bubblewrap: bubblewrap, bubblewrapDisablesUserNamespaces: disablesUserNamespaces,
                hostNamespaces: hostNamespaces(), hiddenPath: hiddenPath
            )
            if mechanism == .bubblewrap && bubblewrap == nil { continue }
            switch measure(sandbox, harness: harness, runner: runner, limits: limits, scratch: scratch) {
            case let .success(isolation):
                sandbox.isolation = isolation
                if isolation.isComplete { return sandbox }
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
        return chosen
    }

    /// What the runner's `probe` measures inside `sandbox`, or why it did not start.
    private static func measure(_ sandbox: Sandbox, harness: Harness, runner: any ProcessRunner, limits: SandboxLimits, scratch: URL) -> Result<IsolationReport, ProbeFailure> {
        let directory = scratch.appendingPathComponent("probe-\(sandbox.mechanism.rawValue)", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if geteuid() == 0 { chown(directory.path, limits.unprivilegedUser, limits.unprivilegedUser) }
        defer { try? FileManager.default.removeItem(at: directory) }
        let request = sandbox.request(harness: harness, submission: harness.reference, command: ["probe"], limits: limits, workingDirectory: directory, secret: nil)
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
