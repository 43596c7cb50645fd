import Foundation
import Synchronization
import Testing
@testable import TutorGrading

/// The pool's invariant: at most a lane's slots run at once, whatever the cores, and a
/// submission waiting for its tests never holds a slot they need.
@Suite struct WorkerPoolTests {
    /// Counts jobs running at once, and the most seen.
    final class Overlap: Sendable {
        private let state = Mutex((now: 0, most: 0))
        func enter() { state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
        func leave() { state.withLock { $0.now -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test(arguments: [1, 3, 8])
    func runsExactlyTheTestSlotsAtOnceEvenBeyondTheCores(slots: Int) {
        let pool = WorkerPool(tests: slots)
        let overlap = Overlap()
        let results = pool.map(Array(0..<24)) { value in
            overlap.enter()
            Thread.sleep(forTimeInterval: 0.02)
            overlap.leave()
            return value * 2
        }
        #expect(results == (0..<24).map { $0 * 2 })
        #expect(overlap.most == slots)
    }

    @Test func submissionsWaitingForTheirTestsLeaveTheTestSlotsFree() {
        let pool = WorkerPool(tests: 1, submissions: 3)
        let tests = Overlap()
        let totals = pool.map(Array(0..<6), lane: .submissions) { submission in
            pool.map(Array(0..<4)) { test in
                tests.enter()
                Thread.sleep(forTimeInterval: 0.002)
                tests.leave()
                return submission * 10 + test
            }.reduce(0, +)
        }
        #expect(totals == (0..<6).map { $0 * 40 + 6 })
        #expect(tests.most == 1)
    }

    @Test func submissionsRunBelowTheTestsPriority() {
        let nice = { @Sendable (_: Int) in getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        let base = nice(0)
        let pool = WorkerPool(tests: 2, submissions: 2)
        #expect(pool.map([0, 1, 2], nice) == [base, base, base])
        #expect(pool.map([0, 1, 2], lane: .submissions, nice) == [10, 10, 10])
    }

    @Test func aLaneWithoutSlotsRunsOnTheCallersThread() {
        let pool = WorkerPool(tests: 2)
        let caller = pthread_self()
        let onCaller = pool.map([1, 2, 3], lane: .submissions) { _ in pthread_equal(pthread_self(), caller) != 0 }
        #expect(onCaller == [true, true, true])
    }
}
