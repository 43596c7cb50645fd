import Foundation
import Synchronization

/// How far a harness build is, for a progress line: what a ``HarnessBuilder`` reports,
/// about ten times a second, while it builds (or waits for another build of the same
/// harness to finish).
///
///     Building the ThumbnailCache tests, once: 40 % · about 8 s left
public struct BuildProgress: Sendable, Equatable {
    /// What the build is at.
    public enum Stage: Sendable, Equatable {
        /// Building, `fraction` (0…1) of the way by the clock against the last build's time.
        case building
        /// Another process or thread builds this harness; this one waits for it to finish.
        case waiting
        /// Built (or found built by the one waited for).
        case finished
    }

    /// The exercise whose tests are built (`ThumbnailCache`; `LessonExample` for `run`).
    public var exercise: String
    /// What the build is at.
    public var stage: Stage
    /// How far along, 0…1; 1 when finished.
    public var fraction: Double
    /// The time the estimate says is left (zero once it has run past it).
    public var remaining: Duration
    /// Time since the build started.
    public var elapsed: Duration

    /// A report with every field given.
    public init(exercise: String, stage: Stage, fraction: Double, remaining: Duration, elapsed: Duration) {
        self.exercise = exercise
        self.stage = stage
        self.fraction = fraction
        self.remaining = remaining
        self.elapsed = elapsed
    }

    /// The report `elapsed` into a build expected to take `expected`: the fraction by the
    /// clock, never 100 % before it is done.
    static func estimate(exercise: String, stage: Stage, elapsed: Duration, expected: Duration) -> BuildProgress {
        let total = max(expected, .milliseconds(100))
        let fraction = min(0.99, max(0, elapsed / total))
        return BuildProgress(exercise: exercise, stage: stage, fraction: fraction, remaining: max(.zero, total - elapsed), elapsed: elapsed)
    }
}

/// How long the last builds took, kept in the cache (`build-times.json`), so the next
/// build's progress line can say how long it has left.
///
/// A build that also makes the parts every exercise shares (the audit program, the static
/// runtime) is a "first" build and takes longer than one that finds them made.
struct BuildTimes: Codable, Sendable, Equatable {
    /// Seconds per exercise, for builds that found the shared parts made.
    var exercise: [String: Double] = [:]
    /// Seconds per exercise, for builds that made the shared parts too.
    var first: [String: Double] = [:]

    /// What a build took on a quiet two-core machine, for the very first estimate.
    static let defaultSeconds = 12.0
    static let defaultFirstSeconds = 30.0

    static func file(in cacheRoot: URL) -> URL { cacheRoot.appendingPathComponent("build-times.json") }

    static func load(from cacheRoot: URL) -> BuildTimes {
        guard let data = try? Data(contentsOf: file(in: cacheRoot)), let times = try? JSONDecoder().decode(BuildTimes.self, from: data) else { return BuildTimes() }
        return times
    }

    /// The expected time of a build of `exercise`: its own last time, else the last time of
    /// any exercise's build of the same kind, else the default.
    func expected(for exercise: String, first isFirst: Bool) -> Duration {
        let table = isFirst ? first : self.exercise
        let seconds = table[exercise] ?? table.values.max() ?? (isFirst ? Self.defaultFirstSeconds : Self.defaultSeconds)
        return .milliseconds(Int(seconds * 1000))
    }

    /// Records a finished build, written whole with one rename (a reader never sees half a file).
    static func record(_ duration: Duration, for exercise: String, first isFirst: Bool, in cacheRoot: URL) {
        var times = load(from: cacheRoot)
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if isFirst { times.first[exercise] = seconds } else { times.exercise[exercise] = seconds }
        guard let data = try? JSONEncoder().encode(times) else { return }
        try? data.write(to: file(in: cacheRoot), options: .atomic)
    }
}

/// Calls a ``HarnessBuilder/progress`` handler about every 100 ms from a thread of its own
/// until stopped; the last call is the one ``stop(finished:)`` makes.
final class ProgressTicker: Sendable {
    private let report: @Sendable (BuildProgress) -> Void
    private let current: @Sendable () -> BuildProgress
    private let done = Mutex(false)
    private let stopped = DispatchSemaphore(value: 0)

    /// Starts ticking at once: the first report is made before this returns.
    init(report: @escaping @Sendable (BuildProgress) -> Void, current: @escaping @Sendable () -> BuildProgress) {
        self.report = report
        self.current = current
        report(current())
        Thread { [self] in
            while !done.withLock({ $0 }) {
                usleep(100_000)
                if done.withLock({ $0 }) { break }
                report(current())
            }
            stopped.signal()
        }.start()
    }

    /// Stops the ticks; with `finished`, reports it (after the last tick).
    func stop(finished: BuildProgress?) {
        done.withLock { $0 = true }
        stopped.wait()
        if let finished { report(finished) }
    }
}
