import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A test's wait for something the contract gives a deadline (a call to return, a
/// completion to run), which ends early once the grader finds that nothing can ever end it.
///
/// A submission that blocks on a semaphore nobody signals would otherwise hold its test slot
/// for the whole deadline. So when the wait outlasts ``quietTime``, the runner announces it on
/// the result channel, numbered, and waits in slices of ``slice``; the grader looks at the
/// process from outside, where the kernel shows every thread's call (`StallProbe`), and once
/// every other thread provably sleeps for good it writes the wait's number on ``ChannelDescriptor/notices``.
/// The wait then ends as ``Outcome/stuck``: what it waited for could not have happened before
/// the deadline either, so the test goes on exactly as it would have then, only sooner.
///
/// A notice must not be forged: ``ChannelDescriptor/notices`` is a Unix socket, which, unlike a pipe, no
/// process can reopen through `/proc/self/fd` to write into it, and notices count only while
/// the notice descriptor is still that socket (a submission could put a file of its own there).
package enum BoundedWait {
    /// How a wait ended.
    package enum Outcome: Equatable {
        /// What was waited for happened.
        case done
        /// The deadline passed.
        case timedOut
        /// The grader found every other thread asleep for good: it could never have happened.
        case stuck
    }

    /// How long a wait runs before it is announced: a merely slow submission costs nothing
    /// (each announced wait has the grader read `/proc` every 100 ms).
    static let quietTime: DispatchTimeInterval = .milliseconds(100)
    /// How often an announced wait looks for the grader's notice.
    static let slice: DispatchTimeInterval = .milliseconds(20)
    /// Where the grader's notices arrive: one wait number per line.

    private static let state = Mutex(NoticeState())

    private struct NoticeState {
        var lastNumber = 0
        var highestNotice = 0
        var pending: [UInt8] = []
        /// The notice descriptor's device and inode when the runner started, before any submission code.
        var socket: (device: UInt64, inode: UInt64)?
    }

    /// Takes note of the socket the grader gave as ``ChannelDescriptor/notices``; without this, that descriptor
    /// is never read (it may be the submission's own).
    static func listenForNotices() {
        var status = stat()
        guard fstat(ChannelDescriptor.notices, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return }
        state.withLock { $0.socket = (UInt64(status.st_dev), UInt64(status.st_ino)) }
    }

    /// Runs `wait` (which returns by the deadline it is given, as `DispatchSemaphore.wait`
    /// does) until `deadline`.
    package static func wait(until deadline: DispatchTime, _ wait: (DispatchTime) -> DispatchTimeoutResult) -> Outcome {
        if wait(min(.now() + quietTime, deadline)) == .success { return .done }
        guard let channel = ResultChannel.current.withLock({ $0 }) else {
            return wait(deadline) == .success ? .done : .timedOut
        }
        // The grader's stall probe starts looking once the wait is announced; the sanitizer's
        // own sleeping thread would keep it from ever calling the wait stuck, so the wait is
        // announced only once that thread is gone, and goes on meanwhile.
        while !SanitizerThread.isStopped {
            if wait(min(.now() + slice, deadline)) == .success { return .done }
            if DispatchTime.now() >= deadline { return .timedOut }
        }
        let number = state.withLock { state in
            state.lastNumber += 1
            return state.lastNumber
        }
        channel.reportWaiting(number: number)
        defer { channel.reportWaited(number: number) }
        while DispatchTime.now() < deadline {
            if wait(min(.now() + slice, deadline)) == .success { return .done }
            // The notice says every other thread slept for good at some instant; what was
            // waited for may have come just before it (a thread that signalled, then ended),
            // while this thread was between slices: look once more.
            if noticeArrived(for: number) { return wait(.now()) == .success ? .done : .stuck }
        }
        return .timedOut
    }

    /// Waits for `semaphore` as ``wait(until:_:)`` does, for `timeout` from now.
    package static func wait(for semaphore: DispatchSemaphore, timeout: DispatchTimeInterval) -> Outcome {
        wait(until: .now() + timeout) { semaphore.wait(timeout: $0) }
    }

    /// Waits as ``wait(until:_:)`` does, and fails the test unless what it waits for
    /// happened: with `timedOut` at the deadline, with `stuck` when it never could.
    package static func require(until deadline: DispatchTime, timedOut: @autoclosure () -> String, stuck: @autoclosure () -> String,
                        _ wait: (DispatchTime) -> DispatchTimeoutResult) throws {
        switch Self.wait(until: deadline, wait) {
        case .done: return
        case .timedOut: throw TestFailure(timedOut())
        case .stuck: throw TestFailure(stuck())
        }
    }

    /// ``require(until:timedOut:stuck:_:)`` for `semaphore`, for `timeout` from now.
    package static func require(_ semaphore: DispatchSemaphore, within timeout: DispatchTimeInterval, timedOut: @autoclosure () -> String, stuck: @autoclosure () -> String) throws {
        try require(until: .now() + timeout, timedOut: timedOut(), stuck: stuck()) { semaphore.wait(timeout: $0) }
    }

    /// Reads what the grader wrote so far, without blocking; whether it named wait
    /// `number`. Notices for earlier waits, which have ended, change nothing.
    private static func noticeArrived(for number: Int) -> Bool {
        state.withLock { state in
            var status = stat()
            guard let socket = state.socket, fstat(ChannelDescriptor.notices, &status) == 0,
                  UInt64(status.st_dev) == socket.device, UInt64(status.st_ino) == socket.inode
            else { return false }
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let count = recv(ChannelDescriptor.notices, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard count > 0 else { break }
                state.pending += buffer[0..<count]
            }
            while let end = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                if let notice = Int(String(decoding: state.pending[..<end], as: UTF8.self)) {
                    state.highestNotice = max(state.highestNotice, notice)
                }
                state.pending.removeSubrange(...end)
            }
            return state.highestNotice == number
        }
    }
}
