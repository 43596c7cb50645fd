import Foundation

/// A learner's file compiled and linked for the runners: the shared object every test
/// loads, and the one instrumented by ThreadSanitizer that tests running threads load
/// instead (nil when the exercise has no such test).
struct CompiledSubmission: Sendable, Equatable {
    /// For ``Harness/runner``.
    var plain: URL
    /// For ``Harness/sanitizedRunner``.
    var sanitized: URL?

    /// The object `test` loads; the plain one where no sanitized one was made.
    func library(for test: HiddenTestInfo) -> URL { test.threads ? sanitized ?? plain : plain }
}
