import Foundation

/// The Leitner system behind `cachetutor quiz review`: where a question goes after an answer.
///
/// A question missed or partly right goes to box 1, due at once. A fully right answer moves
/// a card up one box (at most ``topBox``), due after that box's interval; a right answer to
/// a question without a card needs no review and makes none. The clock is the answer's own
/// time, so the schedule is a pure function and tests pass the dates they want.
///
///     let card = ReviewSchedule.next(after: nil, quiz: "05-eviction", question: "05 Strict LRU",
///                                    credit: 0, at: now)
///     // box 1, due now; answered right later: box 2, due a day after that answer
public enum ReviewSchedule {
    /// How long a card waits in each box, box 1 first: at once, then 1, 3, 7 and 21 days.
    public static let intervals: [TimeInterval] = [0, 1, 3, 7, 21].map { $0 * 86_400 }

    /// The highest box.
    public static var topBox: Int { intervals.count }

    /// Credit at or above this counts as fully right (credit is a sum of fractions).
    static let fullCredit = 1 - 1e-9

    /// The interval of `box` (clamped to the boxes that exist).
    public static func interval(ofBox box: Int) -> TimeInterval {
        intervals[min(max(box, 1), topBox) - 1]
    }

    /// The card after answering `question` of `quiz` with `credit` at `date`, given its
    /// card before (`nil` when it had none); `nil` when it needs no card.
    public static func next(after card: ReviewCard?, quiz: String, question: String, credit: Double, at date: Date) -> ReviewCard? {
        if credit < fullCredit {
            return ReviewCard(quiz: quiz, question: question, box: 1, dueAt: date, answeredAt: date)
        }
        guard let card else { return nil }
        let box = min(card.box + 1, topBox)
        return ReviewCard(quiz: quiz, question: question, box: box, dueAt: date.addingTimeInterval(interval(ofBox: box)), answeredAt: date)
    }
}
