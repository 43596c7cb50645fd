import Foundation
import Synchronization

/// The one pool of threads behind `-j N`: N slots for test processes, whatever the number
/// of cores, and a few more for submissions being compiled and waited on.
///
/// Dispatch's `concurrentPerform` runs no more iterations at once than there are cores,
/// while a hidden test mostly waits (for its process, a completion, a timeout); so the
/// grader keeps its own threads, which wait in `waitpid` and `poll` at no cost. Each test
/// process keeps its own CPU limit, so N spinning tests cannot take more than they are allowed.
///
/// Jobs run on one of two lanes, each with threads of its own. Grading a class, a
/// submission's job (compile, then wait for its tests) runs on the ``Lane/submissions``
/// lane and puts its tests on the ``Lane/tests`` lane of the same pool; since the lanes
/// never share a thread, a submission waiting for its tests can never hold a thread one of
/// them needs. The submissions lane's threads run at a lower priority (nice 10), and so do
/// the compilers they start (Linux keeps a nice value per thread, and children inherit it):
/// a compile takes the CPU the tests leave, and never delays a test's start. Invariant: at
/// most `slots(lane)` jobs of a lane run at once, in the order they were submitted.
///
///     let pool = WorkerPool(tests: 8)
///     let squares = pool.map(Array(1...19)) { $0 * $0 }   // at most 8 at once
///
/// `map` blocks its caller until every job is done. A job may call `map` on its own pool
/// only for the other lane: a test job must never wait for tests.
public final class WorkerPool: Sendable {
    /// What a job is, which decides the threads it runs on.
    public enum Lane: Int, Sendable, CaseIterable {
        /// One hidden test's process.
        case tests
        /// One submission of a class: its compile and the wait for its tests.
        case submissions
    }

    /// One lane's jobs; its workers hold it, not the pool, so the pool can end them.
    private final class Queue: Sendable {
        struct State {
            var jobs: [@Sendable () -> Void] = []
            var next = 0
            var stopped = false
        }

        let slots: Int
        let state = Mutex(State())
        let available = DispatchSemaphore(value: 0)

        init(slots: Int) { self.slots = slots }

        func work() {
            while true {
                available.wait()
                let job = state.withLock { state -> (@Sendable () -> Void)?? in
                    if state.stopped && state.next == state.jobs.count { return .none }
                    guard state.next < state.jobs.count else { return .some(nil) }
                    defer {
                        state.next += 1
                        // Drops finished jobs once the queue is empty, so it does not grow for ever.
                        if state.next == state.jobs.count { state.jobs.removeAll(keepingCapacity: true); state.next = 0 }
                    }
                    return state.jobs[state.next]
                }
                guard let job else { return }
                job?()
            }
        }

        func submit(_ job: @escaping @Sendable () -> Void) {
            state.withLock { $0.jobs.append(job) }
            available.signal()
        }

        func stop() {
            state.withLock { $0.stopped = true }
            for _ in 0..<slots { available.signal() }
        }
    }

    private let lanes: [Queue]

    /// Starts `tests` workers (at least one) for tests and `submissions` for submissions in
    /// flight; they end when the pool does.
    public init(tests: Int, submissions: Int = 0) {
        lanes = [Queue(slots: max(1, tests)), Queue(slots: max(0, submissions))]
        for lane in Lane.allCases {
            let queue = lanes[lane.rawValue]
            for _ in 0..<queue.slots {
                let worker = Thread {
                    if lane == .submissions { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
                    queue.work()
                }
                worker.stackSize = 1 << 20
                worker.start()
            }
        }
    }

    /// The slots of `lane`.
    public func slots(_ lane: Lane) -> Int { lanes[lane.rawValue].slots }

    deinit {
        for queue in lanes { queue.stop() }
    }

    /// Runs `body` on every element on `lane`, up to that lane's slots at once, and returns
    /// the results in order. A lane without slots runs them on the caller's thread, one by one.
    public func map<Element: Sendable, Result: Sendable>(_ elements: [Element], lane: Lane = .tests,
                                                         _ body: @escaping @Sendable (Element) -> Result) -> [Result] {
        guard slots(lane) > 0 else { return elements.map(body) }
        let results = Mutex<[Result?]>(Array(repeating: nil, count: elements.count))
        let done = DispatchGroup()
        for (index, element) in elements.enumerated() {
            done.enter()
            lanes[lane.rawValue].submit {
                let result = body(element)
                results.withLock { $0[index] = result }
                done.leave()
            }
        }
        done.wait()
        return results.withLock { $0.compactMap { $0 } }
    }
}
