import Foundation
import TutorGrading

/// The real ``SubmissionGrader``: `cachetutor check`'s own `Grader`, shared by every worker.
///
/// The grader is reentrant, builds the harness once, and runs each hidden test of each
/// submission in its own sandboxed process, so a batch grades exactly as `check` does.
public struct CheckPipelineGrader: SubmissionGrader {
    /// The `check` pipeline.
    public let grader: Grader

    /// Wraps `grader`.
    public init(grader: Grader) { self.grader = grader }

    public func identity() throws -> String { try grader.builder.identity() }

    /// Builds the harness and probes the sandbox, so a machine that cannot isolate tests is
    /// refused before any submission runs.
    public func prepare() throws -> [String]? {
        _ = try grader.prepareSandbox()
        return try grader.prepareHarness().tests.map(\.name)
    }

    public func grade(file: URL, displayPath: String) throws -> GradingReport {
        try grader.grade(file: file, displayPath: displayPath)
    }

    /// On the grader's own pool, whose submissions lane holds the files in flight while
    /// their tests take its test slots.
    public func forEachSubmission(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        _ = grader.pool.map(Array(0..<count), lane: .submissions, body)
    }
}
