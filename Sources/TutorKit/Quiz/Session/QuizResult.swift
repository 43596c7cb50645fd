import Foundation

/// One question as it was answered in a session.
public struct AnsweredQuestion: Sendable {
    /// The question, as parsed.
    public var question: GIFTQuestion
    /// Its number in the quiz as shown (from 1).
    public var number: Int
    /// What was answered.
    public var response: QuizResponse
    /// What was answered, in words that do not depend on the display order ("LRU", "a + b").
    public var responseText: String
    /// How it scored; nil for an essay or a description, which earn nothing.
    public var score: QuizScore?
}

/// The outcome of one quiz in a session, complete or stopped early.
public struct QuizResult: Sendable {
    /// The quiz's name (`05-eviction`).
    public var quiz: String
    /// The answers given, in the order asked.
    public var answers: [AnsweredQuestion]
    /// How many questions of the quiz earn credit.
    public var scoredQuestionCount: Int
    /// Whether every question was answered (false after Ctrl-D).
    public var completed: Bool
    /// When the first question was shown.
    public var startedAt: Date
    /// When the last answer was given.
    public var finishedAt: Date
    /// The seed the quiz was shuffled with, nil when it was shown in file order.
    public var shuffleSeed: UInt64? = nil

    /// The credit earned, summed over the answers.
    public var score: Double { answers.compactMap(\.score?.credit).reduce(0, +) }

    /// The most that could have been earned: every scored question when complete, else
    /// the scored questions answered so far.
    public var maxScore: Int {
        completed ? scoredQuestionCount : answers.filter { $0.score != nil }.count
    }

    /// The answers that did not earn full credit.
    public var missed: [AnsweredQuestion] {
        answers.filter { ($0.score?.verdict ?? .right) != .right }
    }
}
