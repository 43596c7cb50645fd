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
/// Jobs run on one of two lanes, each with its own number of slots. Grading a class, a
/// submission's job (compile, then wait for its tests) runs on the ``Lane/submissions``
/// lane and puts its tests on the ``Lane/tests`` lane of the same pool; since the lanes
/// never lend each other slots, a submission waiting for its tests can never hold a slot
/// one of them needs. Invariant: at most `slots(lane)` jobs of a lane run at once, and the
/// jobs of a lane start in the order they were submitted.
///
///     let pool = WorkerPool(tests: 8)
///     let squares = pool.map(Array(1...19)) { $0 * $0 }   // at most 8 at once
///
/// `map` blocks its caller until every job is done. A job may call `map` on its own pool
/// only for the other lane: a test job must never wait for tests.
public final class WorkerPool: Sendable {
    /// What a job is, which decides the slots it competes for.
    public enum Lane: Int, Sendable, CaseIterable {
        /// One hidden test's process.
        case tests
        /// One submission of a class: its compile and the wait for its tests.
        case submissions
    }

    /// What the workers share; they hold it, not the pool, so the pool can end them.
    private final class Queue: Sendable {
        struct State {
            var waiting: [[@Sendable () -> Void]] = Lane.allCases.map { _ in [] }
            var running: [Int] = Lane.allCases.map { _ in 0 }
            var stopped = false
        }

        let slots: [Int]
        let state = Mutex(State())
        let changed = NSCondition()

        init(slots: [Int]) { self.slots = slots }

        /// The next job with a free slot on its lane, taking the slot; nil when there is none.
        func next(_ state: inout State) -> (Lane, @Sendable () -> Void)? {
            for lane in Lane.allCases where state.running[lane.rawValue] < slots[lane.rawValue] && !state.waiting[lane.rawValue].isEmpty {
                state.running[lane.rawValue] += 1
                return (lane, state.waiting[lane.rawValue].removeFirst())
            }
            return nil
        }

        func work() {
            while true {
                changed.lock()
                var taken: (Lane, @Sendable () -> Void)?
                while taken == nil {
                    let (job, stop) = state.withLock { state in (next(&state), state.stopped && state.waiting.allSatisfy(\.isEmpty)) }
                    if let job { taken = job; break }
                    if stop { changed.unlock(); return }
                    changed.wait()
                }
                changed.unlock()
                guard let (lane, job) = taken else { return }
                job()
                changed.lock()
                state.withLock { $0.running[lane.rawValue] -= 1 }
                changed.broadcast()
                changed.unlock()
            }
        }

        func submit(_ job: @escaping @Sendable () -> Void, on lane: Lane) {
            changed.lock()
            state.withLock { $0.waiting[lane.rawValue].append(job) }
            changed.broadcast()
            changed.unlock()
        }
    }

    private let queue: Queue

    /// Starts one worker per slot: `tests` (at least one) for tests and `submissions` for
    /// submissions in flight; they end when the pool does.
    public init(tests: Int, submissions: Int = 0) {
        let slots = [max(1, tests), max(0, submissions)]
        queue = Queue(slots: slots)
        for _ in 0..<slots.reduce(0, +) {
            let worker = Thread { [queue] in queue.work() }
            worker.stackSize = 1 << 20
            worker.start()
        }
    }

    /// The slots of `lane`.
    public func slots(_ lane: Lane) -> Int { queue.slots[lane.rawValue] }

    deinit {
        queue.changed.lock()
        queue.state.withLock { $0.stopped = true }
        queue.changed.broadcast()
        queue.changed.unlock()
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
            queue.submit({
                let result = body(element)
                results.withLock { $0[index] = result }
                done.leave()
            }, on: lane)
        }
        done.wait()
        return results.withLock { $0.compactMap { $0 } }
    }
}
