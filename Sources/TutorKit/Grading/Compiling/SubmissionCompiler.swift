import Foundation
import Synchronization

/// Audits one learner file with the toolchain's parser, then compiles it with the prelude,
/// as memory-safe Swift, into a shared object the harness's runner loads.
struct SubmissionCompiler {
    enum Result {
        case success(URL)
        case failure(String)
    }

    /// One construct the audit refused, as the audit program prints it.
    struct Finding: Decodable {
        var line: Int
        var column: Int
        var construct: String
        var reason: String
    }

    /// The exercise's name, which is the learner's file name and type.
    var exercise: String
    var toolchain: Toolchain
    var harness: Harness
    var runner: any ProcessRunner
    var environment: [String: String]

    func compile(source: String, displayPath: String, in workspace: Workspace) throws -> Result {
        // Always the exercise's file name, so a learner file called main.swift cannot turn on
        // top-level code, and the bytes compiled are exactly the bytes validated.
        let sourceFile = workspace.url.appendingPathComponent("\(exercise).swift")
        try Data(source.utf8).write(to: sourceFile)

        // The audit runs on the second core while the file compiles; its findings win over
        // whatever the compiler made of the file.
        let audited = Mutex<Swift.Result<[Finding], any Error>?>(nil)
        let auditing = DispatchGroup()
        auditing.enter()
        Thread { [self] in
            let outcome = Swift.Result { try audit(sourceFile) }
            audited.withLock { $0 = outcome }
            auditing.leave()
        }.start()
        defer { auditing.wait() }

        let library = workspace.url.appendingPathComponent("Submission.so")
        let outcome = try runner.run(ProcessRequest(
            executable: toolchain.swiftc.path,
            arguments: HarnessBuilder.submissionFlags + toolchain.linkerFlags
                + ["-I", harness.directory.path, "-o", library.path, sourceFile.path, harness.preludeFile.path]
                // The harness's own module cache (beside it in the cache), never one the
                // compiler would make where it runs.
                + ["-module-cache-path", harness.directory.deletingLastPathComponent().appendingPathComponent("module-cache").path],
            environment: environment,
            workingDirectory: workspace.url.path,
            wallClockLimit: .seconds(120)
        ))
        auditing.wait()
        let findings = try audited.withLock { $0 }?.get() ?? []
        if !findings.isEmpty {
            return .failure(findings.map {
                "\(displayPath):\($0.line):\($0.column): error: \($0.construct) is not allowed: \($0.reason)"
            }.joined(separator: "\n") + "\n" + Self.memorySafetyNote)
        }
        guard outcome.termination == .exited(0), !outcome.timedOut else {
            if outcome.timedOut { return .failure("\(displayPath): error: the compiler did not finish within 120 s") }
            let preludeText: String
            do {
                preludeText = try String(contentsOf: harness.preludeFile, encoding: .utf8)
            } catch {
                throw GradingError.workspace(path: harness.preludeFile.path, reason: "the harness's prelude is unreadable (\(error.localizedDescription))")
            }
            let mapper = DiagnosticMapper(
                submissionPath: sourceFile.path, displayPath: displayPath,
                preludePath: harness.preludeFile.path, preludeText: preludeText,
                privatePaths: [workspace.url.path, harness.directory.path]
            )
            var message = mapper.map(outcome.outputText)
            if outcome.outputText.contains("[#StrictMemorySafety]") { message += "\n" + Self.memorySafetyNote }
            return .failure(message)
        }
        // The sandboxed runner may run as another user: it must be able to read the object.
        chmod(library.path, 0o644)
        return .success(library)
    }

    /// Why a construct is refused, once per report.
    static let memorySafetyNote = "note: exercises are graded as memory-safe Swift: unsafe pointers, Unmanaged, unsafeBitCast, C calls that take pointers, 'unsafe' and attributes that name raw symbols are not available, so that no file can read or replace the test runner's memory"

    /// The audit program's findings for `file`; a failure to audit is the grader's fault.
    private func audit(_ file: URL) throws -> [Finding] {
        let outcome = try runner.run(ProcessRequest(
            executable: harness.auditor.path, arguments: [file.path],
            environment: ["PATH": "/usr/bin:/bin"], wallClockLimit: .seconds(30)
        ))
        guard outcome.termination == .exited(0), let findings = try? JSONDecoder().decode([Finding].self, from: Data(outcome.output)) else {
            throw GradingError.harnessBuildFailed(step: "auditing the submission", log: outcome.outputText)
        }
        return findings
    }
}
