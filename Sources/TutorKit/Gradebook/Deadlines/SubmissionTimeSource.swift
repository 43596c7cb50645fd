/// Finds when a submission was handed in: the one effect lateness depends on.
///
/// The real reader (``GitSubmissionTimes``) asks git and the file system; tests give a
/// fixed table, so penalty logic is tested without repositories or file times.
public protocol SubmissionTimeSource: Sendable {
    /// When `submission` was handed in, or nil when nothing says.
    func time(of submission: Submission) -> SubmissionTime?
}
