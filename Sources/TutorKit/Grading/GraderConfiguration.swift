import Foundation

/// How a ``Grader`` works: which exercise, how many tests at once, under which limits,
/// and the environment it finds the compiler, the sources and its cache through.
public struct GraderConfiguration: Sendable {
    /// The exercise graded (its harness folder under Sources/Harness).
    public var exercise = "ThumbnailCache"
    /// Tests run at once (default: the number of cores).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// The sandbox's limits per test.
    public var limits = SandboxLimits()
    /// Where temporary work directories go (default: `TMPDIR`, else /tmp).
    public var temporaryDirectory: URL
    /// An instructor's extra test files, run after the built-in hidden tests (see `HiddenTestGroup`).
    public var extraTests: [URL] = []
    /// The environment the grader reads `PATH`, `CACHETUTOR_*`, `XDG_CACHE_HOME` and `HOME` from.
    public var environment: [String: String]

    /// The defaults, reading paths from `environment`.
    public init(environment: [String: String]) {
        self.environment = environment
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        temporaryDirectory = URL(fileURLWithPath: temporary, isDirectory: true)
    }
}
