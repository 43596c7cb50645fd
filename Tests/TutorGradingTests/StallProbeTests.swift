import Foundation
import Testing
@testable import TutorGrading

@Suite struct StallProbeTests {
    typealias ThreadState = StallProbe.ThreadState

    static func thread(_ state: Character, _ call: String, id: Int32 = 5, pending: String = "0000000000000000") -> ThreadState {
        ThreadState(state: state, call: call.split(separator: " ").map(String.init), switches: ["3", "1"], pendingSignals: pending, innerID: id)
    }

    static let untimedFutex = "202 0x7f0 0x189 0x0 0x0 0x0 0xffffffff 0x7ff 0x7fa"
    static let timedFutex = "202 0x7f0 0x80 0x0 0x7f1b30 0x0 0x0 0x7ff 0x7fa"
    static let sigsuspend = "130 0x55c 0x8 0x10 0x7f1 0x400 0x0 0x7ff 0x7fa"

    @Test func onlyAnUntimedWaitOrAWaitForASignalSleepsForGood() {
        #expect(Self.thread("S", Self.untimedFutex).sleepsForGood(isWaiter: false))
        #expect(Self.thread("S", Self.sigsuspend).sleepsForGood(isWaiter: false))
        #expect(Self.thread("S", "34 0x0 0x0 0x0 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(isWaiter: false))
        #expect(!Self.thread("S", Self.timedFutex).sleepsForGood(isWaiter: false), "a wait with a timeout ends by itself")
        #expect(!Self.thread("S", "230 0x1 0x0 0x7ff 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(isWaiter: false), "clock_nanosleep ends by itself")
        #expect(!Self.thread("S", "232 0x4 0x7ff 0x400 0xffffffff 0x0 0x0 0x7ff 0x7fa").sleepsForGood(isWaiter: false), "epoll_wait serves timers and descriptors")
        #expect(!Self.thread("S", "0 0x3 0x7ff 0x1000 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(isWaiter: false), "a read can be ended by a write")
        #expect(!Self.thread("R", Self.untimedFutex).sleepsForGood(isWaiter: false), "woken, about to run")
        #expect(!Self.thread("D", Self.untimedFutex).sleepsForGood(isWaiter: false))
        #expect(!Self.thread("R", "running").sleepsForGood(isWaiter: false))
        #expect(!Self.thread("S", Self.untimedFutex, pending: "0000000000004000").sleepsForGood(isWaiter: false), "a signal is on its way")
        #expect(!Self.thread("S", "202 0x7f0 0x81 0x1 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(isWaiter: false), "FUTEX_WAKE is no wait")
    }

    @Test func theWaiterMaySleepInItsOwnBoundedWaitButNothingElse() {
        #expect(Self.thread("S", Self.timedFutex).sleepsForGood(isWaiter: true))
        #expect(Self.thread("S", Self.untimedFutex).sleepsForGood(isWaiter: true))
        #expect(!Self.thread("S", Self.sigsuspend).sleepsForGood(isWaiter: true))
        #expect(!Self.thread("R", "running").sleepsForGood(isWaiter: true))
    }

    @Test func theTreeMustBeAChainBelowTheSpawnedProgram() {
        // bubblewrap 10, its reaper 11, the runner 12; 99 is some other process.
        #expect(StallProbe.Reading.chain(from: 10, parents: [10: 1, 11: 10, 12: 11, 99: 1]) == [10, 11, 12])
        #expect(StallProbe.Reading.chain(from: 10, parents: [10: 1, 11: 10, 12: 11, 13: 11]) == nil, "the reaper has an orphan besides the runner")
        #expect(StallProbe.Reading.chain(from: 10, parents: [10: 1, 11: 10, 12: 11, 13: 12]) == [10, 11, 12, 13], "a child of the runner ends the chain, and has no runner threads")
        #expect(StallProbe.Reading.chain(from: 10, parents: [11: 1]) == nil, "the program is gone")
    }

    @Test func aReadingIsStuckOnlyWithTheWaiterPresentAndNothingPending() {
        let threads = [Self.thread("S", Self.sigsuspend, id: 2), Self.thread("S", Self.timedFutex, id: 3), Self.thread("S", Self.untimedFutex, id: 4)]
        let stuck = StallProbe.Reading(chain: [10, 11, 12], threads: threads, waiter: 3, sharedPendingSignals: "0000000000000000", posixTimers: "")
        #expect(stuck.isStuck)
        var other = stuck
        other.waiter = 7
        #expect(!other.isStuck, "the announced thread is not there")
        other = stuck
        other.sharedPendingSignals = "0000000000002000"
        #expect(!other.isStuck)
        other = stuck
        other.posixTimers = "ID: 0\nsignal: 14/0000000000000000\n"
        #expect(!other.isStuck)
        other = stuck
        other.threads[2] = Self.thread("S", Self.timedFutex, id: 4)
        #expect(!other.isStuck, "thread 4 will wake at its timeout")
    }

    @Test func statusFieldsAreReadByName() {
        let status = "Name:\trunner\nNSpid:\t4312\t2\nSigPnd:\t0000000000000000\nvoluntary_ctxt_switches:\t7\n"
        #expect(StallProbe.field("NSpid", in: status) == ["4312", "2"])
        #expect(StallProbe.field("SigPnd", in: status) == ["0000000000000000"])
        #expect(StallProbe.field("Missing", in: status) == [])
    }
}

@Suite struct StallWatchTests {
    static func line(_ kind: String, nonce: String = "s3cret", thread: Int32? = nil) -> String {
        let thread = thread.map { ",\"thread\":\($0)" } ?? ""
        return "{\"nonce\":\"\(nonce)\",\"kind\":\"\(kind)\",\"message\":\"m\"\(thread)}\n"
    }

    @Test func followsTheWaitAnnouncedLastAndIgnoresForgedRecords() {
        var watch = StallWatch(secret: "s3cret")
        var channel = Array(Self.line("constructed").utf8)
        watch.observe(channel)
        #expect(watch.waiter == nil)
        channel += Array(Self.line("waiting", nonce: "guess", thread: 9).utf8)
        watch.observe(channel)
        #expect(watch.waiter == nil, "a record without the secret announces nothing")
        channel += Array(Self.line("waiting", thread: 3).utf8)
        watch.observe(channel)
        #expect(watch.waiter == 3)
        #expect(watch.records == 2)
        channel += Array(Self.line("waited").utf8)
        watch.observe(channel)
        #expect(watch.waiter == nil)
    }

    @Test func aLineIsReadOnlyOnceComplete() {
        var watch = StallWatch(secret: "s3cret")
        let full = Array(Self.line("waiting", thread: 3).utf8)
        watch.observe(Array(full.dropLast(5)))
        #expect(watch.waiter == nil)
        watch.observe(full)
        #expect(watch.waiter == 3)
        #expect(watch.records == 1)
        watch.observe(full)
        #expect(watch.records == 1, "nothing is read twice")
    }

    @Test func looksAreSpacedAndOnlyWhileAWaitIsOpen() {
        var watch = StallWatch(secret: "s3cret")
        let start = ContinuousClock.now
        let beforeAnyWait = watch.isLookDue(at: start)
        watch.observe(Array(Self.line("waiting", thread: 3).utf8))
        let first = watch.isLookDue(at: start)
        let tooSoon = watch.isLookDue(at: start + .milliseconds(50))
        let next = watch.isLookDue(at: start + StallWatch.lookInterval)
        #expect(!beforeAnyWait)
        #expect(first)
        #expect(!tooSoon)
        #expect(next)
    }
}

/// The probe on real processes: python3 stands in for a runner that announces a wait.
@Suite struct StallEndingTests {
    let runner = PosixProcessRunner()

    func run(_ script: String, endsWhenStuck: Bool = true, limit: Duration = .seconds(10)) throws -> ProcessOutcome {
        let prelude = """
        import json, os, threading, time
        secret = os.read(4, 256).decode().strip()
        def announce(nonce=secret):
            os.write(3, (json.dumps({"nonce": nonce, "kind": "waiting", "message": "stuck here", "thread": threading.get_native_id()}) + "\\n").encode())
        lock = threading.Lock()
        lock.acquire()

        """
        var request = ProcessRequest(executable: "/usr/bin/python3", arguments: ["-c", prelude + script], environment: [:], wallClockLimit: limit, secret: "s3cret")
        request.endsWhenStuck = endsWhenStuck
        return try runner.run(request)
    }

    @Test func aProcessWhoseOnlyThreadWaitsForGoodIsEndedAtOnce() throws {
        let outcome = try run("announce()\nlock.acquire()\n")
        #expect(outcome.stalled)
        #expect(!outcome.timedOut)
        #expect(outcome.duration < .seconds(2))
        let report = TestVerdict.parse(channel: outcome.channel, secret: "s3cret")
        #expect(report.openWait == "stuck here")
    }

    @Test func aThreadThatWillWakeByItselfKeepsTheProcessAlive() throws {
        for wake in ["time.sleep(0.5)", "threading.Event().wait(0.5)"] {
            let outcome = try run("""
            def later():
                \(wake)
                lock.release()
            threading.Thread(target=later).start()
            announce()
            lock.acquire()
            """)
            #expect(!outcome.stalled, "\(wake)")
            #expect(outcome.termination == .exited(0), "\(wake)")
        }
    }

    @Test func aForgedAnnouncementOrNoWatchEndsNothingEarly() throws {
        let forged = try run("announce('guess')\nlock.acquire()\n", limit: .milliseconds(800))
        #expect(!forged.stalled)
        #expect(forged.timedOut)
        let unwatched = try run("announce()\nlock.acquire()\n", endsWhenStuck: false, limit: .milliseconds(800))
        #expect(!unwatched.stalled)
        #expect(unwatched.timedOut)
    }
}
