import Foundation
import Testing
import TutorTestSupport

/// The tests' own way of starting programs, under the load the end-to-end suites put on it:
/// many threads starting children at once, some of which run long.
@Suite struct ChildProcessTests {
    /// A short child started beside long ones is seen to end when it ends. With Foundation's
    /// `Process`, a long child started in the same moment could inherit the short one's ends,
    /// and the short one was not seen to end until the long one did.
    @Test func aShortChildIsNotHeldByALongOneStartedBesideIt() throws {
        let sleep = URL(fileURLWithPath: "/bin/sleep"), shell = URL(fileURLWithPath: "/bin/sh")
        let sleepers = SleeperList()
        defer { sleepers.stopAll() }
        let outcomes = Outcomes()
        let threads = (0..<16).map { thread in
            Thread {
                for round in 0..<40 {
                    do {
                        if thread % 4 == 0 {
                            sleepers.add(try ChildProcess.start(sleep, ["600"]))
                        } else {
                            outcomes.add(try ChildProcess.run(shell, ["-c", "echo \(round)"], deadline: 20))
                        }
                    } catch {
                        outcomes.add(error)
                    }
                }
                outcomes.threadEnded()
            }
        }
        threads.forEach { $0.start() }
        let ran = outcomes.waitForThreads(threads.count)
        #expect(ran.errors.isEmpty, "\(ran.errors)")
        #expect(ran.finished.count == 12 * 40)
        for finished in ran.finished {
            #expect(!finished.timedOut, "\(finished.stderr)")
            #expect(finished.status == 0 && finished.stdout.hasSuffix("\n"))
        }
    }

    /// A long child that closes the descriptors it inherited, as a daemon does, does not hold
    /// back another child's end. With Foundation's `Process`, the one thread that waits for
    /// every child waited for it instead, and `echo` was seen to end only when it did (CI:
    /// six children at once passed a 20 s deadline).
    @Test func aChildThatClosesWhatItInheritedDoesNotHoldAnother() throws {
        let ready = FileManager.default.temporaryDirectory.appendingPathComponent("closer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: ready) }
        let closer = try ChildProcess.start(URL(fileURLWithPath: "/bin/bash"), [
            "-c", "for fd in /proc/$$/fd/*; do n=${fd##*/}; [ \"$n\" -gt 2 ] && eval \"exec $n>&-\"; done; : > \"$0\"; sleep 30",
            ready.path,
        ])
        defer {
            closer.signal(SIGKILL)
            closer.wait()
        }
        let started = Date()
        while !FileManager.default.fileExists(atPath: ready.path), Date().timeIntervalSince(started) < 20 { usleep(10_000) }
        let echo = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo seen"], deadline: 10)
        #expect(!echo.timedOut && echo.stdout == "seen\n", "\(echo.stderr)")
        #expect(closer.isRunning)
    }

    /// Input larger than a pipe holds reaches a child that reads it all, while its output,
    /// larger still, is drained; and a child that reads none of it ends normally.
    @Test func largeInputAndOutputFlowBothWays() throws {
        let input = String(repeating: "abcdefgh\n", count: 50_000)
        let copied = try ChildProcess.run(URL(fileURLWithPath: "/bin/cat"), [], input: input, deadline: 20)
        #expect(copied.status == 0 && copied.stdout == input)
        let ignored = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec 0<&-; echo done"], input: input, deadline: 20)
        #expect(ignored.status == 0 && ignored.stdout == "done\n", "\(ignored.stderr)")
    }

    private final class Outcomes: @unchecked Sendable {
        private let condition = NSCondition()
        private var finished: [ChildProcess.Finished] = [], errors: [String] = [], ended = 0

        func add(_ one: ChildProcess.Finished) { condition.withLock { finished.append(one) } }
        func add(_ error: any Error) { condition.withLock { errors.append("\(error)") } }

        func threadEnded() {
            condition.withLock {
                ended += 1
                condition.broadcast()
            }
        }

        func waitForThreads(_ count: Int) -> (finished: [ChildProcess.Finished], errors: [String]) {
            condition.withLock {
                while ended < count { condition.wait() }
                return (finished, errors)
            }
        }
    }

    private final class SleeperList: @unchecked Sendable {
        private let lock = NSLock()
        private var running: [ChildProcess.Running] = []

        func add(_ child: ChildProcess.Running) { lock.withLock { running.append(child) } }

        func stopAll() {
            lock.withLock { running }.forEach { child in
                child.signal(SIGKILL)
                child.wait()
            }
        }
    }
}
