/// One line on the result channel, written by the test runner and read by the grader.
///
/// Each side fills in its own description of the sandbox as `IsolationInfo`.
public struct ChannelRecord<IsolationInfo: Codable>: Codable {
    /// What a record says.
    public enum Kind: String, Codable, Sendable {
        /// A test's verdict.
        case result
        /// The exercise's initialiser returned once.
        case constructed
        /// The isolation the test process measured from inside.
        case sandbox
        /// Something the runner itself could not do: the grader's fault, never the learner's.
        case toolError
        /// The test waits (for a call to return, a completion to run) until its deadline;
        /// the grader tells it on ``ChannelDescriptor/notices`` once every other thread of the process is
        /// provably stuck (see `StallProbe`), and the wait ends early.
        case waiting
        /// The wait announced last is over.
        case waited
        /// ThreadSanitizer or the dynamic-access check reported a race in this process
        /// (written from inside them, `Sources/Harness/AccessCheck/RaceNotice.c`): the report
        /// on standard error is theirs, not text the code under test printed.
        case race
    }

    /// The run's secret: a record without it is not the runner's.
    public var nonce: String
    public var kind: Kind
    /// For `result`: the test's name, `pass` or `fail`, and the message (the note, for a pass).
    public var test: String?
    public var status: String?
    public var message: String?
    /// For `sandbox`.
    public var isolation: IsolationInfo?
    /// For `waiting`: the waiting thread's id, as the test process sees it.
    public var thread: Int32?
    /// For `waiting` and `waited`: the wait's number, counting from 1 in the test process.
    public var wait: Int?

    /// A record of `kind`, with whichever fields that kind carries.
    public init(nonce: String, kind: Kind, test: String? = nil, status: String? = nil, message: String? = nil, isolation: IsolationInfo? = nil, thread: Int32? = nil, wait: Int? = nil) {
        self.nonce = nonce
        self.kind = kind
        self.test = test
        self.status = status
        self.message = message
        self.isolation = isolation
        self.thread = thread
        self.wait = wait
    }
}
