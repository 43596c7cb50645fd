import Dispatch

/// A test's wait for something the contract gives a deadline (a call to return, a
/// completion to run), which the grader may cut short once nothing can ever end it.
///
/// A submission that blocks on a semaphore nobody signals would otherwise hold its test slot
/// for the whole deadline. So when the wait outlasts ``quietTime``, the runner announces it on
/// the result channel, with the failure to report; the grader then looks at the process
/// from outside, where the kernel shows every thread's call (`StallProbe`), and ends the
/// test with that failure once every other thread provably sleeps for good. Whatever the
/// grader sees, the wait itself still ends at its deadline as before.
enum BoundedWait {
    /// How long a wait runs before it is announced: a merely slow submission costs nothing.
    static let quietTime: DispatchTimeInterval = .milliseconds(50)

    /// Runs `wait` (which returns by the deadline it is given, as `DispatchSemaphore.wait`
    /// does) until `deadline`; true when what it waits for happened. `stuck` is the test's
    /// failure should the grader find the process stuck.
    static func wait(until deadline: DispatchTime, ifStuck stuck: @autoclosure () -> String, _ wait: (DispatchTime) -> DispatchTimeoutResult) -> Bool {
        if wait(min(.now() + quietTime, deadline)) == .success { return true }
        if DispatchTime.now() >= deadline { return false }
        let channel = ResultChannel.current.withLock { $0 }
        channel?.reportWaiting(message: stuck())
        defer { channel?.reportWaited() }
        return wait(deadline) == .success
    }

    /// Waits for `semaphore` as ``wait(until:ifStuck:_:)`` does, for `timeout` from now.
    static func wait(for semaphore: DispatchSemaphore, timeout: DispatchTimeInterval, ifStuck stuck: @autoclosure () -> String) -> Bool {
        wait(until: .now() + timeout, ifStuck: stuck()) { semaphore.wait(timeout: $0) }
    }
}
