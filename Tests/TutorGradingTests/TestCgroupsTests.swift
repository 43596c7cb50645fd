import Foundation
import Testing
@testable import TutorGrading

/// A control group per test, on this machine's cgroups (v1 as root, as CI runs): the cap is
/// the whole test's, and going over it is seen.
@Suite struct TestCgroupsTests {
    static func groups(memory: Int) -> TestCgroups? {
        var limits = SandboxLimits()
        limits.wholeTestMemoryBytes = memory
        return TestCgroups.prepare(limits: limits, environment: [:])
    }

    @Test(.enabled(if: geteuid() == 0, "only root may make control groups without delegation"))
    func aProcessOverTheCapIsStoppedAndSeenToBe() throws {
        let groups = try #require(Self.groups(memory: 64 << 20), "as root, cgroup v1 or v2 must be usable here")
        defer { groups.remove() }
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile(atPath:))
        let program = try #require(python, "python3 allocates the memory")

        let over = try groups.group(named: "test-over")
        defer { over.remove() }
        let hog = over.wrap(ProcessRequest(executable: program, arguments: ["-c", "x = bytearray(256 << 20); print(len(x))"], environment: [:], wallClockLimit: .seconds(30)))
        #expect(hog.executable == "/bin/sh")
        let ended = try PosixProcessRunner().run(hog)
        #expect(ended.termination == .signaled(SIGKILL) || ended.termination == .exited(137), "\(ended.termination): \(ended.outputText)")
        #expect(over.wentOverMemory)

        let under = try groups.group(named: "test-under")
        defer { under.remove() }
        let small = try PosixProcessRunner().run(under.wrap(ProcessRequest(executable: program, arguments: ["-c", "x = bytearray(8 << 20); print(len(x))"], environment: [:], wallClockLimit: .seconds(30))))
        #expect(small.termination == .exited(0), "\(small.outputText)")
        #expect(!under.wentOverMemory)
    }

    @Test func theyCanBeTurnedOff() {
        #expect(TestCgroups.prepare(limits: SandboxLimits(), environment: ["CACHETUTOR_CGROUP": "none"]) == nil)
    }
}

/// Reading this process's groups, whatever the machine.
@Suite struct OwnGroupsTests {
    @Test func eachControllerAndTheUnifiedHierarchyAreFound() {
        let groups = TestCgroups.ownGroups("9:name=systemd:/\n8:pids:/a\n4:memory:/process_api/0f\n2:cpu,cpuacct:/b\n0::/user.slice/x.scope\n")
        #expect(groups["memory"] == "/process_api/0f")
        #expect(groups["pids"] == "/a")
        #expect(groups["cpuacct"] == "/b")
        #expect(groups[""] == "/user.slice/x.scope")
    }
}
