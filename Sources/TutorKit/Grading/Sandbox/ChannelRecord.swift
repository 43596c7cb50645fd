/// One line on the result channel, written by the test runner and read by the grader.
///
/// This one file is compiled into both: into TutorGrading by SwiftPM, and into the runner
/// (`Sources/Harness`) by the grader's harness build, so the two ends cannot drift apart.
/// Each side fills in its own description of the sandbox as `IsolationInfo`.
struct ChannelRecord<IsolationInfo: Codable>: Codable {
    /// What a record says.
    enum Kind: String, Codable {
        /// A test's verdict.
        case result
        /// The exercise's initialiser returned once.
        case constructed
        /// The isolation the test process measured from inside.
        case sandbox
        /// Something the runner itself could not do: the grader's fault, never the learner's.
        case toolError
    }

    /// The run's secret: a record without it is not the runner's.
    var nonce: String
    var kind: Kind
    /// For `result`: the test's name, `pass` or `fail`, and the message (the note, for a pass).
    var test: String?
    var status: String?
    var message: String?
    /// For `sandbox`.
    var isolation: IsolationInfo?
}
