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
        #expect(Self.thread("S", Self.untimedFutex).sleepsForGood(.x86_64))
        #expect(Self.thread("S", Self.sigsuspend).sleepsForGood(.x86_64))
        #expect(Self.thread("S", "34 0x0 0x0 0x0 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(.x86_64))
        #expect(!Self.thread("S", Self.timedFutex).sleepsForGood(.x86_64), "a wait with a timeout ends by itself")
        #expect(!Self.thread("S", "230 0x1 0x0 0x7ff 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(.x86_64), "clock_nanosleep ends by itself")
        #expect(!Self.thread("S", "232 0x4 0x7ff 0x400 0xffffffff 0x0 0x0 0x7ff 0x7fa").sleepsForGood(.x86_64), "epoll_wait serves timers and descriptors")
        #expect(!Self.thread("S", "0 0x3 0x7ff 0x1000 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(.x86_64), "a read can be ended by a write")
        #expect(!Self.thread("R", Self.untimedFutex).sleepsForGood(.x86_64), "woken, about to run")
        #expect(!Self.thread("D", Self.untimedFutex).sleepsForGood(.x86_64))
        #expect(!Self.thread("R", "running").sleepsForGood(.x86_64))
        #expect(!Self.thread("S", Self.untimedFutex, pending: "0000000000004000").sleepsForGood(.x86_64), "a signal is on its way")
        #expect(!Self.thread("S", "202 0x7f0 0x81 0x1 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(.x86_64), "FUTEX_WAKE is no wait")
    }

    @Test func onAarch64TheSameSleepsHaveOtherNumbers() {
        let calls = StallProbe.SleepCalls.aarch64
        #expect(Self.thread("S", "98 0x7f0 0x189 0x0 0x0 0x0 0xffffffff 0x7ff 0x7fa").sleepsForGood(calls), "an untimed futex wait")
        #expect(Self.thread("S", "133 0x55c 0x8 0x10 0x7f1 0x400 0x0 0x7ff 0x7fa").sleepsForGood(calls), "rt_sigsuspend, which glibc's pause is there")
        #expect(!Self.thread("S", "98 0x7f0 0x80 0x0 0x7f1b30 0x0 0x0 0x7ff 0x7fa").sleepsForGood(calls), "a futex wait with a timeout ends by itself")
        #expect(!Self.thread("S", Self.untimedFutex).sleepsForGood(calls), "202 is accept on aarch64, not futex")
        #expect(!Self.thread("S", "34 0x0 0x0 0x0 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(calls), "34 is mkdirat on aarch64, not pause")
        #expect(!Self.thread("S", "130 0x0 0x0 0x0 0x0 0x0 0x0 0x7ff 0x7fa").sleepsForGood(calls), "130 is tkill on aarch64, not rt_sigsuspend")
    }

    @Test func thisMachinesCallsAreKnownWhereTheToolchainBuilds() {
        #if arch(x86_64)
        #expect(StallProbe.SleepCalls.current == .x86_64)
        #elseif arch(arm64)
        #expect(StallProbe.SleepCalls.current == .aarch64)
        #else
        #expect(StallProbe.SleepCalls.current == nil)
        #endif
    }

    @Test func theTreeMustBeAChainBelowTheSpawnedProgram() {
        // bubblewrap 10, its reaper 11, the runner 12.
        #expect(StallProbe.Reading.chain(from: 10, children: [10: [11], 11: [12], 12: []]) == [10, 11, 12])
        #expect(StallProbe.Reading.chain(from: 10, children: [10: [11], 11: [12, 13], 12: [], 13: []]) == nil, "the reaper has an orphan besides the runner")
        #expect(StallProbe.Reading.chain(from: 10, children: [10: [11], 11: [12], 12: [13], 13: []]) == [10, 11, 12, 13], "a child of the runner ends the chain, and has no runner threads")
        #expect(StallProbe.Reading.chain(from: 10, children: [11: [12]]) == nil, "the program is gone")
        #expect(StallProbe.Reading.chain(from: 10, children: nil) == nil, "a children file could not be read")
    }

    static let stuck = StallProbe.Reading(
        chain: [10, 11, 12], waiterPresent: true,
        others: [thread("S", sigsuspend, id: 2), thread("S", untimedFutex, id: 4)],
        sharedPendingSignals: "0000000000000000", caughtSignals: "0000000180000000", posixTimers: ""
    )

    @Test func aReadingIsStuckOnlyWhenNoThreadAndNoSignalCanWakeAnything() {
        #expect(Self.stuck.isStuck(.x86_64))
        var other = Self.stuck
        other.waiterPresent = false
        #expect(!other.isStuck(.x86_64), "the announced thread is not there")
        other = Self.stuck
        other.sharedPendingSignals = "0000000000002000"
        #expect(!other.isStuck(.x86_64))
        other = Self.stuck
        other.posixTimers = "ID: 0\nsignal: 14/0000000000000000\n"
        #expect(!other.isStuck(.x86_64))
        other = Self.stuck
        other.caughtSignals = "0000000180000020"
        #expect(!other.isStuck(.x86_64), "a SIGIO handler: the grader draining an O_ASYNC pipe would run it")
        other = Self.stuck
        other.others[1] = Self.thread("S", Self.timedFutex, id: 4)
        #expect(!other.isStuck(.x86_64), "thread 4 will wake at its timeout")
    }

    @Test func statusFieldsAreReadByName() {
        let status = "Name:\trunner\nNSpid:\t4312\t2\nSigPnd:\t0000000000000000\nvoluntary_ctxt_switches:\t7\n"
        #expect(StallProbe.field("NSpid", in: status) == ["4312", "2"])
        #expect(StallProbe.field("SigPnd", in: status) == ["0000000000000000"])
        #expect(StallProbe.field("Missing", in: status) == [])
    }
}

@Suite struct StallWatchTests {
    static func line(_ kind: String, nonce: String = "s3cret", wait: Int? = nil, thread: Int32? = nil) -> String {
        let fields = [wait.map { ",\"wait\":\($0)" }, thread.map { ",\"thread\":\($0)" }].compactMap { $0 }.joined()
        return "{\"nonce\":\"\(nonce)\",\"kind\":\"\(kind)\"\(fields)}\n"
    }

    @Test func followsTheWaitAnnouncedLastAndIgnoresForgedRecords() {
        var watch = StallWatch(secret: "s3cret")
        var channel = Array(Self.line("constructed").utf8)
        watch.observe(channel)
        #expect(watch.openWait == nil)
        channel += Array(Self.line("waiting", nonce: "guess", wait: 1, thread: 9).utf8)
        watch.observe(channel)
        #expect(watch.openWait == nil, "a record without the secret announces nothing")
        channel += Array(Self.line("waiting", wait: 1, thread: 3).utf8)
        watch.observe(channel)
        #expect(watch.openWait == StallWatch.Wait(number: 1, thread: 3))
        #expect(watch.records == 2)
        channel += Array(Self.line("waited", wait: 1).utf8)
        watch.observe(channel)
        #expect(watch.openWait == nil)
    }

    @Test func aWaitIsToldOnceAndALineIsReadOnlyOnceComplete() {
        var watch = StallWatch(secret: "s3cret")
        let full = Array(Self.line("waiting", wait: 2, thread: 3).utf8)
        watch.observe(Array(full.dropLast(5)))
        #expect(watch.openWait == nil)
        watch.observe(full)
        #expect(watch.openWait?.number == 2)
        watch.told(1)
        #expect(watch.openWait?.number == 2, "a notice for another wait closes nothing")
        watch.told(2)
        #expect(watch.openWait == nil)
        watch.observe(full)
        #expect(watch.records == 1, "nothing is read twice")
    }

    @Test func looksAreSpacedAndOnlyWhileAWaitIsOpen() {
        var watch = StallWatch(secret: "s3cret")
        let start = ContinuousClock.now
        let beforeAnyWait = watch.isLookDue(at: start)
        watch.observe(Array(Self.line("waiting", wait: 1, thread: 3).utf8))
        let first = watch.isLookDue(at: start)
        let tooSoon = watch.isLookDue(at: start + .milliseconds(50))
        let next = watch.isLookDue(at: start + StallWatch.lookInterval)
        #expect(!beforeAnyWait)
        #expect(first)
        #expect(!tooSoon)
        #expect(next)
    }
}

/// The probe and the notice on real processes: python3 stands in for a runner whose main
/// thread announces wait 1 and waits for a lock in slices, looking for the notice between
/// them. Exit 0: the lock came; 3: told the wait is stuck; 4: the deadline passed.
@Suite struct StuckWaitNoticeTests {
    let runner = PosixProcessRunner()

    func run(_ script: String, watchesWaits: Bool = true) throws -> ProcessOutcome {
        let prelude = """
        import json, os, signal, sys, threading, time
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        secret = os.read(4, 256).decode().strip()
        lock = threading.Lock()
        lock.acquire()
        try:
            os.set_blocking(5, False)
        except OSError:
            pass
        def told():
            try:
                return b"1" in os.read(5, 64).split()
            except OSError:
                return False
        def record(kind, nonce=secret):
            os.write(3, (json.dumps({"nonce": nonce, "kind": kind, "wait": 1, "thread": threading.get_native_id()}) + "\\n").encode())
        def wait_for_lock(nonce=secret, seconds=1.0):
            record("waiting", nonce)
            deadline = time.monotonic() + seconds
            code = 4
            while time.monotonic() < deadline:
                if lock.acquire(timeout=0.02):
                    code = 0
                    break
                if told():
                    code = 0 if lock.acquire(blocking=False) else 3
                    break
            record("waited", nonce)
            sys.exit(code)

        """
        var request = ProcessRequest(executable: "/usr/bin/python3", arguments: ["-c", prelude + script], environment: [:], wallClockLimit: .seconds(10), secret: "s3cret")
        request.watchesWaits = watchesWaits
        return try runner.run(request)
    }

    @Test func aWaitNothingCanEndIsToldAtOnce() throws {
        let outcome = try run("wait_for_lock()")
        #expect(outcome.termination == .exited(3), "\(outcome.outputText)")
        #expect(outcome.stuckWaits == 1)
        #expect(outcome.duration < .milliseconds(900))
    }

    @Test func aThreadThatWillWakeByItselfLetsTheWaitGoOn() throws {
        for nap in ["time.sleep(0.4)", "threading.Event().wait(0.4)"] {
            let outcome = try run("""
            def later():
                \(nap)
                lock.release()
            threading.Thread(target=later).start()
            wait_for_lock()
            """)
            // The grader may still tell, once the napping thread has let go and ended; the
            // waiter looks at the lock again before it believes a notice.
            #expect(outcome.termination == .exited(0), "\(nap)")
        }
    }

    @Test func aSignalHandlerAForgedAnnouncementOrNoWatchTellsNothing() throws {
        let handler = try run("signal.signal(signal.SIGIO, lambda number, frame: None)\nwait_for_lock()")
        #expect(handler.termination == .exited(4), "a caught SIGIO could still wake it")
        let forged = try run("wait_for_lock('guess')")
        #expect(forged.termination == .exited(4))
        let unwatched = try run("wait_for_lock()", watchesWaits: false)
        #expect(unwatched.termination == .exited(4))
        #expect(handler.stuckWaits + forged.stuckWaits + unwatched.stuckWaits == 0)
    }
}
