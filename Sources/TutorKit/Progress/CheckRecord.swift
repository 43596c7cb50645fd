import Foundation

/// One run of `cachetutor check`: which file, how it went, when.
public struct CheckRecord: Codable, Sendable, Equatable {
    /// The exercise graded (`ThumbnailCache`).
    public var exercise: String
    /// The submission's path as the learner named it.
    public var file: String
    /// The overall verdict: `pass`, `fail` or `error` (did not compile or could not run).
    public var status: String
    /// Tests passed.
    public var passed: Int
    /// Tests run.
    public var total: Int
    /// Names of the tests that did not pass.
    public var failedTests: [String]
    /// Wall-clock time of the check.
    public var durationMilliseconds: Int
    /// When it ran.
    public var date: Date

    /// A record with every field given.
    public init(exercise: String, file: String, status: String, passed: Int, total: Int, failedTests: [String] = [], durationMilliseconds: Int = 0, date: Date = Date()) {
        self.exercise = exercise
        self.file = file
        self.status = status
        self.passed = passed
        self.total = total
        self.failedTests = failedTests
        self.durationMilliseconds = durationMilliseconds
        self.date = date
    }
}
