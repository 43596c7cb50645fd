import Foundation
import TutorStorage

/// The Leitner cards of `cachetutor quiz review`, kept beside the quiz attempts that make them.
extension ProgressStore {
    /// Applies `credit` for `question` of `quiz`, answered at `date`, to its review card
    /// (see ``ReviewSchedule``).
    public func recordReview(quiz: String, question: String, credit: Double, at date: Date = Date()) throws {
        try database.transaction { try applyReview(quiz: quiz, question: question, credit: credit, at: date) }
    }

    /// Every card, soonest due first.
    public func reviewCards() throws -> [ReviewCard] {
        try database.query(
            "SELECT quiz, question, box, due_at, answered_at FROM review_card ORDER BY due_at, quiz, question", []
        ) { ReviewCard(quiz: $0.string(0), question: $0.string(1), box: $0.int(2), dueAt: $0.date(3), answeredAt: $0.date(4)) }
    }

    /// The cards due at `date`, soonest due first.
    public func dueReviewCards(at date: Date = Date()) throws -> [ReviewCard] {
        try reviewCards().filter { $0.isDue(at: date) }
    }

    /// The lessons the learner has opened in `learn`, by id (`05-eviction`), in order:
    /// what `quiz review --all` draws from.
    public func lessonsStarted() throws -> [String] {
        try database.query("SELECT lesson FROM lesson ORDER BY lesson", []) { $0.string(0) }
    }

    /// Moves the card of one answer, if it needs one; runs inside the caller's transaction.
    func applyReview(quiz: String, question: String, credit: Double, at date: Date) throws {
        let current = try database.query(
            "SELECT box, due_at, answered_at FROM review_card WHERE quiz = ? AND question = ?", [.text(quiz), .text(question)]
        ) { ReviewCard(quiz: quiz, question: question, box: $0.int(0), dueAt: $0.date(1), answeredAt: $0.date(2)) }.first
        guard let next = ReviewSchedule.next(after: current, quiz: quiz, question: question, credit: credit, at: date) else { return }
        try database.execute("""
            INSERT INTO review_card (quiz, question, box, due_at, answered_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (quiz, question) DO UPDATE SET box = excluded.box, due_at = excluded.due_at, answered_at = excluded.answered_at
            """, [.text(quiz), .text(question), .int(next.box), .real(next.dueAt.timeIntervalSince1970), .real(next.answeredAt.timeIntervalSince1970)])
    }
}
