import Foundation
import Synchronization

/// Audits one learner file with the toolchain's parser, then compiles it with the prelude,
/// as memory-safe Swift, and links it into a bare shared object the harness's runner loads
/// (see ``StaticRuntime``).
struct SubmissionCompiler {
    enum Result {
        case success(URL)
        case failure(String)
    }

    /// One construct the audit refused, as the audit program prints it.
    struct Finding: Decodable {
        /// Where it is in the learner's file (1-based).
        var line: Int, column: Int
        /// What it is (`@_silgen_name`) and why it is refused.
        var construct: String, reason: String
    }

    /// The exercise's name, which is the learner's file name and type.
    var exercise: String
    /// Compiles and links.
    var toolchain: Toolchain
    /// The modules and the prelude the file compiles against.
    var harness: Harness
    /// Runs the audit, the compiler and the linker.
    var runner: any ProcessRunner
    /// The environment the compiler runs with.
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

        let object = workspace.url.appendingPathComponent("Submission.o")
        let outcome = try runner.run(ProcessRequest(
            executable: toolchain.swiftc.path,
            arguments: HarnessBuilder.submissionFlags
                + ["-I", harness.directory.path, "-o", object.path, sourceFile.path, harness.preludeFile.path]
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
            return .failure(try compilerMessage(outcome.outputText, sourceFile: sourceFile, displayPath: displayPath, workspace: workspace))
        }
        let unavailable = try modulesNotInRunner(object)
        if !unavailable.isEmpty {
            return .failure(unavailable.map { module in
                let line = source.split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains("import \(module)") }.map { ":\($0 + 1)" } ?? ""
                return "\(displayPath)\(line): error: module '\(module)' is not available to graded exercises; they may import \(StaticRuntime.availableModules)"
            }.joined(separator: "\n"))
        }
        let library = workspace.url.appendingPathComponent("Submission.so")
        let linker = StaticRuntime.submissionLink(object: object, output: library, toolchain: toolchain)
        let linked = try runner.run(ProcessRequest(
            executable: linker.program.path, arguments: linker.arguments,
            environment: environment, workingDirectory: workspace.url.path, wallClockLimit: .seconds(60)
        ))
        guard linked.termination == .exited(0) else {
            throw GradingError.harnessBuildFailed(step: "linking the submission", log: linked.outputText)
        }
        // The sandboxed runner may run as another user: it must be able to read the object.
        chmod(library.path, 0o644)
        return .success(library)
    }

    /// The compiler's errors as the learner should read them: in their file, at their lines.
    private func compilerMessage(_ output: String, sourceFile: URL, displayPath: String, workspace: Workspace) throws -> String {
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
        var message = mapper.map(output)
        if output.contains("[#StrictMemorySafety]") { message += "\n" + Self.memorySafetyNote }
        return message
    }

    /// The modules `object` imports that the runner does not carry, read from the libraries
    /// the compiler asks the linker for.
    private func modulesNotInRunner(_ object: URL) throws(GradingError) -> [String] {
        do {
            return StaticRuntime.unavailableModules(autolinkEntries: try AutolinkEntries.read(contentsOf: object))
        } catch {
            throw .harnessBuildFailed(step: "reading the submission's libraries", log: "error: \(error)")
        }
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
