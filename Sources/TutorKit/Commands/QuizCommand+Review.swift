import CacheEngine
import Foundation
import TutorCourse
import TutorProgress
import TutorQuiz
import TutorTerminal

/// `cachetutor quiz review [--all]`: the questions missed earlier, asked again when due.
extension QuizCommand {
    /// Asks the due review questions (and with `all`, some from every lesson opened), then
    /// moves each answered question's Leitner card.
    static func review(all: Bool, reader: any LineReader, options: QuizSession.Options, announceSeed: Bool = false,
                       course: CourseLocation, context: CommandContext) throws -> ExitCode {
        let console = context.console
        let store = try ProgressStore.open(environment: context.environment) { console.warning($0) }
        let catalog = try QuizCatalog(folder: course.quizzes, displayPath: display(course.quizzes, in: context))
        let quizzes = try catalog.entries.map { entry in
            Quiz(name: entry.name, questions: try GIFTParser.parseFile(at: entry.url, displayPath: display(entry.url, in: context)).questions)
        }
        let cards = try store.reviewCards()
        let now = Date()
        let due = cards.filter { $0.isDue(at: now) }
        var generator = SplitMix64(seed: options.seed)
        let read = all ? Set(try store.lessonsStarted()) : nil
        let items = ReviewSelection.items(due: due, quizzes: quizzes, lessonsRead: read, generator: &generator)
        guard !items.isEmpty else {
            console.wrapped(nothingDue(cards: cards, due: due.count, all: all, now: now))
            return .success
        }

        if announceSeed { announce(seed: options.seed, console: console) }
        let sources = Dictionary(items.map { ($0.question.attemptKey, $0.quiz) }, uniquingKeysWith: { first, _ in first })
        let fromQuizzes = Set(items.map(\.quiz)).count
        console.line(console.style.paint("Review: \(items.count) question\(items.count == 1 ? "" : "s") from \(fromQuizzes) quiz\(fromQuizzes == 1 ? "" : "zes"). Ctrl-D ends early.", .bold))
        console.line()
        let results = QuizSession(quizzes: [Quiz(name: "review", questions: items.map(\.question))], reader: reader, console: console, options: options).run()
        for answered in results.flatMap(\.answers) {
            guard let score = answered.score, let quiz = sources[answered.question.attemptKey] else { continue }
            try store.recordReview(quiz: quiz, question: answered.question.attemptKey, credit: score.credit, at: Date())
        }
        let left = try store.dueReviewCards().count
        console.line(left == 0 ? "Nothing else is due now." : "\(left) question\(left == 1 ? " is" : "s are") still due: missed questions come back at once.")
        return .success
    }

    /// What to say when there is nothing to ask: when the next card is due, or how cards come about.
    static func nothingDue(cards: [ReviewCard], due: Int, all: Bool, now: Date) -> String {
        if due > 0 {
            return "\(due) question\(due == 1 ? " is" : "s are") due, but no quiz of this course holds \(due == 1 ? "it" : "them") any more (another course, or a question rewritten since)."
        }
        if let next = cards.map(\.dueAt).filter({ $0 > now }).min() {
            let days = Int((next.timeIntervalSince(now) / 86_400).rounded(.up))
            return "Nothing is due for review yet; the next question comes back in \(days) day\(days == 1 ? "" : "s") (\(cards.count) in the boxes)."
        }
        if all { return "Nothing to review: open a lesson with 'cachetutor learn' first, or take a quiz." }
        return "Nothing to review: questions you miss in a quiz come back here. Try 'cachetutor quiz review --all' to mix questions from the lessons you have opened."
    }
}
