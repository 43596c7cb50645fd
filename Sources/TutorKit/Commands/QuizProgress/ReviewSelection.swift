import CacheEngine
import TutorProgress
import TutorQuiz

/// Which questions `cachetutor quiz review` asks, and from which quiz each comes.
///
/// Every question whose review card is due comes first in the pool; with `--all`, a few
/// more questions from the quiz of each lesson already read join it, so a review also mixes
/// in what was never missed. The session shuffles the pool like any quiz.
public enum ReviewSelection {
    /// A question to ask and the quiz it belongs to.
    public struct Item: Sendable {
        /// The quiz's name (`05-eviction`).
        public var quiz: String
        /// The question.
        public var question: GIFTQuestion
    }

    /// The questions of `quizzes` that `due` names, plus, when `lessonsRead` is given, up to
    /// `extraPerLesson` other questions drawn with `generator` from each quiz named there.
    ///
    /// A card whose question is no longer in its quiz (renamed or removed) is skipped.
    public static func items(due: [ReviewCard], quizzes: [Quiz], lessonsRead: Set<String>?, extraPerLesson: Int = 2, generator: inout SplitMix64) -> [Item] {
        var items: [Item] = []
        var chosen = Set<[String]>()
        for card in due {
            guard let quiz = quizzes.first(where: { $0.name == card.quiz }),
                  let question = quiz.questions.first(where: { $0.isScored && $0.attemptKey == card.question }),
                  chosen.insert([quiz.name, card.question]).inserted else { continue }
            items.append(Item(quiz: quiz.name, question: question))
        }
        guard let lessonsRead else { return items }
        for quiz in quizzes where lessonsRead.contains(quiz.name) {
            let others = quiz.questions.filter { $0.isScored && !chosen.contains([quiz.name, $0.attemptKey]) }
            for question in others.shuffled(using: &generator).prefix(extraPerLesson) {
                chosen.insert([quiz.name, question.attemptKey])
                items.append(Item(quiz: quiz.name, question: question))
            }
        }
        return items
    }
}

extension GIFTQuestion {
    /// How attempts and review cards name the question: its `[id:…]`, else its title or the
    /// start of its text.
    public var attemptKey: String { id ?? displayName }
}
