import Foundation
import Testing
@testable import TutorGrading

@Suite struct PosixProcessRunnerTests {
    let runner = PosixProcessRunner()

    @Test func capturesOutputAndStatus() throws {
        let outcome = try runner.run(ProcessRequest(executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"], environment: [:]))
        #expect(outcome.termination == .exited(3))
        #expect(outcome.outputText.contains("out"))
        #expect(outcome.outputText.contains("err"))
        #expect(!outcome.timedOut)
    }

    @Test func theEnvironmentIsOnlyWhatWasGivenAndStdinIsEmpty() throws {
        let outcome = try runner.run(ProcessRequest(executable: "/bin/sh", arguments: ["-c", "env; cat"], environment: ["ONLY": "this"]))
        let lines = outcome.outputText.split(separator: "\n").filter { !$0.hasPrefix("PWD=") && !$0.hasPrefix("SHLVL=") && !$0.hasPrefix("_=") }
        #expect(lines == ["ONLY=this"])
    }

    @Test func aHangIsKilledWithItsWholeProcessGroup() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("runner-\(UUID().uuidString)").path
        let start = ContinuousClock.now
        let outcome = try runner.run(ProcessRequest(
            executable: "/bin/sh",
            arguments: ["-c", "(sleep 1; touch \(marker)) & sleep 30"],
            environment: ["PATH": "/usr/bin:/bin"],
            wallClockLimit: .milliseconds(300)
        ))
        #expect(outcome.timedOut)
        #expect(outcome.termination == .signaled(SIGKILL))
        #expect(ContinuousClock.now - start < .seconds(3))
        Thread.sleep(forTimeInterval: 1.5)
        #expect(!FileManager.default.fileExists(atPath: marker), "the background child outlived the run")
    }

    /// The watchdog for tests no control group caps: a child (here a grandchild, which the
    /// tree counts too) that grows past the resident limit is killed long before its deadline.
    @Test func residentMemoryOverTheLimitIsKilled() throws {
        var request = ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "sh -c 'x=$(head -c 300000000 /dev/zero | tr \"\\\\000\" a); sleep 20'; sleep 20"],
            environment: ["PATH": "/usr/bin:/bin"], wallClockLimit: .seconds(20)
        )
        request.residentMemoryLimit = 64 << 20
        let start = ContinuousClock.now
        let outcome = try runner.run(request)
        #expect(outcome.overMemory)
        #expect(!outcome.timedOut)
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(try runner.run(ProcessRequest(executable: "/bin/sh", arguments: ["-c", "true"], environment: [:])).overMemory == false)
    }

    /// Page tables count as memory held: reading one byte every 2 MiB of a 64 GiB mapping
    /// of zeroes keeps a few MB resident but makes 128 MB of page tables (red team, round
    /// 10: 1.5 GB of them in one test that the watchdog never saw).
    @Test func pageTablesCountAgainstTheLimit() throws {
        let script = """
        import mmap, time
        size = 64 << 30
        m = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x4000, prot=mmap.PROT_READ)
        total = sum(m[i] for i in range(0, size, 2 << 20))
        time.sleep(20)
        """
        var request = ProcessRequest(executable: "/usr/bin/python3", arguments: ["-c", script], environment: [:], wallClockLimit: .seconds(20))
        request.residentMemoryLimit = 64 << 20
        let start = ContinuousClock.now
        let outcome = try runner.run(request)
        #expect(outcome.overMemory, "\(outcome.outputText)")
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func heldMemoryIsResidentPagesAndPageTables() {
        let status = "Name:\tpython3\nVmPeak:\t 67117000 kB\nVmRSS:\t    8300 kB\nRssAnon:\t 3000 kB\nVmPTE:\t  131392 kB\nThreads:\t1\n"
        #expect(ResidentMemory.heldBytes(status: status) == (8300 + 131_392) * 1024)
        #expect(ResidentMemory.heldBytes(status: "Name:\tkthreadd\nVmPTE:\t0 kB\n") == nil)
    }

    @Test func aFloodIsCappedWithoutBlockingTheChild() throws {
        let outcome = try runner.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "yes flood | head -c 5000000; echo done >&2"],
            environment: ["PATH": "/usr/bin:/bin"], wallClockLimit: .seconds(20), outputLimit: 1000
        ))
        #expect(outcome.termination == .exited(0))
        #expect(outcome.output.count == 1000)
        #expect(outcome.outputTruncated)
    }

    @Test func theSecretArrivesOnDescriptor4AndResultsComeBackOn3() throws {
        let outcome = try runner.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "read secret <&4; echo \"got $secret\" >&3; echo visible"],
            environment: [:], secret: "abc123"
        ))
        #expect(String(decoding: outcome.channel, as: UTF8.self) == "got abc123\n")
        #expect(outcome.outputText == "visible\n")
    }

    /// A test runs as the grader's own user unless the grader is root, and a pipe of one's
    /// own user can be reopened through /proc/self/fd: reading the result channel that way
    /// would hand the code under test the records' secret. The channel and the notices are
    /// sockets, which cannot be reopened by anyone.
    @Test func theChannelAndTheNoticesCannotBeReopenedThroughProc() throws {
        var request = ProcessRequest(
            executable: "/bin/sh",
            arguments: ["-c", "read secret <&4; (exec 6</proc/self/fd/3) 2>/dev/null && echo channel-reopened; (exec 7>/proc/self/fd/5) 2>/dev/null && echo notices-reopened; echo done"],
            environment: [:], secret: "s3cret"
        )
        request.watchesWaits = true
        let outcome = try runner.run(request)
        #expect(outcome.outputText == "done\n")
    }

    @Test func theChildInheritsNoOtherDescriptors() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fd-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: file.path, contents: Data())
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close(); try? FileManager.default.removeItem(at: file) }
        let outcome = try runner.run(ProcessRequest(executable: "/bin/ls", arguments: ["/proc/self/fd"], environment: [:], secret: "x"))
        let descriptors = outcome.outputText.split(separator: "\n").compactMap { Int($0) }.filter { $0 > 4 }
        #expect(descriptors.count <= 1, "only ls's own directory descriptor may be above 4: \(descriptors)")
    }
}
