import Dispatch
import Foundation
import Synchronization

/// The `NSLock` of the learner's file: the adapter writes `typealias NSLock = HandoffLock`,
/// so every `NSLock()` the file makes is one of these. It is Foundation's lock underneath,
/// with the same members (`lock()`, `unlock()`, `try()`, `lock(before:)`, `name`, and
/// `withLock` through `NSLocking`), until a test arms ``LockHandoff``; then the next
/// `unlock()` of any such lock waits, after releasing, until another thread has taken one.
///
/// That makes the moment a check-then-act race on the learner's own table needs certain:
/// a load that looks the in-flight table up under the lock, unlocks, and only then inserts,
/// is stopped right after its check, while a second load takes the lock and checks too.
/// A file whose check and insert are one locked step has inserted before it unlocks, so the
/// second load finds the entry and nothing changes for it.
///
/// A wrapper, not a subclass: Foundation's `NSLock` cannot be subclassed from a module
/// compiled in the Swift 5 language mode, and the harness is type-checked in it.
public final class HandoffLock: NSLocking, @unchecked Sendable {
    private let base = Foundation.NSLock()

    public init() {}

    /// Foundation's `name`, for debugging.
    public var name: String? {
        get { base.name }
        set { base.name = newValue }
    }

    public func lock() {
        base.lock()
        LockHandoff.shared.acquired()
    }

    /// Takes the lock if it is free, as Foundation's `try()` does.
    public func `try`() -> Bool {
        guard base.try() else { return false }
        LockHandoff.shared.acquired()
        return true
    }

    /// Waits for the lock until `limit`, as Foundation's `lock(before:)` does.
    public func lock(before limit: Date) -> Bool {
        guard base.lock(before: limit) else { return false }
        LockHandoff.shared.acquired()
        return true
    }

    public func unlock() {
        base.unlock()
        LockHandoff.shared.released()
    }
}

/// The `NSRecursiveLock` of the learner's file, as ``HandoffLock`` is its `NSLock`: the
/// adapter writes `typealias NSRecursiveLock = HandoffRecursiveLock`. Only the outermost
/// unlock of a thread's nested locking ends a locked step, so only it can be stopped.
public final class HandoffRecursiveLock: NSLocking, @unchecked Sendable {
    private let base = Foundation.NSRecursiveLock()
    /// How deep the thread holding the lock is in it; read and written only with it held.
    private var depth = 0

    public init() {}

    /// Foundation's `name`, for debugging.
    public var name: String? {
        get { base.name }
        set { base.name = newValue }
    }

    public func lock() {
        base.lock()
        entered()
    }

    /// Takes the lock if it is free or already this thread's, as Foundation's `try()` does.
    public func `try`() -> Bool {
        guard base.try() else { return false }
        entered()
        return true
    }

    /// Waits for the lock until `limit`, as Foundation's `lock(before:)` does.
    public func lock(before limit: Date) -> Bool {
        guard base.lock(before: limit) else { return false }
        entered()
        return true
    }

    public func unlock() {
        depth -= 1
        let outermost = depth == 0
        base.unlock()
        if outermost { LockHandoff.shared.released() }
    }

    private func entered() {
        depth += 1
        if depth == 1 { LockHandoff.shared.acquired() }
    }
}

/// The `Mutex` of the learner's file, as ``HandoffLock`` is its `NSLock`: the adapter writes
/// `typealias Mutex = HandoffMutex`, so a table guarded by `Mutex(…)` and `withLock` can be
/// stopped right after a locked step as well. It is a class holding Foundation's lock and
/// the value, with `Synchronization.Mutex`'s two members; a class, because the learner's
/// file only ever keeps its `Mutex` in a stored property and calls those members on it.
public final class HandoffMutex<Value>: @unchecked Sendable {
    private let base = Foundation.NSLock()
    private var value: Value

    public init(_ initialValue: consuming Value) {
        value = initialValue
    }

    /// Runs `body` with the value while holding the lock, as `Mutex.withLock` does.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        base.lock()
        LockHandoff.shared.acquired()
        defer {
            base.unlock()
            LockHandoff.shared.released()
        }
        return try body(&value)
    }

    /// Runs `body` when the lock is free, else returns nil, as `Mutex.withLockIfAvailable` does.
    public func withLockIfAvailable<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result? {
        guard base.try() else { return nil }
        LockHandoff.shared.acquired()
        defer {
            base.unlock()
            LockHandoff.shared.released()
        }
        return try body(&value)
    }
}

/// The `DispatchQueue.sync` of the learner's file, as ``HandoffLock`` is its `NSLock`: the
/// adapter declares `sync` again in an extension of `DispatchQueue` in the file's own module,
/// which the compiler prefers to Dispatch's for every call in that module, and sends it
/// here. A block run with `sync` is a locked step of its queue; once it has returned, an
/// armed handoff stops the caller, holding nothing, as an unlock of a ``HandoffLock`` is
/// stopped. The call itself is Dispatch's: this module does not see the adapter's extension.
/// A file that uses a serial queue as its lock is then stopped right after its check, as
/// one using `NSLock` is; `async` blocks are never stopped, since stopping one would hold
/// its queue.
public enum HandoffQueue {
    /// `queue.sync(execute:)`, a step that can be stopped once it has returned.
    public static func sync<T>(_ queue: DispatchQueue, flags: DispatchWorkItemFlags = [], execute work: () throws -> T) rethrows -> T {
        defer { LockHandoff.shared.released() }
        return try queue.sync(flags: flags) {
            LockHandoff.shared.acquired()
            return try work()
        }
    }
}

/// The `DispatchSemaphore` of the learner's file, as ``HandoffQueue`` is its `sync`: the
/// adapter declares `wait` and `signal` again in an extension of `DispatchSemaphore` in the
/// file's own module and sends them here. A semaphore used as a lock (a value of 1) makes a
/// locked step of each `wait` that returns and the `signal` after it; an armed handoff stops
/// the signalling thread right after, as an unlock of a ``HandoffLock`` is stopped. A
/// semaphore that passes a signal from one thread to another (a value of 0) is stopped the
/// same way while a test has the handoff armed: the waiting thread wakes as ever, and its
/// waking releases the signaller, so the signal keeps its meaning.
public enum HandoffSemaphore {
    /// `semaphore.wait()`.
    public static func wait(_ semaphore: DispatchSemaphore) {
        semaphore.wait()
        LockHandoff.shared.acquired()
    }

    /// `semaphore.wait(timeout:)`.
    public static func wait(_ semaphore: DispatchSemaphore, timeout: DispatchTime) -> DispatchTimeoutResult {
        let result = semaphore.wait(timeout: timeout)
        if result == .success { LockHandoff.shared.acquired() }
        return result
    }

    /// `semaphore.wait(wallTimeout:)`.
    public static func wait(_ semaphore: DispatchSemaphore, wallTimeout: DispatchWallTime) -> DispatchTimeoutResult {
        let result = semaphore.wait(wallTimeout: wallTimeout)
        if result == .success { LockHandoff.shared.acquired() }
        return result
    }

    /// `semaphore.signal()`, a step that can be stopped once it has signalled.
    public static func signal(_ semaphore: DispatchSemaphore) -> Int {
        let woken = semaphore.signal()
        LockHandoff.shared.released()
        return woken
    }
}

/// The one switch of every ``HandoffLock``, ``HandoffRecursiveLock``, ``HandoffMutex``, ``HandoffQueue`` and ``HandoffSemaphore`` step in the process. Tests arm it; nothing else does.
/// A grade that never arms it runs the learner's locks unchanged but for two atomic loads
/// per lock and unlock: no lock, no allocation and no access of a stored variable on that
/// path, so the learner's program allocates and interleaves as it would with `NSLock`.
public final class LockHandoff: Sendable {
    public static let shared = LockHandoff()

    /// How long a parked unlock waits for another thread before it gives up, so a file
    /// whose other threads never lock again is slowed once, not stopped.
    public static let limit: DispatchTimeInterval = .seconds(1)

    private let armed = Atomic<Bool>(false)
    private let parked = Atomic<Bool>(false)
    /// Whether a parked unlock waits for another thread's unlock rather than its lock.
    private let untilReleased = Atomic<Bool>(false)
    private let parkings = Atomic<Int>(0)
    /// Signalled once per parking by the thread that takes a lock meanwhile.
    private let wake = DispatchSemaphore(value: 0)

    /// Makes the next unlock of a ``HandoffLock`` wait until another thread takes one, or
    /// with `untilReleased`, until another thread has taken one and let it go again: then
    /// the parked thread resumes only after that thread's whole locked step.
    public func arm(untilReleased: Bool = false) {
        self.untilReleased.store(untilReleased, ordering: .sequentiallyConsistent)
        armed.store(true, ordering: .sequentiallyConsistent)
    }

    /// Turns an armed handoff off before it has happened.
    public func disarm() {
        armed.store(false, ordering: .sequentiallyConsistent)
    }

    /// How many unlocks have waited so far.
    public var parkedUnlocks: Int { parkings.load(ordering: .sequentiallyConsistent) }

    /// Whether an unlock is waiting right now; a test polls it to know that a load is
    /// stopped between its unlock and whatever it does next.
    public var isParked: Bool { parked.load(ordering: .sequentiallyConsistent) }

    /// Waits up to two seconds for an armed handoff to park an unlock (counting from
    /// `parkedBefore`, the ``parkedUnlocks`` when it was armed), or for `finished` to say the
    /// call being watched returned first. Whether an unlock is parked now; if not, the
    /// handoff is disarmed, so that a file whose lock is not one of these runs on unstopped.
    public func waitForParking(since parkedBefore: Int, unless finished: () -> Bool = { false }) -> Bool {
        let deadline = Date().addingTimeInterval(2)
        while !isParked, parkedUnlocks == parkedBefore, !finished(), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
        let stopped = isParked
        if !stopped { disarm() }
        return stopped
    }

    func released() {
        // Another thread's unlock, while one waits for it; the parked thread is blocked
        // inside its own `released()` and cannot come here.
        if untilReleased.load(ordering: .relaxed), parked.load(ordering: .relaxed),
           parked.exchange(false, ordering: .sequentiallyConsistent) {
            wake.signal()
            return
        }
        guard armed.load(ordering: .relaxed),
              armed.compareExchange(expected: true, desired: false, ordering: .sequentiallyConsistent).exchanged
        else { return }
        parked.store(true, ordering: .sequentiallyConsistent)
        parkings.add(1, ordering: .sequentiallyConsistent)
        if wake.wait(timeout: .now() + Self.limit) == .timedOut {
            // Nobody came. A taker that cleared `parked` just now has signalled, or is about
            // to: take that signal too, so the next parking starts from zero.
            if !parked.exchange(false, ordering: .sequentiallyConsistent) { wake.wait() }
        }
    }

    func acquired() {
        guard !untilReleased.load(ordering: .relaxed), parked.load(ordering: .relaxed),
              parked.exchange(false, ordering: .sequentiallyConsistent)
        else { return }
        wake.signal()
    }
}
