import Foundation
import Testing
@testable import TutorQuiz
import TutorTerminal
import TutorTestSupport

/// A whole session driven by a scripted reader, its output captured.
@Suite struct QuizSessionTests {
    static let source = """
        Read carefully.

        ::One:: Misses are normal.{T#No: caches drop entries.#Yes.}

        ::Two:: Which type drops entries on its own?{~Array#It keeps everything. =NSCache#It may evict. ~Set#It keeps members.}

        ::Three:: Pick the policies.{~%50%LRU ~%50%FIFO ~%-100%JSON#A format, not a policy.}

        ::Four:: How many bytes in a KiB?{#1024#Two to the tenth.}
        """

    func run(_ lines: [LineReadResult], shuffle: Bool = false, seed: UInt64 = 0) throws -> (results: [QuizResult], output: String, reader: ScriptedLineReader) {
        let quiz = Quiz(name: "01-test", questions: try GIFTParser.parse(Self.source).questions)
        let reader = ScriptedLineReader(results: lines)
        let (console, captured) = Console.capture(width: 80)
        let session = QuizSession(quizzes: [quiz], reader: reader, console: console, options: .init(shuffle: shuffle, seed: seed))
        let results = session.run()
        return (results, captured.out, reader)
    }

    @Test func allRight() throws {
        let (results, output, _) = try run(["t", "b", "a,b", "1024"].map { .line($0) })
        #expect(results.count == 1)
        #expect(results[0].score == 4)
        #expect(results[0].maxScore == 4)
        #expect(results[0].completed)
        #expect(output.contains("Question 1 of 4 · One"))
        #expect(output.contains("Score: 4 / 4 (100%)"))
        #expect(output.contains("Every question right."))
        #expect(!output.contains("\u{1B}["))
    }

    @Test func wrongAnswersAreExplainedAndReviewed() throws {
        let (results, output, _) = try run(["f", "a", "a,c", "1000"].map { .line($0) })
        #expect(results[0].score == 0)
        #expect(output.contains("You chose a) Array: It keeps everything."))
        #expect(output.contains("The answer: b) NSCache: It may evict."))
        #expect(output.contains("You picked c) JSON (wrong): A format, not a policy."))
        #expect(output.contains("Also right: b) FIFO"))
        #expect(output.contains("The answer: 1024."))
        #expect(output.contains("Review of what you missed:"))
        #expect(output.contains("  2. Two (0%)\n     You answered: Array\n     Right answer: NSCache\n     Why: It may evict."))
    }

    @Test func partialCreditIsScored() throws {
        let (results, output, _) = try run(["t", "b", "a", "1024"].map { .line($0) })
        #expect(results[0].score == 3.5)
        #expect(output.contains("◐ Partly right: 50% of the credit."))
        #expect(output.contains("Score: 3.5 / 4 (88%)"))
    }

    @Test func badAnswersAskAgainAndInterruptsAreIgnored() throws {
        let (results, output, reader) = try run([.line("x"), .interrupted, .line(""), .line("t"), .line("q"), .line("b"), .line("a,b"), .line("lots"), .line("1024")])
        #expect(results[0].score == 4)
        #expect(output.contains("answer t for true or f for false"))
        #expect(output.contains("(Ctrl-D ends the quiz with the score so far)"))
        #expect(output.contains("there is no choice 'q'; answer with one letter, a to c"))
        #expect(output.contains("'lots' is not a number"))
        #expect(reader.prompts.count == 9)
    }

    @Test func endOfInputEndsEarlyWithTheScoreSoFar() throws {
        let (results, output, _) = try run([.line("t"), .line("a")])
        #expect(!results[0].completed)
        #expect(results[0].answers.count == 2)
        #expect(results[0].maxScore == 2)
        #expect(output.contains("Quiz ended early."))
        #expect(output.contains("Score: 1 / 2 (50%) so far: 2 of 4 scored questions answered"))
    }

    @Test func endOfInputBeforeAnyAnswerGivesNoScore() throws {
        let (results, output, _) = try run([.line("x")])
        #expect(results[0].answers.isEmpty)
        #expect(output.contains("Quiz ended early."))
        #expect(output.contains("No question answered, so there is no score."))
        #expect(!output.contains("Score: 0 / 0"))
    }

    @Test func theReviewExplainsWithTheGeneralFeedbackFirst() throws {
        let quiz = Quiz(name: "q", questions: try GIFTParser.parse("::Size:: Bytes in a KiB?{#=1024#Right. Two to the tenth.####1 KiB is 2^10 bytes.}").questions)
        let (console, captured) = Console.capture(width: 80)
        _ = QuizSession(quizzes: [quiz], reader: ScriptedLineReader(["1000"]), console: console, options: .init(shuffle: false)).run()
        #expect(captured.out.contains("     Why: 1 KiB is 2^10 bytes."))
        #expect(!captured.out.contains("Why: Right."))
    }

    @Test func choicesAreShuffledByDefaultAndTheSeedIsKeptWithTheResult() throws {
        let quiz = Quiz(name: "q", questions: try GIFTParser.parse(Self.source).questions)
        #expect(QuizSession.Options().shuffle)
        let shuffled = QuizSession(quizzes: [quiz], reader: ScriptedLineReader(["t"]), console: Console.capture().0, options: .init(seed: 77)).run()
        #expect(shuffled.first?.shuffleSeed == 77)
        let inOrder = QuizSession(quizzes: [quiz], reader: ScriptedLineReader(["t"]), console: Console.capture().0, options: .init(shuffle: false)).run()
        #expect(inOrder.first?.shuffleSeed == nil)
        #expect(QuizSession.presentation(of: quiz, seed: 77).map(\.choiceOrder) == QuizSession.presentation(of: quiz, seed: 77).map(\.choiceOrder))
        #expect(QuizSession.presentation(of: quiz, seed: nil).map(\.question) == quiz.questions, "no seed: the file's order")
    }

    @Test func theSameSeedGivesTheSameOrderAndTheDescriptionStaysFirst() throws {
        let quiz = Quiz(name: "q", questions: try GIFTParser.parse(Self.source).questions)
        func order(seed: UInt64) -> [String] {
            let reader = ScriptedLineReader(["t", "a", "a", "1", "f", "b", "b", "2", "t"])
            let (console, captured) = Console.capture()
            _ = QuizSession(quizzes: [quiz], reader: reader, console: console, options: .init(shuffle: true, seed: seed)).run()
            return captured.out.split(separator: "\n").filter { $0.hasPrefix("Question ") }.map(String.init)
        }
        #expect(order(seed: 11) == order(seed: 11))
        #expect(Set((1...20).map { order(seed: $0) }).count > 1, "different seeds give different orders")
        let reader = ScriptedLineReader(["t", "a", "a", "1"])
        let (console, captured) = Console.capture()
        _ = QuizSession(quizzes: [quiz], reader: reader, console: console, options: .init(shuffle: true, seed: 5)).run()
        #expect(captured.out.hasPrefix("Read carefully."))
    }

    @Test func severalQuizzesGetATotal() throws {
        let quiz = Quiz(name: "01-test", questions: try GIFTParser.parse("A?{T}\n\nB?{F}").questions)
        let reader = ScriptedLineReader(["t", "t", "t", "f"])
        let (console, captured) = Console.capture()
        let results = QuizSession(quizzes: [quiz, quiz], reader: reader, console: console, options: .init(shuffle: false)).run()
        #expect(results.map(\.score) == [1, 2])
        #expect(captured.out.contains("Total: 3 / 4 (75%) over 2 quizzes"))
    }

    @Test func echoedAnswersShowInTheTranscript() throws {
        let quiz = Quiz(name: "q", questions: try GIFTParser.parse("A?{T}").questions)
        let (console, captured) = Console.capture()
        _ = QuizSession(quizzes: [quiz], reader: ScriptedLineReader(["t"]), console: console, options: .init(echoAnswers: true)).run()
        #expect(captured.out.contains("answer> t\n✓ Right."))
    }

    @Test func essaysAreRecordedButNotScoredAndMissingWordsShowTheBlank() throws {
        let quiz = Quiz(name: "q", questions: try GIFTParser.parse("Explain eviction.{####A model answer.}\n\nAn {=NSCache} evicts on its own.").questions)
        let (console, captured) = Console.capture()
        let results = QuizSession(quizzes: [quiz], reader: ScriptedLineReader(["", "nscache"]), console: console, options: .init(shuffle: false)).run()
        #expect(results[0].answers.map(\.responseText) == ["", "nscache"])
        #expect(results[0].answers[0].score == nil)
        #expect(results[0].score == 1 && results[0].maxScore == 1)
        #expect(captured.out.contains("An _____ evicts on its own."))
        #expect(captured.out.contains("  A model answer."))
    }
}
