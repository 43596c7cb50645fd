import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// ThreadSanitizer's own background thread, stopped before the test begins.
///
/// The sanitizer starts that thread at the process's first `pthread_create` and wakes it
/// every 100 ms from `nanosleep`. The grader's stall probe calls a test's wait stuck only
/// when every other thread sleeps in a call that nothing but another thread can end, so
/// with that thread alive every deadlock would run to its deadline. It runs no code of the
/// learner's and wakes no one, and its periodic work (memory flushing, RSS limits) is off
/// by the sanitizer's defaults, which the runner keeps; so the runner stops it the way the sanitizer offers to
/// programs that enter a sandbox: it starts and joins one thread (so the background thread
/// exists and its stop hook is set), then calls `__sanitizer_sandbox_on_notify`. Outside a
/// sanitized runner the entry point is missing and this does nothing.
///
/// Stopping it joins it, which waits out its 100 ms sleep, so it is stopped only when the
/// stall probe is about to look: when a test's wait is announced (``BoundedWait``), which
/// happens only after that wait has already lasted 100 ms. A test that never waits that long
/// (nearly every test of a correct file) no longer pays a tenth of a second for it.
enum SanitizerThread {
    typealias Notify = @convention(c) (UnsafeMutableRawPointer?) -> Void

    private static let stopped = Mutex(false)

    /// Stops the background thread the first time it is called; later calls return at once.
    static func stopOnce() {
        stopped.withLock { done in
            if done { return }
            done = true
            stop()
        }
    }

    private static func stop() {
        guard let address = dlsym(nil, "__sanitizer_sandbox_on_notify") else { return }
        let started = DispatchSemaphore(value: 0)
        let first = Thread { started.signal() }
        first.start()
        started.wait()
        unsafeBitCast(address, to: Notify.self)(nil)
    }
}
