import Foundation

/// A question the learner once missed, in its Leitner box: when it is next due for review.
///
/// Cards are keyed by quiz and question (the question's `[id:…]` or title, as attempts
/// name it). A card exists only for a question that was missed or partly right at least
/// once; ``ReviewSchedule`` moves it between boxes.
public struct ReviewCard: Sendable, Equatable {
    /// The quiz the question belongs to (`05-eviction`).
    public var quiz: String
    /// The question's identifier or title.
    public var question: String
    /// The Leitner box, from 1 (ask again soon) to ``ReviewSchedule/topBox``.
    public var box: Int
    /// When the question is next due.
    public var dueAt: Date
    /// When it was last answered, in a quiz or a review.
    public var answeredAt: Date

    /// A card with every field given.
    public init(quiz: String, question: String, box: Int, dueAt: Date, answeredAt: Date) {
        self.quiz = quiz
        self.question = question
        self.box = box
        self.dueAt = dueAt
        self.answeredAt = answeredAt
    }

    /// Whether the card is due at `date`.
    public func isDue(at date: Date) -> Bool { dueAt <= date }
}
