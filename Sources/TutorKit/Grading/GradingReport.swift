/// How one hidden test ended.
public enum TestStatus: String, Codable, Sendable, CaseIterable {
    /// The test ran to the end and every check held.
    case pass
    /// The test ran to the end and a check failed.
    case fail
    /// The process running the test died (a trap, a signal, a forced unwrap of nil…).
    case crash
    /// The test went over its wall-clock or CPU limit and was killed.
    case timeout
    /// The test's process ended without reporting a result (e.g. the submission called `exit`).
    case incomplete
}

/// The result of one hidden test on one submission.
public struct TestResult: Codable, Sendable, Equatable {
    /// A stable identifier (`miss_generates_once`).
    public var name: String
    /// The contract point the test checks, in one line.
    public var summary: String
    /// How it ended.
    public var status: TestStatus
    /// What happened and what was expected, when it did not pass.
    public var message: String?
    /// The lesson that explains the contract point (`05-eviction`).
    public var lesson: String?
    /// The number of the exercise README's contract point the test checks (nil for an
    /// instructor's extra test, and in old gradebooks).
    public var point: Int?
    /// What a passing test reported about the run (the lesson-example runner's engine
    /// summary, as JSON); nil for other tests.
    public var note: String?
    /// What the submission printed during the test, capped.
    public var output: String
    /// Wall-clock time of the test.
    public var durationMilliseconds: Int
    /// The isolation the test process measured (nil for tests not run, and in old gradebooks).
    public var isolation: IsolationReport?
    /// Why this verdict may have depended on timing (a data race the race detector saw, or
    /// reruns that disagreed), in a few words; nil when nothing says it did. Reports show it
    /// beside the verdict instead of letting a regrade differ silently.
    public var timingDependence: String? = nil

    /// A result with every field given.
    public init(name: String, summary: String, status: TestStatus, message: String? = nil, lesson: String? = nil, output: String = "", durationMilliseconds: Int = 0, isolation: IsolationReport? = nil, point: Int? = nil) {
        self.point = point
        self.name = name
        self.summary = summary
        self.status = status
        self.message = message
        self.lesson = lesson
        self.output = output
        self.durationMilliseconds = durationMilliseconds
        self.isolation = isolation
    }
}

/// The verdict on a whole submission.
public enum ReportStatus: String, Codable, Sendable {
    /// Every test passed.
    case pass
    /// It compiled and ran, and some test did not pass.
    case fail
    /// It did not compile or could not be run at all.
    case error
}

/// Everything grading one submission found, ready to be formatted as text, JSON or XML.
public struct GradingReport: Codable, Sendable, Equatable {
    /// The exercise graded (`ThumbnailCache`).
    public var exercise: String
    /// The submission's path as the user named it.
    public var file: String
    /// The overall verdict.
    public var status: ReportStatus
    /// The compiler's diagnostics, against the learner's own path, when it did not compile.
    public var compilerMessage: String?
    /// One result per hidden test, in the tests' order.
    public var tests: [TestResult]
    /// The number of tests passed.
    public var score: Int
    /// The number of tests.
    public var maxScore: Int
    /// Wall-clock time of the whole grading.
    public var durationMilliseconds: Int
    /// The isolation every test ran with (nil in old gradebooks).
    public var isolation: IsolationReport?
    /// Time spent auditing and compiling the file (nil in old gradebooks).
    public var compileMilliseconds: Int?

    /// A report with every field given.
    public init(exercise: String, file: String, status: ReportStatus, compilerMessage: String? = nil, tests: [TestResult], score: Int, maxScore: Int, durationMilliseconds: Int, isolation: IsolationReport? = nil) {
        self.exercise = exercise
        self.file = file
        self.status = status
        self.compilerMessage = compilerMessage
        self.tests = tests
        self.score = score
        self.maxScore = maxScore
        self.durationMilliseconds = durationMilliseconds
        self.isolation = isolation
    }
}
