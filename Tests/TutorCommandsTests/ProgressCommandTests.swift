import Foundation
import Testing
@testable import TutorCommands
import TutorProgress
import TutorTerminal

@Suite struct ProgressCommandTests {
    let course: URL
    let home: URL

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-progress-\(UUID().uuidString)")
        course = base.appendingPathComponent("course")
        home = base.appendingPathComponent("home")
        for folder in ["Lessons", "Quizzes", "Exercises"] {
            try FileManager.default.createDirectory(at: course.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "# Why cache\n\ntext\n".write(to: course.appendingPathComponent("Lessons/01-why-cache.md"), atomically: true, encoding: .utf8)
        try "# Keys\n".write(to: course.appendingPathComponent("Lessons/02-keys.md"), atomically: true, encoding: .utf8)
        try "# Format\n".write(to: course.appendingPathComponent("Lessons/README.md"), atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let (console, output) = Console.capture(width: 100)
        let context = CommandContext(console: console, environment: ["CACHETUTOR_HOME": home.path], workingDirectory: course)
        return (Cachetutor.main(arguments + ["--course", course.path], context: context), output)
    }

    @Test func withNothingSavedEveryLessonIsNotStartedAndNoFileIsCreated() {
        let (code, output) = run(["progress"])
        #expect(code == .success)
        #expect(output.out.contains("nothing saved yet"))
        #expect(output.out.contains("Why cache"))
        #expect(output.out.contains("Keys"))
        #expect(!output.out.contains("Format"), "README.md is not a lesson")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("progress.sqlite3").path))
    }

    @Test func summaryShowsPositionStepsHintsQuizAndChecks() throws {
        let store = try ProgressStore(url: home.appendingPathComponent("progress.sqlite3"))
        try store.recordPosition(lesson: "01-why-cache", page: 3, pageCount: 3)
        try store.recordPosition(lesson: "02-keys", page: 2, pageCount: 5)
        try store.recordStepDone(lesson: "01-why-cache", step: "2.1")
        try store.recordHint(lesson: "02-keys", page: 2)
        try store.recordQuizAttempt(QuizAttemptRecord(quiz: "01-why-cache", score: 3, maxScore: 4, answers: [], completed: true,
                                                      startedAt: Date(), finishedAt: Date()))
        try store.recordCheck(CheckRecord(exercise: "ThumbnailCache", file: "exercises/ThumbnailCache.swift", status: "fail",
                                          passed: 12, total: 18))

        let (code, output) = run(["progress"])
        #expect(code == .success)
        let lines = output.out.split(separator: "\n").map(String.init)
        let first = try #require(lines.first { $0.contains("Why cache") })
        #expect(first.contains("finished") && first.contains("best 75% (1 attempt)"))
        let second = try #require(lines.first { $0.contains("Keys") })
        #expect(second.contains("page 2 of 5"))
        #expect(output.out.contains("reopens 02-keys at page 2"))
        #expect(output.out.contains("12 of 18 passing"))
        #expect(output.out.contains("ThumbnailCache"))
    }

    @Test func exportPrintsJSON() throws {
        let store = try ProgressStore(url: home.appendingPathComponent("progress.sqlite3"))
        try store.recordPosition(lesson: "02-keys", page: 1)
        let (code, output) = run(["progress", "--export", "json"])
        #expect(code == .success)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let export = try decoder.decode(ProgressExport.self, from: Data(output.out.utf8))
        #expect(export.lessons.map(\.lesson) == ["01-why-cache", "02-keys"])
        #expect(export.resume?.lesson == "02-keys")
    }

    @Test func exportWithNothingSavedIsStillJSON() throws {
        let (code, output) = run(["progress", "--export", "json"])
        #expect(code == .success)
        let object = try JSONSerialization.jsonObject(with: Data(output.out.utf8)) as? [String: Any]
        #expect((object?["lessons"] as? [Any])?.count == 2)
    }

    @Test func unknownExportFormatIsAUsageError() {
        let (code, _) = run(["progress", "--export", "csv"])
        #expect(code == .usage)
    }

    @Test func corruptFileIsSetAsideWithAWarning() throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data("this is not a database, just some text that is long enough".utf8).write(to: home.appendingPathComponent("progress.sqlite3"))
        let (code, output) = run(["progress"])
        #expect(code == .success)
        #expect(output.err.contains("warning:"))
        #expect(output.err.contains("moved it to progress.sqlite3.corrupt-"))
    }
}
