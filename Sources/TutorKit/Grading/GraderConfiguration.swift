import Foundation

/// How a ``Grader`` works: which exercise, how many tests at once, under which limits,
/// and the environment it finds the compiler, the sources and its cache through.
public struct GraderConfiguration: Sendable {
    /// The exercise graded: its folder's name under ``exercisesFolder``.
    public var exercise = "ThumbnailCache"
    /// Whether a result is a grade. A lesson's example earns none (what a torn variable
    /// could forge there is a try-it's "done"), so it may run a closure on several threads
    /// at once (`concurrentPerform`), which the audit refuses in a graded file.
    public var isGraded = true
    /// The course's `Exercises/` folder; nil means the one in the cachetutor checkout.
    public var exercisesFolder: URL?
    /// The engine's eviction policy for caches made without one (`lru`, `fifo`,
    /// `foundation`, `random:SEED`); nil keeps the engine's default, LRU. `exercises verify`
    /// runs each reference under every policy.
    public var enginePolicy: String?
    /// Test processes at once, over everything this grader grades. The default is four per
    /// core: a hidden test spends most of its time waiting (for its sandbox, a completion, or a
    /// late second one) and little on the CPU, so more tests than cores in flight shorten a check.
    public var jobs = Self.defaultJobs
    /// Four per core, at most 16.
    public static let defaultJobs = min(16, 4 * ProcessInfo.processInfo.activeProcessorCount)
    /// Submissions compiled and waited on at once when grading many (`grade`, `exercises
    /// verify`), on the grader's pool beside its ``jobs`` test slots; 0 for a single check.
    /// Two more than the test slots keep those slots fed while the next files compile.
    public var submissionsInFlight = 0
    /// The sandbox's limits per test.
    public var limits = SandboxLimits()
    /// Where temporary work directories go (default: `TMPDIR`, else /tmp).
    public var temporaryDirectory: URL
    /// An instructor's extra test files, run after the built-in hidden tests (see `HiddenTestGroup`).
    public var extraTests: [URL] = []
    /// Whether each file's first test runs before the others start, so that a file whose
    /// initialiser never returns costs one test slot rather than one per test in flight
    /// (`grade` turns it on; a single `check` starts every test at once, for speed).
    public var firstTestAlone = false
    /// Whether to refuse to run any test without user, pid, network and filesystem
    /// isolation (grading a class does; a learner's own check only says what is missing).
    public var requiresFullIsolation = false
    /// The environment the grader reads `PATH`, `CACHETUTOR_*`, `XDG_CACHE_HOME` and `HOME` from.
    public var environment: [String: String]
    /// Told how far the one-time harness build is while it runs (see ``HarnessBuilder/progress``).
    public var buildProgress: (@Sendable (BuildProgress) -> Void)?

    /// The defaults, reading paths from `environment`.
    public init(environment: [String: String]) {
        self.environment = environment
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        temporaryDirectory = URL(fileURLWithPath: temporary, isDirectory: true)
    }
}
