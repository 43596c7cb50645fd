import Foundation

/// One attempt at a quiz, with every answer given.
public struct QuizAttemptRecord: Codable, Sendable, Equatable {
    /// The quiz's name, the stem of its file (`05-eviction`).
    public var quiz: String
    /// Points earned (partial credit makes it fractional).
    public var score: Double
    /// Points available.
    public var maxScore: Double
    /// The answers, in the order the questions were asked.
    public var answers: [QuizAnswerRecord]
    /// Whether the learner reached the end (false when they left part-way).
    public var completed: Bool
    /// When the first question was shown.
    public var startedAt: Date
    /// When the attempt ended.
    public var finishedAt: Date
    /// The seed the questions and choices were shuffled with; nil when shown in file order.
    /// `cachetutor quiz NAME --seed N` shows the same order again.
    public var shuffleSeed: UInt64?

    /// An attempt with every field given.
    public init(quiz: String, score: Double, maxScore: Double, answers: [QuizAnswerRecord], completed: Bool, startedAt: Date, finishedAt: Date, shuffleSeed: UInt64? = nil) {
        self.quiz = quiz
        self.score = score
        self.maxScore = maxScore
        self.answers = answers
        self.completed = completed
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.shuffleSeed = shuffleSeed
    }
}

/// One answer within a quiz attempt.
public struct QuizAnswerRecord: Codable, Sendable, Equatable {
    /// The question's identifier or title, as the quiz names it.
    public var question: String
    /// What the learner answered, as they typed or chose it.
    public var response: String
    /// The fraction of the question's points earned, 0…1.
    public var credit: Double

    /// An answer with every field given.
    public init(question: String, response: String, credit: Double) {
        self.question = question
        self.response = response
        self.credit = credit
    }
}
