import Foundation

/// Compiles one learner file with the prelude and links it with the harness into a runner.
struct SubmissionCompiler {
    enum Result {
        case success(URL)
        case failure(String)
    }

    var toolchain: Toolchain
    var harness: Harness
    var runner: any ProcessRunner
    var environment: [String: String]

    func compile(source: String, displayPath: String, in workspace: Workspace) throws -> Result {
        // Always the same file name, so a learner file called main.swift cannot turn on
        // top-level code, and the bytes compiled are exactly the bytes validated.
        let sourceFile = workspace.url.appendingPathComponent("ThumbnailCache.swift")
        try Data(source.utf8).write(to: sourceFile)
        let executable = workspace.url.appendingPathComponent("runner")
        let outcome = try runner.run(ProcessRequest(
            executable: toolchain.swiftc.path,
            arguments: HarnessBuilder.submissionFlags + toolchain.linkerFlags + ["-I", harness.directory.path, "-o", executable.path, sourceFile.path, harness.preludeFile.path]
                + harness.objects.map(\.path),
            environment: environment,
            workingDirectory: workspace.url.path,
            wallClockLimit: .seconds(120)
        ))
        guard outcome.termination == .exited(0), !outcome.timedOut else {
            let mapper = DiagnosticMapper(
                submissionPath: sourceFile.path,
                displayPath: displayPath,
                preludePath: harness.preludeFile.path,
                preludeText: (try? String(contentsOf: harness.preludeFile, encoding: .utf8)) ?? "",
                privatePaths: [workspace.url.path, harness.directory.path]
            )
            let message = outcome.timedOut ? "\(displayPath): error: the compiler did not finish within 120 s" : mapper.map(outcome.outputText)
            return .failure(message)
        }
        chmod(executable.path, 0o755)
        return .success(executable)
    }
}
