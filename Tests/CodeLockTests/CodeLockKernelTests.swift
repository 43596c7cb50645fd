import Foundation
import Testing
import TutorTestSupport

/// The filter in a real kernel: a small program built from `Sources/CodeLock` engages it,
/// then makes each refused call itself and does the work a correct submission does.
@Suite(.serialized) struct CodeLockKernelTests {
    /// The program's report, line by line (`refused execve 1`, `works threads`), or why it could not run.
    static let report: Result<[String], ProbeError> = Result { () throws(ProbeError) in try runProbe() }

    struct ProbeError: Error, CustomStringConvertible {
        var description: String
    }

    @Test func eachRefusedCallFailsWithEPERMOnceEngaged() throws {
        let lines = try Self.report.get()
        let refused = lines.filter { $0.hasPrefix("locked ") }
        #expect(refused.count >= 30, "\(lines)")
        for line in refused {
            #expect(line.hasSuffix(" errno 1"), "\(line): the call was not refused with EPERM")
        }
    }

    @Test func theSameCallsDoNotFailThatWayWithoutIt() throws {
        let lines = try Self.report.get()
        // Before engaging, these fail for their own reasons (bad arguments) or succeed.
        for name in ["execve", "memfd_create", "mmap-exec", "personality-query"] {
            let line = try #require(lines.first { $0.hasPrefix("open \(name) ") }, "\(lines)")
            #expect(!line.hasSuffix(" errno 1"), "\(line)")
        }
    }

    @Test func onlyTheGateWritesOnTheChannelAndNothingCopiesIt() throws {
        let lines = try Self.report.get()
        for call in ["write", "writev", "send", "dup", "dup2", "dup3", "fcntl-dupfd", "fcntl-dupfd-cloexec"] {
            let line = try #require(lines.first { $0.hasPrefix("locked channel-\(call) ") }, "\(lines)")
            #expect(line.hasSuffix(" errno 1"), "\(line): the call was not refused with EPERM")
        }
        for work in ["channel-gate", "other-descriptors"] {
            #expect(lines.contains("works \(work)"), "\(work) failed under the lock: \(lines)")
        }
    }

    @Test func correctWorkStillRunsUnderTheLock() throws {
        let lines = try Self.report.get()
        for work in ["threads", "dispatch", "foundation", "memory", "holds", "process-refused", "bundle-refused"] {
            #expect(lines.contains("works \(work)"), "\(work) failed under the lock: \(lines)")
        }
    }

    static func runProbe() throws(ProbeError) -> [String] {
        guard let swiftc = ["/usr/bin/swiftc"].first(where: FileManager.default.isExecutableFile(atPath:))
            ?? (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map({ "\($0)/swiftc" }).first(where: FileManager.default.isExecutableFile(atPath:))
        else { throw ProbeError(description: "swiftc is not on the PATH") }
        do {
            let folder = try TemporaryCourse.folder("code-lock")
            defer { try? FileManager.default.removeItem(at: folder) }
            let program = folder.appendingPathComponent("probe")
            // The runner's channel gate, from the toolchain's clang beside swiftc, as the grader builds it.
            let clang = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("clang")
            let gate = folder.appendingPathComponent("ChannelGate.o")
            let glue = try ChildProcess.run(clang, [
                "-c", "-O1", "-fPIC", "-Wall", "-Werror", "-o", gate.path, PackageRoot.appending("Sources/Harness/AccessCheck/ChannelGate.c").path,
            ], deadline: 120)
            guard glue.status == 0 else { throw ProbeError(description: "the channel gate did not compile: \(glue.stderr)") }
            let build = try ChildProcess.run(URL(fileURLWithPath: swiftc), [
                "-module-name", "CodeLockProbe", "-o", program.path,
                PackageRoot.appending("Sources/CodeLock/CodeLock.swift").path,
                PackageRoot.appending("Tests/CodeLockTests/Probe/main.swift").path,
                gate.path,
            ], deadline: 300)
            guard build.status == 0 else { throw ProbeError(description: "the probe did not compile: \(build.stderr)") }
            let run = try ChildProcess.run(program, [], workingDirectory: folder, deadline: 60)
            guard run.status == 0 else { throw ProbeError(description: "the probe ended with \(run.status): \(run.stdout) \(run.stderr)") }
            return run.stdout.split(separator: "\n").map(String.init)
        } catch let error as ProbeError {
            throw error
        } catch {
            throw ProbeError(description: "\(error)")
        }
    }
}
