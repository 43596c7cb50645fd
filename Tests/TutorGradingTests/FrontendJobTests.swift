import Foundation
import Synchronization
import Testing
@testable import TutorGrading

/// The frontend job learned from the driver's `-###`, and the cache that keeps it per harness.
@Suite struct FrontendJobTests {
    @Test func theDriversQuotingIsRead() {
        let line = #"/opt/swift/bin/swift-frontend -frontend -c /w/A.swift -load-plugin-executable '/dev/null/none#A,B' -D "x y" a\ b 'it'\''s'"#
        #expect(ShellWords.split(line) == ["/opt/swift/bin/swift-frontend", "-frontend", "-c", "/w/A.swift", "-load-plugin-executable",
                                           "/dev/null/none#A,B", "-D", "x y", "a b", "it's"])
        #expect(ShellWords.split("a 'open") == nil)
        #expect(ShellWords.split("a \"open") == nil)
        #expect(ShellWords.split("  ") == [])
    }

    @Test func theWorkspaceBecomesAToken() throws {
        let printed = "/t/bin/swift-frontend -frontend -c /w/check-1/F.swift -I /w/check-1-other -file-compilation-dir /w/check-1 -o /w/check-1/tsan/F.o\n"
        let job = try #require(FrontendJob.parse(jobs: printed, workspace: "/w/check-1"))
        #expect(job.executable == "/t/bin/swift-frontend")
        let command = job.command(in: "/w/check-2")
        #expect(command.arguments == ["-frontend", "-c", "/w/check-2/F.swift", "-I", "/w/check-1-other", "-file-compilation-dir", "/w/check-2",
                                      "-o", "/w/check-2/tsan/F.o"], "only the workspace itself, or a path inside it, is replaced")
    }

    @Test func anythingButOneFrontendJobIsNotLearned() {
        #expect(FrontendJob.parse(jobs: "", workspace: "/w") == nil)
        #expect(FrontendJob.parse(jobs: "/t/swift-frontend -frontend -c a\n/t/swift-frontend -frontend -c b\n", workspace: "/w") == nil,
                "two jobs (a compile and a link) are the driver's to run")
        #expect(FrontendJob.parse(jobs: "/t/clang -c a.c\n", workspace: "/w") == nil)
        #expect(FrontendJob.parse(jobs: "/t/swift-frontend -modulewrap a\n", workspace: "/w") == nil)
        #expect(FrontendJob.parse(jobs: "/t/swift-frontend -frontend -c 'a\n", workspace: "/w") == nil)
    }

    /// Learned from the real driver once, then read back without it, and the object the
    /// job compiles is the one the driver compiles.
    @Test(.enabled(if: (try? Toolchain.locate(environment: ProcessInfo.processInfo.environment)) != nil))
    func aLearnedJobCompilesWhatTheDriverCompiles() throws {
        let toolchain = try Toolchain.locate(environment: ProcessInfo.processInfo.environment)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frontend-job-\(UUID().uuidString)")
        let workspace = folder.appendingPathComponent("check")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("public func twice(_ x: Int) -> Int { 2 * x }\n".utf8).write(to: workspace.appendingPathComponent("F.swift"))
        let arguments = ["-c", "-parse-as-library", "-module-name", "F", "-Onone", "-o", workspace.path + "/F.o", workspace.path + "/F.swift"]
        let runner = CountingRunner()
        let cache = FrontendJobCache(file: folder.appendingPathComponent(FrontendJobCache.fileName), swiftc: toolchain.swiftc,
                                     runner: runner, environment: ProcessInfo.processInfo.environment)

        let learned = try cache.command(for: arguments, in: workspace)
        #expect(URL(fileURLWithPath: learned.executable).lastPathComponent == "swift-frontend")
        #expect(runner.count == 1)
        #expect(try cache.command(for: arguments, in: workspace) == learned)
        #expect(runner.count == 1, "the second time, the job is read from the harness's folder")

        let byDriver = try PosixProcessRunner().run(ProcessRequest(executable: toolchain.swiftc.path, arguments: arguments,
                                                                  environment: ProcessInfo.processInfo.environment,
                                                                  workingDirectory: workspace.path, wallClockLimit: .seconds(120)))
        #expect(byDriver.termination == .exited(0))
        let driverObject = try Data(contentsOf: workspace.appendingPathComponent("F.o"))
        try FileManager.default.removeItem(at: workspace.appendingPathComponent("F.o"))
        let direct = try PosixProcessRunner().run(ProcessRequest(executable: learned.executable, arguments: learned.arguments,
                                                                environment: ProcessInfo.processInfo.environment,
                                                                workingDirectory: workspace.path, wallClockLimit: .seconds(120)))
        #expect(direct.termination == .exited(0), "\(direct.outputText)")
        #expect(try Data(contentsOf: workspace.appendingPathComponent("F.o")) == driverObject)
    }
}

/// The real runner, counting the processes it starts.
private final class CountingRunner: ProcessRunner {
    private let started = Mutex(0)
    var count: Int { started.withLock { $0 } }

    func run(_ request: ProcessRequest) throws -> ProcessOutcome {
        started.withLock { $0 += 1 }
        return try PosixProcessRunner().run(request)
    }
}
