import Foundation
import TutorGrading

/// Grades one submission: the seam between batch grading and the `check` pipeline.
///
/// The real implementation wraps `TutorGrading`'s `Grader`; tests of the batch logic
/// use a fake, so workers, caching and the gradebook are tested without a compiler.
public protocol SubmissionGrader: Sendable {
    /// Everything besides the submission that decides the results (compiler, harness
    /// sources, flags, extra tests), as one string: a change in it invalidates the cache.
    func identity() throws -> String

    /// Gets ready to grade (builds what every submission shares) and returns the names of
    /// the tests it will run, when it knows them before the first submission.
    func prepare() throws -> [String]?

    /// Grades the file at `file`, naming it `displayPath` in the report and in compiler messages.
    ///
    /// Throws only when the grader itself fails (no compiler, a broken harness): a
    /// submission that does not compile or crashes is a report with status `error` or `fail`.
    func grade(file: URL, displayPath: String) throws -> GradingReport

    /// Calls `body` once for each index in `0..<count`, as many at once as the grader keeps
    /// submissions in flight, and returns when every call has.
    func forEachSubmission(_ count: Int, _ body: @escaping @Sendable (Int) -> Void)
}

extension SubmissionGrader {
    /// Nothing to prepare, and the tests are known only from the first report.
    public func prepare() throws -> [String]? { nil }

    /// One submission at a time.
    public func forEachSubmission(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        for index in 0..<count { body(index) }
    }
}
