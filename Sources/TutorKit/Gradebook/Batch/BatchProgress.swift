import Foundation

/// Where a batch run stands, handed to the progress display after every submission.
public struct BatchProgress: Sendable {
    /// Submissions to grade in this run.
    public var total: Int
    /// Submissions finished (graded, taken from the gradebook, or failed to grade).
    public var done: Int
    /// Finished submissions that did not pass (failed, did not compile, or could not be graded).
    public var failures: Int
    /// Finished submissions taken unchanged from the gradebook.
    public var cached: Int
    /// Seconds since the run started.
    public var elapsed: Double
    /// Seconds spent on submissions actually run (not cached), summed over workers.
    public var gradingSeconds: Double
    /// Submissions actually run so far.
    public var gradedNow: Int
    /// The submission just finished: the student, and a few words on how it went.
    public var latest: (student: String, outcome: String)?

    /// Seconds left, estimated from the rate so far (the seconds elapsed per submission
    /// run, times those left); nil before the first. The grader keeps several submissions in
    /// flight, each waiting for its turn at the test slots, so one submission's own time says
    /// little about the rate.
    public var estimatedSecondsLeft: Double? {
        guard gradedNow > 0 else { return nil }
        let remaining = total - done
        guard remaining > 0 else { return 0 }
        return elapsed / Double(gradedNow) * Double(remaining)
    }
}
