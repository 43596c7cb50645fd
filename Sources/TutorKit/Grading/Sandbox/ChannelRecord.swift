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
        /// The test waits (for a call to return, a completion to run) until its deadline;
        /// the grader tells it on descriptor 5 once every other thread of the process is
        /// provably stuck (see `StallProbe`), and the wait ends early.
        case waiting
        /// The wait announced last is over.
        case waited
        /// ThreadSanitizer reported a race in this process (written from inside the
        /// sanitizer, `Sources/Harness/Sanitizer/RaceNotice.c`): the report on standard error
        /// is the sanitizer's, not text the code under test printed.
        case race
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
    /// For `waiting`: the waiting thread's id, as the test process sees it.
    var thread: Int32?
    /// For `waiting` and `waited`: the wait's number, counting from 1 in the test process.
    var wait: Int?
}
