/// What the progress store knows about one lesson.
public struct LessonRecord: Sendable, Equatable {
    /// The page last shown (from 1), or nil when never opened.
    public var page: Int?
    /// The furthest page reached.
    public var furthestPage: Int?
    /// The try-it steps done, by identifier (``LearnSession/stepIdentifier(page:)``, `3.1` for the step on page 3).
    public var stepsDone: Set<String>
    /// How many hints were shown.
    public var hintsUsed: Int
    /// The best completed quiz score, 0…1.
    public var bestQuizScore: Double?

    /// A record with every field given.
    public init(page: Int? = nil, furthestPage: Int? = nil, stepsDone: Set<String> = [], hintsUsed: Int = 0, bestQuizScore: Double? = nil) {
        self.page = page
        self.furthestPage = furthestPage
        self.stepsDone = stepsDone
        self.hintsUsed = hintsUsed
        self.bestQuizScore = bestQuizScore
    }
}
