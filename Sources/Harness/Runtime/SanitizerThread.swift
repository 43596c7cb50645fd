import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// ThreadSanitizer's own background thread, stopped once a test's wait may be stuck.
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
/// stall probe is about to look: when a test's wait has already lasted 100 ms
/// (``BoundedWait``). And it is stopped beside that wait, on a thread of its own, not in its
/// way: a wait that ends while the sanitizer's thread finishes its sleep returns at once,
/// where it used to sit in the join for the rest of that sleep.
enum SanitizerThread {
    typealias Notify = @convention(c) (UnsafeMutableRawPointer?) -> Void

    private enum Progress {
        case running
        case stopping
        case stopped
    }

    private static let progress = Mutex(Progress.running)

    /// Whether the background thread is gone. The first call starts stopping it on a thread
    /// of its own and answers false until that is done; outside a sanitized runner there is
    /// nothing to stop, and every call answers true.
    static var isStopped: Bool {
        let (starts, stopped) = progress.withLock { state -> (Bool, Bool) in
            switch state {
            case .running:
                state = .stopping
                return (true, false)
            case .stopping:
                return (false, false)
            case .stopped:
                return (false, true)
            }
        }
        guard starts else { return stopped }
        guard let address = dlsym(nil, "__sanitizer_sandbox_on_notify") else {
            progress.withLock { $0 = .stopped }
            return true
        }
        let stopper = Thread {
            stop(address)
            progress.withLock { $0 = .stopped }
        }
        stopper.start()
        return false
    }

    private static func stop(_ address: UnsafeMutableRawPointer) {
        let started = DispatchSemaphore(value: 0)
        let first = Thread { started.signal() }
        first.start()
        started.wait()
        unsafeBitCast(address, to: Notify.self)(nil)
    }
}
