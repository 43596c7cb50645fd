#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// Ctrl-C as a request to stop what is running, for work that stops cleanly: a build, a
/// check or a `run` ends its child processes, removes what it had half written, and
/// returns, instead of the whole program dying with its compilers still running.
///
/// The SIGINT handler only sets a flag (the one thing a signal handler may safely do).
/// While ``catching(_:)`` runs its body, a watcher thread looks at the flag every 20 ms
/// and, once it is set, ends every process this one started (its descendants, in any
/// process group: the Swift driver starts each frontend in a group of its own): SIGINT
/// first, so a driver stops its jobs and removes its temporary files, SIGKILL 300 ms
/// later for whatever is left. The work in the body then fails fast, removes what it was
/// building, and ``catching(_:)`` throws ``Interrupted``.
///
///     try Interrupt.catching {            // Ctrl-C stops this, and throws Interrupted
///         try grader.grade(file: url, displayPath: path)
///     }
public enum Interrupt {
    private static let requested = Atomic<Bool>(false)
    private static let depth = Mutex<Int>(0)

    /// Whether Ctrl-C was pressed since the flag was last cleared.
    public static var isRequested: Bool { requested.load(ordering: .acquiring) }

    /// Sets the flag, as Ctrl-C does.
    public static func request() { requested.store(true, ordering: .releasing) }

    /// Clears the flag, before work that Ctrl-C should be able to stop.
    public static func clear() { requested.store(false, ordering: .releasing) }

    /// The SIGINT handler: it sets the flag and nothing else.
    public static let handler: @convention(c) (Int32) -> Void = { _ in
        Interrupt.requested.store(true, ordering: .releasing)
    }

    /// Installs ``handler`` for SIGINT, without `SA_RESTART` (a blocking read then fails
    /// with EINTR), and unblocks SIGINT; returns the action it replaced.
    @discardableResult
    public static func install() -> sigaction {
        _ = isRequested  // the flag exists before a signal can reach the handler
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        return previous
    }

    /// Runs `body` with the flag cleared and Ctrl-C ending the processes it starts; throws
    /// ``Interrupted`` when Ctrl-C came, whatever the body returned or threw. Puts back
    /// the SIGINT action that was there before (nested calls keep the outermost one's).
    public static func catching<T>(_ body: () throws -> T) throws -> T {
        let outermost = depth.withLock { count in
            count += 1
            return count == 1
        }
        var previous = sigaction()
        let watcher = outermost ? ChildWatcher() : nil
        if outermost {
            clear()
            previous = install()
        }
        defer {
            depth.withLock { $0 -= 1 }
            if outermost {
                watcher?.finish(stopping: isRequested)
                sigaction(SIGINT, &previous, nil)
            }
        }
        do {
            let result = try body()
            if isRequested { throw Interrupted() }
            return result
        } catch {
            if isRequested { throw Interrupted() }
            throw error
        }
    }

    /// Every process descended from this one, from `/proc/PID/task/TID/children`.
    static func descendants() -> [pid_t] {
        var found: [pid_t] = []
        var queue = [getpid()]
        while let next = queue.popLast(), found.count < 4096 {
            for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(next)/task")) ?? [] {
                guard let text = try? String(contentsOfFile: "/proc/\(next)/task/\(task)/children", encoding: .utf8) else { continue }
                for child in text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap({ pid_t($0) }) where !found.contains(child) {
                    found.append(child)
                    queue.append(child)
                }
            }
        }
        return found
    }
}

/// Ctrl-C stopped the work; what it had started was ended.
public struct Interrupted: UserFacingError, Equatable {
    public init() {}
    public var message: String { "stopped by Ctrl-C; nothing half-built was kept" }
    public var exitCode: ExitCode { .interrupted }
}

/// The thread that, once Ctrl-C is pressed, ends the processes this one started.
private final class ChildWatcher: Sendable {
    private let done = Mutex(false)
    private let stopped = DispatchSemaphore(value: 0)

    init() {
        Thread { [self] in
            var told: Set<pid_t> = []
            var since: ContinuousClock.Instant?
            while !done.withLock({ $0 }) {
                usleep(20_000)
                guard Interrupt.isRequested else { continue }
                let family = Interrupt.descendants()
                let now = ContinuousClock.now
                since = since ?? now
                for member in family where !told.contains(member) {
                    kill(member, SIGINT)
                    told.insert(member)
                }
                if let since, now - since > .milliseconds(300) {
                    for member in family { kill(member, SIGKILL) }
                }
            }
            stopped.signal()
        }.start()
    }

    /// Stops watching; with `stopping`, first kills whatever is still running.
    func finish(stopping: Bool) {
        done.withLock { $0 = true }
        stopped.wait()
        if stopping {
            for member in Interrupt.descendants() { kill(member, SIGKILL) }
        }
    }
}
