import Foundation

/// Where the learner stands in one lesson: the summary `cachetutor progress` prints.
public struct LessonProgress: Codable, Sendable, Equatable {
    /// The lesson's name, the stem of its file (`05-eviction`).
    public var lesson: String
    /// The page last shown (from 1), or nil when never opened.
    public var page: Int?
    /// The furthest page reached.
    public var furthestPage: Int?
    /// The lesson's number of pages, as last reported by `learn`.
    public var pageCount: Int?
    /// Whether the learner reached the lesson's last page.
    public var finished: Bool
    /// The try-it steps done, by their identifiers.
    public var stepsDone: [String]
    /// How many hints were shown.
    public var hintsUsed: Int
    /// Attempts at the quiz of the same name.
    public var quizAttempts: Int
    /// The best score of a completed attempt, as a fraction 0…1.
    public var bestQuizScore: Double?
    /// When anything in the lesson last changed.
    public var lastActivity: Date?

    /// A summary with every field given.
    public init(lesson: String, page: Int? = nil, furthestPage: Int? = nil, pageCount: Int? = nil, finished: Bool = false, stepsDone: [String] = [], hintsUsed: Int = 0, quizAttempts: Int = 0, bestQuizScore: Double? = nil, lastActivity: Date? = nil) {
        self.lesson = lesson
        self.page = page
        self.furthestPage = furthestPage
        self.pageCount = pageCount
        self.finished = finished
        self.stepsDone = stepsDone
        self.hintsUsed = hintsUsed
        self.quizAttempts = quizAttempts
        self.bestQuizScore = bestQuizScore
        self.lastActivity = lastActivity
    }

    /// Whether nothing at all has been recorded for the lesson.
    public var isUntouched: Bool { page == nil && stepsDone.isEmpty && hintsUsed == 0 && quizAttempts == 0 }
}

/// The place `cachetutor learn` reopens at.
public struct ResumePoint: Codable, Sendable, Equatable {
    /// The lesson's name (`05-eviction`).
    public var lesson: String
    /// The page, from 1.
    public var page: Int
    /// When the learner was last there.
    public var date: Date

    /// A resume point with every field given.
    public init(lesson: String, page: Int, date: Date) {
        self.lesson = lesson
        self.page = page
        self.date = date
    }
}
