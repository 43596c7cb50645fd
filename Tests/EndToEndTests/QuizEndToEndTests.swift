import Foundation
import Testing

/// `cachetutor quiz` as a learner and an instructor meet it, through pipes, on the fixture
/// course in Tests/Fixtures/QuizCourse (one question of each kind).
@Suite struct QuizEndToEndTests {
    let home: URL
    let course = ["--course", "Tests/Fixtures/QuizCourse"]
    static let rightAnswers = "t\nb\na,c\nKilobyte\n1024\n1b 2c\n"

    init() throws {
        home = try Cachetutor.temporaryFolder("quiz")
    }

    func quiz(_ arguments: [String], input: String = "") throws -> Cachetutor.Result {
        try Cachetutor.run(["quiz"] + arguments, input: input, home: home)
    }

    @Test func rightAnswersThroughAPipeScoreFullMarksAndAreSaved() throws {
        let result = try quiz(course + ["basics", "--no-shuffle"], input: Self.rightAnswers)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("Quiz 01-basics: 7 questions."))
        #expect(result.stdout.contains("Question 6 of 6 · Match the limits"))
        #expect(result.stdout.contains("answer> 1b 2c"), "answers read from a pipe are echoed into the transcript")
        #expect(result.stdout.contains("Score: 6 / 6 (100%)"))
        #expect(!result.stdout.contains("\u{1B}"), "no escape codes in a pipe")

        let history = try quiz(["--history"])
        #expect(history.status == 0)
        #expect(history.stdout.contains("01-basics  6 / 6  100%"))
    }

    @Test func wrongAndBadAnswersGetHintsPartialCreditAndAReview() throws {
        let input = "f\ne\na\nc\nKiB\ntwelve\n1000\n1c 2b\n"
        let result = try quiz(course + ["1", "--no-shuffle"], input: input)
        #expect(result.status == 0)
        #expect(result.stdout.contains("there is no choice 'e'; answer with one letter, a to c"))
        #expect(result.stdout.contains("'twelve' is not a number; answer with a number, e.g. 42 or 3.5"))
        #expect(result.stdout.contains("You chose a) Array: An array keeps everything until you remove it."))
        #expect(result.stdout.contains("The answer: b) NSCache: It may drop entries under pressure."))
        #expect(result.stdout.contains("◐ Partly right: 50% of the credit."))
        // c is FIFO (50%), KiB is worth 50%: 1 of 6.
        #expect(result.stdout.contains("Score: 1 / 6 (17%)"))
        #expect(result.stdout.contains("Review of what you missed:"))
        #expect(result.stdout.contains("Right answer: 1024"))
    }

    @Test func endOfInputEndsEarlyWithTheScoreSoFar() throws {
        let result = try quiz(course + ["basics", "--no-shuffle"], input: "t\nb\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Quiz ended early."))
        #expect(result.stdout.contains("Score: 2 / 2 (100%) so far: 2 of 6 scored questions answered"))
        #expect(try quiz(["--history"]).stdout.contains("stopped early"))
    }

    @Test func severalQuizzesNamedAreTakenInOneSessionEachOnce() throws {
        let result = try quiz(["1", "02", "why-cache"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("2 quizzes: "))
        #expect(result.stdout.contains("· 01 "))
        #expect(!result.stdout.contains("unexpected argument"))
        let unknown = try quiz(["1", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no quiz 'nope'"))
    }

    @Test func aSeedGivesTheSameShuffleEveryTime() throws {
        let first = try quiz(course + ["basics", "--seed", "7"], input: "")
        let second = try quiz(course + ["basics", "--shuffle", "--seed", "7"], input: "")
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        let unseeded = try quiz(course + ["basics", "--shuffle"], input: "")
        #expect(unseeded.stdout.contains("Shuffled with seed "))
    }

    @Test func lintPassesTheFixtureAndFailsABrokenFile() throws {
        let clean = try quiz(["--lint", "Tests/Fixtures/QuizCourse/Quizzes"])
        #expect(clean.status == 0)
        #expect(clean.stdout.contains("1 file, 7 questions: 0 errors, 0 warnings"))

        let broken = try quiz(["--lint", "Tests/Fixtures/QuizFiles/broken.gift"])
        #expect(broken.status == 65)
        #expect(broken.stdout.contains("Tests/Fixtures/QuizFiles/broken.gift:3:43: error: the answer block opened here is never closed; expected '}' before the blank line at line 5"))
        #expect(broken.stdout.contains("add up to 90%"))
        #expect(try quiz(["--lint", "--strict", "Tests/Fixtures/QuizFiles/broken.gift"]).status == 65)
    }

    @Test func exportPrintsGiftPegjsJSON() throws {
        let result = try quiz(["--export", "json", "Tests/Fixtures/QuizCourse/Quizzes/01-basics.gift"])
        #expect(result.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.compactMap { $0["type"] as? String } == ["Category", "Description", "TF", "MC", "MC", "Short", "Numerical", "Matching"])
    }

    @Test func mistakesExitWithTheRightCodes() throws {
        let typo = try quiz(course + ["basiks"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("no quiz 'basiks'; did you mean 'basics'?"))
        let missing = try quiz(["--lint", "Tests/Fixtures/nothing-here.gift"])
        #expect(missing.status == 66)
        let malformed = try quiz(["--export", "json", "Tests/Fixtures/QuizFiles/broken.gift"])
        #expect(malformed.status == 65)
        #expect(malformed.stderr.contains("broken.gift:3:43:"))
        #expect(try quiz(course + ["basics", "--seed", "x"]).status == 64)
    }

    @Test func anUnsavableAttemptIsKeptAsideWithAWarning() throws {
        let blocker = home.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let result = try Cachetutor.run(["quiz"] + course + ["basics", "--no-shuffle"], input: Self.rightAnswers, home: home, extraEnvironment: ["CACHETUTOR_HOME": blocker.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Score: 6 / 6 (100%)"))
        #expect(result.stderr.contains("could not save this quiz attempt in your progress"))
        #expect(result.stderr.contains("it is kept in "))
    }
}
