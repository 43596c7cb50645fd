import Foundation
import Testing
@testable import TutorProgress
import TutorStorage

@Suite struct ProgressStoreTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func store() throws -> ProgressStore {
        try ProgressStore(url: folder.storeURL, warn: { Issue.record("unexpected warning: \($0)") })
    }

    @Test func positionAndResumeRoundTrip() throws {
        let store = try store()
        #expect(try store.resumePoint() == nil)
        try store.recordPosition(lesson: "01-why-cache", page: 4, pageCount: 4, at: Date(timeIntervalSince1970: 100))
        try store.recordPosition(lesson: "02-keys", page: 3, pageCount: 5, at: Date(timeIntervalSince1970: 200))
        try store.recordPosition(lesson: "02-keys", page: 2, at: Date(timeIntervalSince1970: 300))

        let reopened = try self.store()
        #expect(try reopened.resumePoint() == ResumePoint(lesson: "02-keys", page: 2, date: Date(timeIntervalSince1970: 300)))
        #expect(try reopened.page(lesson: "01-why-cache") == 4)
        #expect(try reopened.page(lesson: "03-count-limits") == nil)
        let summary = try reopened.summary(lessons: ["01-why-cache", "02-keys", "03-count-limits"])
        #expect(summary.map(\.lesson) == ["01-why-cache", "02-keys", "03-count-limits"])
        #expect(summary[0].finished)
        #expect(summary[1].page == 2 && summary[1].furthestPage == 3 && summary[1].pageCount == 5 && !summary[1].finished)
        #expect(summary[2].isUntouched)
    }

    @Test func stepsAndHintsRoundTrip() throws {
        let store = try store()
        try store.recordStepDone(lesson: "05-eviction", step: "2.1", at: Date(timeIntervalSince1970: 10))
        try store.recordStepDone(lesson: "05-eviction", step: "3.1", skipped: true, at: Date(timeIntervalSince1970: 20))
        try store.recordStepDone(lesson: "05-eviction", step: "2.1", at: Date(timeIntervalSince1970: 30))
        try store.recordHint(lesson: "05-eviction", page: 2, step: "2.1")
        try store.recordHint(lesson: "05-eviction", page: 4)
        #expect(try store.stepsDone(lesson: "05-eviction") == ["2.1", "3.1"])
        #expect(try store.hintsUsed(lesson: "05-eviction") == 2)
        #expect(try store.hintsUsed(lesson: "01-why-cache") == 0)

        try store.resetLesson("05-eviction")
        #expect(try store.stepsDone(lesson: "05-eviction").isEmpty)
        #expect(try store.hintsUsed(lesson: "05-eviction") == 0)
    }

    @Test func quizAttemptsKeepEveryAnswer() throws {
        let store = try store()
        let first = QuizAttemptRecord(
            quiz: "04-cost", score: 1.5, maxScore: 3,
            answers: [
                QuizAnswerRecord(question: "decoded-size", response: "48", credit: 1),
                QuizAnswerRecord(question: "cost-unit", response: "b, c", credit: 0.5),
                QuizAnswerRecord(question: "both-limits", response: "", credit: 0),
            ],
            completed: true, startedAt: Date(timeIntervalSince1970: 1000), finishedAt: Date(timeIntervalSince1970: 1060))
        var second = first
        second.score = 3
        second.startedAt = Date(timeIntervalSince1970: 2000)
        second.finishedAt = Date(timeIntervalSince1970: 2050)
        let other = QuizAttemptRecord(quiz: "05-eviction", score: 0, maxScore: 4, answers: [], completed: false,
                                      startedAt: Date(timeIntervalSince1970: 1500), finishedAt: Date(timeIntervalSince1970: 1501))
        try store.recordQuizAttempt(first)
        try store.recordQuizAttempt(other)
        try store.recordQuizAttempt(second)

        #expect(try store.quizAttempts(quiz: "04-cost") == [first, second])
        #expect(try store.quizAttempts() == [first, other, second])
        let summary = try store.summary(lessons: ["04-cost", "05-eviction"])
        #expect(summary[0].quizAttempts == 2 && summary[0].bestQuizScore == 1)
        #expect(summary[1].quizAttempts == 1 && summary[1].bestQuizScore == nil)
    }

    @Test func checksRoundTrip() throws {
        let store = try store()
        let failing = CheckRecord(exercise: "ThumbnailCache", file: "exercises/ThumbnailCache.swift", status: "fail", passed: 15, total: 18,
                                  failedTests: ["cost_whole_sizes", "hit_skips_generator"], durationMilliseconds: 812,
                                  date: Date(timeIntervalSince1970: 5000))
        let passing = CheckRecord(exercise: "ThumbnailCache", file: "exercises/ThumbnailCache.swift", status: "pass", passed: 18, total: 18,
                                  durationMilliseconds: 790, date: Date(timeIntervalSince1970: 6000))
        try store.recordCheck(failing)
        try store.recordCheck(passing)
        #expect(try store.checks(exercise: "ThumbnailCache") == [failing, passing])
        #expect(try store.checks(exercise: "ProfileStore").isEmpty)
    }

    @Test func exportIsJSONThatDecodesToTheSameData() throws {
        let store = try store()
        try store.recordPosition(lesson: "01-why-cache", page: 2, at: Date(timeIntervalSince1970: 100))
        try store.recordCheck(CheckRecord(exercise: "ThumbnailCache", file: "a.swift", status: "error", passed: 0, total: 0,
                                          date: Date(timeIntervalSince1970: 200)))
        let export = try store.export(lessons: ["01-why-cache", "02-keys"], at: Date(timeIntervalSince1970: 300))
        let data = try export.jsonData()
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(ProgressExport.self, from: data) == export)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"exportedAt\" : \"1970-01-01T00:05:00Z\""))
        #expect(export.resume?.lesson == "01-why-cache")
    }

    @Test func schemaVersionAndApplicationIDAreStamped() throws {
        let store = try store()
        #expect(try store.database.userVersion() == ProgressStore.schema.version)
        #expect(try store.database.applicationID() == ProgressStore.applicationID)
        let mode = try store.database.query("PRAGMA journal_mode") { $0.string(0) }
        #expect(mode == ["wal"])
    }

    @Test func locationFollowsTheEnvironment() throws {
        #expect(try ProgressStore.location(environment: ["CACHETUTOR_HOME": "/tmp/a", "XDG_DATA_HOME": "/tmp/b", "HOME": "/home/c"]).path
                == "/tmp/a/progress.sqlite3")
        #expect(try ProgressStore.location(environment: ["XDG_DATA_HOME": "/tmp/b", "HOME": "/home/c"]).path
                == "/tmp/b/cachetutor/progress.sqlite3")
        #expect(try ProgressStore.location(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/c"]).path
                == "/home/c/.local/share/cachetutor/progress.sqlite3")
        #expect(throws: StorageError.self) { try ProgressStore.location(environment: [:]) }
    }

    @Test func openFromEnvironmentCreatesTheFolder() throws {
        let home = folder.url.appendingPathComponent("nested/home").path
        let store = try ProgressStore.open(environment: ["CACHETUTOR_HOME": home], warn: { Issue.record("unexpected warning: \($0)") })
        try store.recordHint(lesson: "01-why-cache", page: 1)
        #expect(FileManager.default.fileExists(atPath: home + "/progress.sqlite3"))
    }
}
