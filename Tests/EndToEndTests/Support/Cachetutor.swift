import Foundation
import TutorTestSupport

/// Runs the built `cachetutor` binary the way a user would, for end-to-end tests.
///
///     let result = try Cachetutor.run(["quiz", "--lint", "Quizzes"], home: tempHome)
///     #expect(result.status == 0)
enum Cachetutor {
    /// What one run printed and how it ended.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root.
    static let packageRoot = PackageRoot.url

    /// The binary built beside the test bundle, from the same tree (`swift test` builds every
    /// product first). Never another build's: a stale binary would test old code.
    static let binary: URL = {
        let products = Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent()
            : URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = products.appendingPathComponent("cachetutor")
        precondition(
            FileManager.default.isExecutableFile(atPath: beside.path),
            "no cachetutor beside the test bundle at \(beside.path); run the tests with `swift test`, which builds it"
        )
        return beside
    }()

    /// A fresh, empty folder for `CACHETUTOR_HOME` or a working directory.
    /// The whole source of a mutant of `exercise` in this package: its patch applied to the
    /// reference by `cachetutor exercises mutant`.
    static func mutantSource(_ exercise: String, _ mutant: String) throws -> String {
        let home = try temporaryFolder("mutant")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try run(["exercises", "mutant", exercise, mutant], home: home)
        guard result.status == 0 else { throw MutantSourceError(exercise: exercise, mutant: mutant, stderr: result.stderr) }
        return result.stdout
    }

    struct MutantSourceError: Error, CustomStringConvertible {
        let exercise: String, mutant: String, stderr: String
        var description: String { "cachetutor exercises mutant \(exercise) \(mutant) failed: \(stderr)" }
    }

    static func temporaryFolder(_ label: String = "e2e") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `cachetutor arguments` with `input` on standard input and waits for it.
    ///
    /// The environment is minimal and predictable: no colour, a fixed width, and
    /// `CACHETUTOR_HOME` (and XDG folders) inside `home`, so tests never touch real progress.
    static func run(
        _ arguments: [String],
        input: String = "",
        home: URL,
        workingDirectory: URL? = nil,
        extraEnvironment: [String: String] = [:]
    ) throws -> Result {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "CACHETUTOR_HOME": home.path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache").path,
            "NO_COLOR": "1",
            "COLUMNS": "80",
            "LC_ALL": "C.UTF-8",
            // No background builds from `exercises start` or `learn` (a test that wants one says so).
            "CACHETUTOR_PREBUILD": "0",
        ]
        environment.merge(extraEnvironment) { _, new in new }
        let finished = try ChildProcess.run(binary, arguments, environment: environment, workingDirectory: workingDirectory ?? packageRoot, input: input)
        return Result(status: finished.status, stdout: finished.stdout, stderr: finished.stderr)
    }
}
