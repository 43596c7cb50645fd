import Foundation

/// Tells, from outside and from the kernel's own account, that a test's wait can never end
/// before its deadline: the test waits for something that only another of its threads
/// could bring, and every other thread sleeps for good.
///
/// The runner announces such a wait on the result channel (a `waiting` record naming the
/// waiting thread); told it is stuck, the wait ends at once the way it would have ended at
/// its deadline. A false "stuck" would fail a correct submission, so the answer is yes only
/// when two readings of `/proc`, ``readingGap`` apart, agree that:
/// - the process tree under the spawned program is a chain (bubblewrap, its reaper, the
///   runner) with no other process in it: no child, no orphan, nothing that could signal;
/// - every thread of the runner but the waiting one sleeps (`S`) in `futex` with no
///   timeout, in `rt_sigsuspend` or in `pause`: calls that only another thread or a signal
///   can end;
/// - none of them was switched in between (context-switch counts unchanged), so all slept
///   through one common instant, when nothing in the process but the waiting test ran;
/// - no signal can come: none is pending, no POSIX timer exists, and the process catches
///   none but glibc's own two (so a signal the kernel sends, such as `SIGIO` when the
///   grader drains a pipe set `O_ASYNC`, would end it or be dropped, never run code).
///   `alarm` and `ualarm` are the runner's own, which arm nothing; every other timer call
///   takes a pointer, which a memory-safe submission cannot pass.
/// From that instant only the waiting test could wake a thread, and while it waits it only
/// waits. A thread in any other call (the `epoll_wait` of a Dispatch timer, `nanosleep`,
/// `read`, a running thread) or any file that cannot be read makes the answer no, and the
/// wait runs to its deadline.
///
/// The runner is not dumpable, so its `/proc/PID/task/TID/syscall` files belong to root
/// (mode 0400): only a grader running as root reads them. Run by an ordinary account, the
/// grader never finds a wait stuck, and every wait runs to its deadline.
public enum StallProbe {
    /// The time between the two readings.
    static let readingGap: useconds_t = 20_000
    /// `SigCgt` bits of the signals glibc itself catches (32 and 33, for thread
    /// cancellation and set*id calls); a learner's handler for them is refused by glibc.
    static let libraryCaughtSignals: UInt64 = 0x1_8000_0000

    /// Whether the probe can work here: the grader reads the runner's `syscall` files, which
    /// only root may, and knows this architecture's call numbers. Elsewhere no wait is
    /// watched, and every wait runs to its deadline.
    public static var canWork: Bool { geteuid() == 0 && SleepCalls.current != nil }

    /// Whether the wait of thread `waiter` (its id as the test process sees it), in the
    /// process tree under `root`, is stuck.
    public static func isStuck(root: pid_t, waiter: Int32) -> Bool {
        guard let calls = SleepCalls.current,
              let first = Reading.take(root: root, waiter: waiter), first.isStuck(calls) else { return false }
        usleep(readingGap)
        guard let second = Reading.take(root: root, waiter: waiter) else { return false }
        return second == first
    }

    /// The numbers of the calls a thread can sleep in for good, as `/proc/…/syscall` shows
    /// them; they differ between architectures (`asm/unistd_64.h` on x86_64,
    /// `asm-generic/unistd.h` on aarch64).
    struct SleepCalls: Equatable, Sendable {
        /// `pause`; aarch64 has none (glibc's `pause` is `rt_sigsuspend` there).
        var pause: Int?
        var rtSigsuspend: Int
        var futex: Int

        static let x86_64 = SleepCalls(pause: 34, rtSigsuspend: 130, futex: 202)
        static let aarch64 = SleepCalls(pause: nil, rtSigsuspend: 133, futex: 98)

        /// This machine's, or nil on an architecture the probe does not know.
        static var current: SleepCalls? {
            #if arch(x86_64)
            .x86_64
            #elseif arch(arm64)
            .aarch64
            #else
            nil
            #endif
        }
    }

    /// One thread as `/proc` shows it.
    struct ThreadState: Equatable {
        /// The state letter of `stat`.
        var state: Character
        /// `syscall`: the call's number and its six arguments, or `running`.
        var call: [String]
        /// `voluntary_ctxt_switches` and `nonvoluntary_ctxt_switches`.
        var switches: [String]
        /// `SigPnd`, as hex.
        var pendingSignals: String
        /// The last id of `NSpid`: the thread's id inside its pid namespace.
        var innerID: Int32

        /// Asleep in a call only another thread or a signal can end, given the call numbers
        /// of the architecture.
        func sleepsForGood(_ calls: SleepCalls) -> Bool {
            if state == "Z" || state == "X" { return true }
            guard state == "S", pendingSignals.allSatisfy({ $0 == "0" }), let number = call.first.flatMap({ Int($0) }) else { return false }
            if number == calls.pause || number == calls.rtSigsuspend { return true }
            guard number == calls.futex else { return false }
            // futex(address, operation, value, timeout, …)
            guard call.count > 4, let operation = Int(call[2].dropFirst(2), radix: 16) else { return false }
            let waits: Set<Int> = [0, 6, 9, 11, 13]  // WAIT, LOCK_PI, WAIT_BITSET, WAIT_REQUEUE_PI, LOCK_PI2
            return waits.contains(operation & 0x7f) && call[4] == "0x0"
        }
    }

    /// The tree's processes and the runner's threads but the waiter at one moment.
    struct Reading: Equatable {
        var chain: [pid_t]
        /// Whether the waiting thread is there; it may wake and sleep between slices of
        /// its wait, so nothing else of it is compared.
        var waiterPresent: Bool
        var others: [ThreadState]
        var sharedPendingSignals: String
        var caughtSignals: String
        var posixTimers: String

        func isStuck(_ calls: SleepCalls) -> Bool {
            waiterPresent && sharedPendingSignals.allSatisfy { $0 == "0" } && posixTimers.isEmpty
                && UInt64(caughtSignals, radix: 16).map { $0 & ~StallProbe.libraryCaughtSignals == 0 } == true
                && others.allSatisfy { $0.sleepsForGood(calls) }
        }

        /// Reads the tree under `root`; nil when it is no chain or a file cannot be read.
        static func take(root: pid_t, waiter: Int32) -> Reading? {
            guard let chain = chain(from: root, children: childrenOfTree(root)), let runner = chain.last,
                  let status = text("/proc/\(runner)/status"), let ids = entries("/proc/\(runner)/task")
            else { return nil }
            // Listed only where the kernel keeps the file; a submission cannot make one anyway.
            let timers = text("/proc/\(runner)/timers") ?? ""
            var others: [ThreadState] = []
            var waiterPresent = false
            for id in ids.sorted() {
                guard let thread = threadState("/proc/\(runner)/task/\(id)/") else { return nil }
                if thread.innerID == waiter { waiterPresent = true } else { others.append(thread) }
            }
            return Reading(chain: chain, waiterPresent: waiterPresent, others: others,
                           sharedPendingSignals: field("ShdPnd", in: status).first ?? "",
                           caughtSignals: field("SigCgt", in: status).first ?? "", posixTimers: timers)
        }

        /// `root` and its descendants when each has at most one child, from the first down;
        /// `children` lists each process's children (nil when it could not be read).
        static func chain(from root: pid_t, children: [pid_t: [pid_t]]?) -> [pid_t]? {
            guard let children, children[root] != nil else { return nil }
            var chain = [root]
            while let below = children[chain.last!], !below.isEmpty {
                guard below.count == 1 else { return nil }
                chain.append(below[0])
            }
            return chain
        }
    }

    private static func threadState(_ directory: String) -> ThreadState? {
        guard let stat = text(directory + "stat"), let end = stat.lastIndex(of: ")"),
              let state = stat[stat.index(after: end)...].first(where: { $0 != " " }),
              let call = text(directory + "syscall"), let status = text(directory + "status"),
              let inner = field("NSpid", in: status).last.flatMap({ Int32($0) })
        else { return nil }
        return ThreadState(
            state: state, call: call.split(whereSeparator: \.isWhitespace).map(String.init),
            switches: field("voluntary_ctxt_switches", in: status) + field("nonvoluntary_ctxt_switches", in: status),
            pendingSignals: field("SigPnd", in: status).first ?? "", innerID: inner
        )
    }

    /// The children of `root` and of each process below it, from every thread's
    /// `/proc/PID/task/TID/children` (a few files, where scanning all of `/proc` would read
    /// hundreds); nil when one cannot be read, or past 16 processes (a chain here is three
    /// deep, so a tree that large is no chain anyway). The kernel may miss a child being made
    /// while it lists, which takes a running thread, and a running thread already means no.
    private static func childrenOfTree(_ root: pid_t) -> [pid_t: [pid_t]]? {
        var children: [pid_t: [pid_t]] = [:]
        var pending = [root]
        while let pid = pending.popLast() {
            guard children[pid] == nil, children.count < 16, let threads = entries("/proc/\(pid)/task") else { return nil }
            var below: [pid_t] = []
            for thread in threads {
                guard let list = text("/proc/\(pid)/task/\(thread)/children") else { return nil }
                below += list.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            children[pid] = below
            pending += below
        }
        return children
    }

    /// The values after `name:` on its line of a `status` file.
    static func field(_ name: String, in status: String) -> [String] {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return [] }
        return line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    private static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func entries(_ path: String) -> [pid_t]? {
        (try? FileManager.default.contentsOfDirectory(atPath: path)).map { $0.compactMap { pid_t($0) } }
    }
}
