import Foundation
import Testing
@testable import TutorQuiz
import TutorTestSupport

/// A learner who never reads the questions and always answers the first choice (`a`, or
/// `t` for true/false, `a` for every item of a matching question) must not pass the
/// course's quizzes: over all of them that scores at most 30%, whether the choices are
/// shuffled as `quiz` and `learn` shuffle them by default or shown in the files' order.
@Suite struct BlindGuessingTests {
    static let quizzesFolder = PackageRoot.appending("Quizzes")

    static func quizzes() throws -> [Quiz] {
        let names = try FileManager.default.contentsOfDirectory(atPath: quizzesFolder.path).filter { $0.hasSuffix(".gift") }.sorted()
        return try names.map { name in
            let url = quizzesFolder.appendingPathComponent(name)
            return Quiz(name: String(name.dropLast(5)), questions: try GIFTParser.parseFile(at: url, displayPath: name).questions)
        }
    }

    /// What answering the first choice shown earns; typed answers (short, numerical) earn 0.
    static func firstChoiceCredit(_ presented: PresentedQuestion) -> Double {
        let question = presented.question
        let response: QuizResponse
        switch question.kind {
        case .multipleChoice:
            response = presented.allowsSeveralChoices ? .choices([presented.choiceOrder[0]]) : .choice(presented.choiceOrder[0])
        case .trueFalse:
            response = .trueFalse(true)
        case let .matching(pairs):
            response = .matches(Array(repeating: presented.matchOptions[0], count: pairs.filter { !$0.isDistractor }.count))
        default:
            return 0
        }
        return QuizScorer.score(question, response).credit
    }

    /// The blind score over every scored question of every quiz, 0…1.
    static func blindScore(_ quizzes: [Quiz], seed: UInt64?) -> Double {
        let presented = quizzes.flatMap { QuizSession.presentation(of: $0, seed: seed) }.filter(\.question.isScored)
        return presented.map(firstChoiceCredit).reduce(0, +) / Double(presented.count)
    }

    @Test func shuffledAsByDefaultTheFirstChoiceScoresAtMost30Percent() throws {
        let quizzes = try Self.quizzes()
        #expect(quizzes.count == 10)
        // The seeds a learner gets: any of 0...999_999; a fixed sample of them, in order.
        let seeds = stride(from: UInt64(0), to: 1_000_000, by: 4_999)
        let scores = seeds.map { Self.blindScore(quizzes, seed: $0) }
        let mean = scores.reduce(0, +) / Double(scores.count)
        print("always answering a, shuffled: \(Int((mean * 100).rounded()))% on average over \(scores.count) seeds")
        #expect(mean <= 0.30, "always answering a scores \(Int((mean * 100).rounded()))% on average")
    }

    @Test func inTheFilesOrderTheFirstChoiceScoresAtMost30Percent() throws {
        let score = Self.blindScore(try Self.quizzes(), seed: nil)
        print("always answering a, in the files' order: \(Int((score * 100).rounded()))%")
        #expect(score <= 0.30, "always answering a scores \(Int((score * 100).rounded()))% with --no-shuffle")
    }

    @Test func theRealQuizzesLintCleanUnderStrict() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.quizzesFolder.path).filter { $0.hasSuffix(".gift") }.sorted()
        let parsed = try files.map { name in
            (path: name, result: try GIFTParser.parseFileCollectingErrors(at: Self.quizzesFolder.appendingPathComponent(name), displayPath: name))
        }
        #expect(GIFTLinter.lint(parsed).map(\.formatted) == [])
    }
}
