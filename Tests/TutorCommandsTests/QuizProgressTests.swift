import Foundation
import Testing
@testable import TutorCommands
import TutorProgress
@testable import TutorQuiz
import TutorTerminal
import TutorTestSupport

/// Quiz attempts as progress: records that keep each answer, history lines, saving without loss.
@Suite struct QuizProgressTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func result(completed: Bool = true) throws -> QuizResult {
        let questions = try GIFTParser.parse("::A:: x{T}\n\n::B:: y{=a ~b}").questions
        return QuizResult(
            quiz: "05-eviction",
            answers: [
                AnsweredQuestion(question: questions[0], number: 1, response: .trueFalse(true), responseText: "true", score: QuizScorer.score(questions[0], .trueFalse(true))),
                AnsweredQuestion(question: questions[1], number: 2, response: .choice(1), responseText: "b", score: QuizScorer.score(questions[1], .choice(1))),
            ],
            scoredQuestionCount: 2, completed: completed,
            startedAt: Date(timeIntervalSince1970: 1_800_000_000), finishedAt: Date(timeIntervalSince1970: 1_800_000_060)
        )
    }

    @Test func recordsKeepEachAnswer() throws {
        let record = QuizAttemptSaver.record(try result())
        #expect(record.quiz == "05-eviction")
        #expect(record.score == 1 && record.maxScore == 2)
        #expect(record.answers == [QuizAnswerRecord(question: "A", response: "true", credit: 1), QuizAnswerRecord(question: "B", response: "b", credit: 0)])
    }

    @Test func savedAttemptsComeBackFromTheStore() throws {
        let (console, captured) = Console.capture()
        let saved = QuizAttemptSaver.save([try result()], environment: ["CACHETUTOR_HOME": folder.path], console: console)
        #expect(saved == 1)
        #expect(captured.err.isEmpty)
        let attempts = try ProgressStore.open(environment: ["CACHETUTOR_HOME": folder.path]).quizAttempts(quiz: "05-eviction")
        #expect(attempts.map(\.answers.count) == [2])
    }

    @Test func aFailedSaveWarnsAndKeepsTheAttemptAside() throws {
        // A plain file where the data folder should be: the store cannot be created.
        let blocker = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let (console, captured) = Console.capture()
        let saved = QuizAttemptSaver.save([try result()], environment: ["CACHETUTOR_HOME": blocker.path], console: console)
        #expect(saved == 0)
        #expect(captured.err.contains("could not save this quiz attempt in your progress"))
        let kept = try #require(captured.err.components(separatedBy: "it is kept in ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let data = try Data(contentsOf: URL(fileURLWithPath: kept))
        #expect(String(decoding: data, as: UTF8.self).contains("\"quiz\" : \"05-eviction\""))
        try? FileManager.default.removeItem(atPath: kept)
    }

    @Test func historyLines() throws {
        var stopped = QuizAttemptSaver.record(try result(completed: false))
        stopped.quiz = "06-delegates"
        let lines = QuizHistoryFormatter.lines([QuizAttemptSaver.record(try result()), stopped], timeZone: TimeZone(identifier: "UTC")!)
        #expect(lines == [
            "Quiz attempts (2):",
            "  2027-01-15 08:00  05-eviction   1 / 2   50%  missed 1",
            "  2027-01-15 08:00  06-delegates  1 / 2   50%  stopped early  missed 1",
            "",
            "Best complete attempt per quiz:",
            "  05-eviction   50%",
        ])
        #expect(QuizHistoryFormatter.lines([]).first?.hasPrefix("No quiz attempts yet.") == true)
    }

    @Test func theShuffleSeedIsKeptWithTheRecord() throws {
        let quiz = Quiz(name: "q", questions: try GIFTParser.parse("::Q:: Cached? {T}").questions)
        let shuffled = QuizSession(quizzes: [quiz], reader: ScriptedLineReader(["t"]), console: Console.capture().0, options: .init(seed: 77)).run()
        #expect(QuizAttemptSaver.record(try #require(shuffled.first)).shuffleSeed == 77)
    }
}
