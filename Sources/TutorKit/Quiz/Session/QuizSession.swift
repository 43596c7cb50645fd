import CacheEngine
import Foundation
import TutorTerminal

/// Takes one or more quizzes with a learner: one question at a time, immediate feedback,
/// a score with partial credit, and a review of what was missed.
///
/// It reads through a ``LineReader`` (libedit in a terminal, plain standard input in a
/// pipe, a script in tests) and writes through a ``Console``, so `cachetutor quiz` and the
/// `quiz` command of `cachetutor learn` run this same code. Saving results is left to the
/// caller (the command layer saves it to progress): the session itself has no other effects.
///
///     let session = QuizSession(quizzes: [quiz], reader: reader, console: console)
///     let results = session.run()
public final class QuizSession {
    /// How a session runs.
    public struct Options: Sendable {
        /// Shuffle the questions of each quiz and the choices of each question (the
        /// default: a file's order would teach "the answer is usually a").
        public var shuffle: Bool
        /// The seed of the shuffle; the same seed gives the same order. Each quiz of a
        /// session starts from it afresh, so an attempt's saved seed replays its order.
        public var seed: UInt64
        /// Repeat each answer after reading it, so a transcript from a pipe shows it.
        public var echoAnswers: Bool

        /// Options; the seed only matters with `shuffle`.
        public init(shuffle: Bool = true, seed: UInt64 = 0, echoAnswers: Bool = false) {
            self.shuffle = shuffle
            self.seed = seed
            self.echoAnswers = echoAnswers
        }
    }

    let quizzes: [Quiz]
    let reader: any LineReader
    let console: Console
    let options: Options
    let now: () -> Date
    /// Set once input ends: every later quiz is skipped.
    private(set) var endedEarly = false

    /// A session over `quizzes`, taken in order.
    public init(quizzes: [Quiz], reader: any LineReader, console: Console, options: Options = Options(), now: @escaping () -> Date = Date.init) {
        self.quizzes = quizzes
        self.reader = reader
        self.console = console
        self.options = options
        self.now = now
    }

    var style: TerminalStyle { console.style }

    /// Runs every quiz and returns one result for each quiz that was started.
    ///
    /// Ctrl-D (end of input) stops the session: the quiz under way is scored as far as it
    /// went and marked incomplete.
    public func run() -> [QuizResult] {
        var results: [QuizResult] = []
        for quiz in quizzes where !endedEarly {
            if quizzes.count > 1 {
                console.line(style.paint("━━ Quiz \(quiz.name) · \(quiz.questions.count) question\(quiz.questions.count == 1 ? "" : "s") ━━", .bold))
                console.line()
            }
            let result = take(quiz)
            results.append(result)
            printSummary(of: result)
        }
        if results.count > 1 { printTotal(results) }
        return results
    }

    /// The questions of `quiz` in the order and with the choices a session shows them:
    /// file order when `seed` is nil, else shuffled from `seed` as an attempt with that seed
    /// shows them.
    public static func presentation(of quiz: Quiz, seed: UInt64?) -> [PresentedQuestion] {
        var generator = seed.map(SplitMix64.init(seed:))
        // Shuffling moves questions only: a description stays where the author put it.
        var order = Array(quiz.questions.indices)
        if var g = generator {
            let movable = order.filter { quiz.questions[$0].kind != .description }
            var shuffled = movable.shuffled(using: &g).makeIterator()
            order = order.map { quiz.questions[$0].kind == .description ? $0 : shuffled.next()! }
            generator = g
        }
        return order.map { PresentedQuestion(quiz.questions[$0], shuffleWith: &generator) }
    }

    func take(_ quiz: Quiz) -> QuizResult {
        let started = now()
        var answers: [AnsweredQuestion] = []
        // Descriptions are shown but not numbered: they ask nothing.
        let total = quiz.questions.filter { $0.kind != .description }.count
        var number = 0
        for presented in Self.presentation(of: quiz, seed: options.shuffle ? options.seed : nil) {
            if case .description = presented.question.kind {
                show(presented, number: nil, of: total)
                console.line()
                continue
            }
            number += 1
            show(presented, number: number, of: total)
            guard let response = ask(presented) else {
                endedEarly = true
                console.line()
                console.line(style.paint("Quiz ended early.", .yellow))
                break
            }
            let answered = AnsweredQuestion(
                question: presented.question,
                number: number,
                response: response,
                responseText: QuizSession.describe(response, to: presented.question),
                score: presented.question.isScored ? QuizScorer.score(presented.question, response) : nil
            )
            showFeedback(for: answered, presented: presented)
            answers.append(answered)
        }
        return QuizResult(
            quiz: quiz.name, answers: answers, scoredQuestionCount: quiz.scoredCount,
            completed: !endedEarly, startedAt: started, finishedAt: now(),
            shuffleSeed: options.shuffle ? options.seed : nil
        )
    }

    /// Reads until a valid answer, or nil when input ends.
    func ask(_ presented: PresentedQuestion) -> QuizResponse? {
        while true {
            switch reader.readLine(prompt: "answer> ") {
            case .endOfInput:
                return nil
            case .interrupted:
                console.line(style.paint("(Ctrl-D ends the quiz with the score so far)", .dim))
            case let .line(text):
                if options.echoAnswers { console.line("answer> \(text)") }
                if text.trimmingWhitespace().isEmpty, !isEssay(presented) {
                    console.line(style.paint(QuizAnswerParser.hint(for: presented), .dim))
                    continue
                }
                switch QuizAnswerParser.parse(text, for: presented) {
                case let .success(response): return response
                case let .failure(problem): console.line(style.paint(problem.hint, .yellow))
                }
            }
        }
    }

    func isEssay(_ presented: PresentedQuestion) -> Bool {
        if case .essay = presented.question.kind { return true }
        return false
    }

    /// The response in words, independent of display order.
    static func describe(_ response: QuizResponse, to question: GIFTQuestion) -> String {
        switch (response, question.kind) {
        case let (.choice(index), .multipleChoice(choices)) where choices.indices.contains(index):
            return choices[index].text.text
        case let (.choices(picked), .multipleChoice(choices)):
            return picked.sorted().filter(choices.indices.contains).map { choices[$0].text.text }.joined(separator: " + ")
        case let (.trueFalse(value), _):
            return value ? "true" : "false"
        case let (.text(text), _):
            return text
        case let (.number(value), _):
            return GIFTNumericalValue.format(value)
        case let (.matches(chosen), .matching(pairs)):
            return zip(pairs.filter { !$0.isDistractor }, chosen).map { "\($0.subquestion.text) → \($1)" }.joined(separator: "; ")
        default:
            return ""
        }
    }
}
