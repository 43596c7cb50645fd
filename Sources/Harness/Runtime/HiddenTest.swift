import Foundation

/// One hidden test of an exercise whose tests call `Subject`: a stable name, the contract
/// point it checks, the lesson that teaches it, and the check itself.
///
/// Tests write `HiddenTest`, which the grader's generated registry (in the exercise's tests
/// library) defines as `HiddenTestCase<CurrentExercise.Subject>`, so an exercise's tests
/// (and an instructor's extra ones) never spell out their subject type.
public struct HiddenTestCase<Subject>: Sendable {
    /// The stable identifier reports and fixtures use (`miss_generates_once`).
    public let name: String
    /// The contract point, in one line.
    public let summary: String
    /// The number of the README's contract point the test checks; nil for an instructor's extra test.
    public let point: Int?
    /// The lesson that explains the contract point (`05-eviction`).
    public let lesson: String
    /// Whether the test calls the submission from several threads at once. Such a test runs
    /// in the runner that carries ThreadSanitizer, against the file compiled for it, so a
    /// data race is found even when the two accesses did not overlap; every other test runs
    /// without it, several times faster to start (both check overlapping accesses).
    public let threads: Bool
    /// Runs the check; throws ``TestFailure`` when the submission breaks the contract.
    public let body: @Sendable (Subject) throws -> Void

    /// Declares a test.
    public init(_ name: String, _ summary: String, point: Int? = nil, lesson: String, threads: Bool = false,
                body: @escaping @Sendable (Subject) throws -> Void) {
        self.name = name
        self.summary = summary
        self.point = point
        self.lesson = lesson
        self.threads = threads
        self.body = body
    }
}

/// A broken contract: what happened, and what was expected.
public struct TestFailure: Error, Sendable {
    /// One or two sentences for the learner.
    public let message: String

    /// A failure with `message`.
    public init(_ message: String) { self.message = message }
}

/// Fails the current test with `message` unless `condition` holds.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw TestFailure(message()) }
}

/// The catalog entry of a test, as `--list` prints it.
package struct CatalogEntry: Codable {
    let name: String
    let summary: String
    let point: Int?
    let lesson: String
    let threads: Bool

    /// An entry with every field given.
    package init(name: String, summary: String, point: Int?, lesson: String, threads: Bool) {
        self.name = name
        self.summary = summary
        self.point = point
        self.lesson = lesson
        self.threads = threads
    }
}
