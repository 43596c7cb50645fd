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
        #expect(quizzes.count == 12)
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

    /// A strategy that never reads the question: which choice it answers. `middle` rules
    /// out the longest and the shortest choice and guesses among the rest, the way a
    /// learner who has noticed that "it is never the longest" would.
    enum Strategy: String, CaseIterable {
        case first, longest, shortest, random, middle
    }

    /// The index (in the question's choices) of the choice `strategy` answers among `order`.
    static func pick(_ strategy: Strategy, texts: [String], order: [Int]) -> Int {
        switch strategy {
        case .first, .random, .middle: return order[0]
        case .longest: return order.max { texts[$0].count < texts[$1].count }!
        case .shortest: return order.min { texts[$0].count < texts[$1].count }!
        }
    }

    /// The choices `middle` guesses among: all but one longest and one shortest, when at
    /// least three are left to rule out from.
    static func middle(texts: [String]) -> [Int] {
        let order = Array(texts.indices)
        guard order.count >= 3 else { return order }
        let ruledOut = [pick(.longest, texts: texts, order: order), pick(.shortest, texts: texts, order: order)]
        return order.filter { !ruledOut.contains($0) }
    }

    /// The credit `strategy` earns on `presented`, as an expectation for `random` and
    /// `middle`. Typed
    /// answers earn 0; a true/false question gives no length cue, so `longest` and
    /// `shortest` guess it (0.5 expected) and `first` answers true, as `a` shows true.
    /// A several-answer question gets one choice ticked, like a single-answer one.
    static func credit(_ strategy: Strategy, _ presented: PresentedQuestion) -> Double {
        let question = presented.question
        switch question.kind {
        case let .multipleChoice(choices):
            let several = presented.allowsSeveralChoices
            func score(_ index: Int) -> Double {
                QuizScorer.score(question, several ? .choices([index]) : .choice(index)).credit
            }
            if strategy == .random { return choices.indices.map(score).reduce(0, +) / Double(choices.count) }
            if strategy == .middle {
                let left = middle(texts: choices.map(\.text.text))
                return left.map(score).reduce(0, +) / Double(left.count)
            }
            return score(pick(strategy, texts: choices.map(\.text.text), order: presented.choiceOrder))
        case .trueFalse:
            switch strategy {
            case .first: return QuizScorer.score(question, .trueFalse(true)).credit
            default: return (QuizScorer.score(question, .trueFalse(true)).credit + QuizScorer.score(question, .trueFalse(false)).credit) / 2
            }
        case let .matching(pairs):
            let items = pairs.filter { !$0.isDistractor }.count
            let options = presented.matchOptions
            func score(_ option: String) -> Double {
                QuizScorer.score(question, .matches(Array(repeating: option, count: items))).credit
            }
            if strategy == .random { return options.map(score).reduce(0, +) / Double(options.count) }
            if strategy == .middle {
                let left = middle(texts: options)
                return left.map { score(options[$0]) }.reduce(0, +) / Double(left.count)
            }
            let index = pick(strategy, texts: options, order: Array(options.indices))
            return score(options[index])
        default:
            return 0
        }
    }

    /// The mean credit of `strategy` over `presented` (scored questions only), 0…1.
    static func mean(_ strategy: Strategy, _ presented: [PresentedQuestion]) -> Double {
        let scored = presented.filter(\.question.isScored)
        return scored.map { credit(strategy, $0) }.reduce(0, +) / Double(scored.count)
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    @Test func middleRulesOutOneLongestAndOneShortest() {
        #expect(Self.middle(texts: ["aaaa", "a", "aa", "aaa"]) == [2, 3])
        #expect(Self.middle(texts: ["a", "bb"]) == [0, 1])
    }

    /// Every blind strategy scores about what random guessing scores: within 5 points over
    /// the course, in the files' order and shuffled. The figures are printed, per quiz too
    /// (`swift test --filter BlindGuessingTests`).
    @Test func noBlindStrategyBeatsRandomGuessing() throws {
        let quizzes = try Self.quizzes()
        let inOrder = quizzes.flatMap { QuizSession.presentation(of: $0, seed: nil) }
        for quiz in quizzes {
            let presented = QuizSession.presentation(of: quiz, seed: nil)
            let figures = Strategy.allCases.map { "\($0.rawValue) \(Self.percent(Self.mean($0, presented)))" }
            print("blind strategies, \(quiz.name): \(figures.joined(separator: ", "))")
        }
        let random = Self.mean(.random, inOrder)
        var lines: [String] = []
        for strategy in Strategy.allCases {
            let score = Self.mean(strategy, inOrder)
            lines.append("\(strategy.rawValue) \(Self.percent(score))")
            #expect(score <= random + 0.05, "always answering the \(strategy.rawValue) choice scores \(Self.percent(score)); random guessing \(Self.percent(random))")
        }
        let seeds = Array(stride(from: UInt64(0), to: 1_000_000, by: 49_999))
        let shuffledFirst = seeds.map { seed in Self.mean(.first, quizzes.flatMap { QuizSession.presentation(of: $0, seed: seed) }) }.reduce(0, +) / Double(seeds.count)
        lines.append("first, shuffled \(Self.percent(shuffledFirst))")
        #expect(shuffledFirst <= random + 0.05)
        print("blind strategies over the course: \(lines.joined(separator: ", "))")

        // Several-answer questions: ticking every choice must not pay either.
        let several = inOrder.filter(\.allowsSeveralChoices)
        let tickAll = several.map { presented -> Double in
            guard case let .multipleChoice(choices) = presented.question.kind else { return 0 }
            return QuizScorer.score(presented.question, .choices(Set(choices.indices))).credit
        }
        let allMean = tickAll.reduce(0, +) / Double(max(1, tickAll.count))
        print("several-answer questions: ticking every choice scores \(Self.percent(allMean)) over \(several.count) questions")
        #expect(allMean <= 0.25)

        // True/false questions: always true and always false both stay near half.
        let trueFalse = inOrder.filter { if case .trueFalse = $0.question.kind { true } else { false } }
        let alwaysTrue = trueFalse.map { QuizScorer.score($0.question, .trueFalse(true)).credit }.reduce(0, +) / Double(max(1, trueFalse.count))
        print("true/false questions: always true scores \(Self.percent(alwaysTrue)) over \(trueFalse.count) questions")
        #expect(abs(alwaysTrue - 0.5) <= 0.2)
    }

    @Test func theRealQuizzesLintCleanUnderStrict() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.quizzesFolder.path).filter { $0.hasSuffix(".gift") }.sorted()
        let parsed = try files.map { name in
            (path: name, result: try GIFTParser.parseFileCollectingErrors(at: Self.quizzesFolder.appendingPathComponent(name), displayPath: name))
        }
        #expect(GIFTLinter.lint(parsed).map(\.formatted) == [])
    }
}
