import Foundation
import Testing
@testable import TutorProgress
import TutorTestSupport

/// Several writers on one file: nothing lost, nothing half-written.
@Suite struct ConcurrentWriterTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test func twoStoresWritingAtOnceLoseNothing() throws {
        let perWriter = 150
        let stores = try (0..<2).map { _ in try ProgressStore(url: folder.storeURL) }
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for index in 0..<perWriter {
                let answers = (0..<3).map { QuizAnswerRecord(question: "q\($0)", response: "w\(writer)-\(index)", credit: 1) }
                try? stores[writer].recordQuizAttempt(QuizAttemptRecord(
                    quiz: "quiz-\(writer)", score: Double(index), maxScore: 3, answers: answers, completed: true,
                    startedAt: Date(timeIntervalSince1970: Double(index)), finishedAt: Date(timeIntervalSince1970: Double(index))))
                try? stores[writer].recordPosition(lesson: "lesson-\(writer)", page: index + 1)
            }
        }
        let reader = try ProgressStore(url: folder.storeURL)
        for writer in 0..<2 {
            let attempts = try reader.quizAttempts(quiz: "quiz-\(writer)")
            #expect(attempts.count == perWriter)
            #expect(attempts.allSatisfy { $0.answers.count == 3 })
            #expect(try reader.page(lesson: "lesson-\(writer)") == perWriter)
        }
    }

    @Test func oneStoreSharedByManyThreads() throws {
        let store = try ProgressStore(url: folder.storeURL)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<25 {
                try? store.recordStepDone(lesson: "07-threads", step: "\(thread).\(index)")
            }
        }
        #expect(try store.stepsDone(lesson: "07-threads").count == 200)
    }

    @Test func anotherProcessWritingAtTheSameTime() throws {
        let sqlite = try #require(SQLiteShell.find(), "the sqlite3 command-line shell is not installed; skipping the two-process test")
        let store = try ProgressStore(url: folder.storeURL)
        let inserts = (0..<200).map { index in
            "BEGIN IMMEDIATE; INSERT INTO check_attempt (exercise, file, status, passed, total, failed_tests, duration_ms, checked_at) VALUES ('Other', 'f\(index).swift', 'pass', 1, 1, '', 0, \(index)); COMMIT;"
        }
        let process = try sqlite.start(database: folder.storeURL, script: ".timeout 10000\n" + inserts.joined(separator: "\n") + "\n")
        for index in 0..<200 {
            try store.recordCheck(CheckRecord(exercise: "ThumbnailCache", file: "g\(index).swift", status: "fail", passed: 0, total: 1))
        }
        #expect(process.wait() == 0)
        #expect(try store.checks(exercise: "Other").count == 200)
        #expect(try store.checks(exercise: "ThumbnailCache").count == 200)
    }

    @Test func aProcessKilledMidTransactionLeavesNoHalfRecord() throws {
        let sqlite = try #require(SQLiteShell.find(), "the sqlite3 command-line shell is not installed; skipping the kill test")
        let store = try ProgressStore(url: folder.storeURL)
        try store.recordQuizAttempt(QuizAttemptRecord(quiz: "01-why-cache", score: 1, maxScore: 1,
                                                      answers: [QuizAnswerRecord(question: "q", response: "a", credit: 1)],
                                                      completed: true, startedAt: Date(), finishedAt: Date()))
        let marker = folder.url.appendingPathComponent("inside-transaction")
        let script = """
            .timeout 10000
            BEGIN IMMEDIATE;
            INSERT INTO quiz_attempt (quiz, score, max_score, completed, started_at, finished_at) VALUES ('01-why-cache', 0, 1, 1, 0, 0);
            INSERT INTO quiz_answer (attempt_id, position, question, response, credit) VALUES (last_insert_rowid(), 0, 'q', 'half', 0);
            .shell touch '\(marker.path)' && sleep 30
            COMMIT;

            """
        let process = try sqlite.start(database: folder.storeURL, script: script)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: marker.path) && Date() < deadline { usleep(10_000) }
        #expect(FileManager.default.fileExists(atPath: marker.path))
        #expect(getpgid(process.pid) == process.pid)
        kill(-process.pid, SIGKILL)
        process.wait()

        let reopened = try ProgressStore(url: folder.storeURL)
        let attempts = try reopened.quizAttempts(quiz: "01-why-cache")
        #expect(attempts.count == 1)
        #expect(attempts.first?.answers.map(\.response) == ["a"])
        try reopened.recordHint(lesson: "01-why-cache", page: 1)
        #expect(try reopened.hintsUsed(lesson: "01-why-cache") == 1)
    }
}

/// The `sqlite3` command-line shell, used as a second, independent writer process.
struct SQLiteShell {
    let executable: URL

    static func find() -> SQLiteShell? {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("sqlite3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return SQLiteShell(executable: candidate) }
        }
        return nil
    }

    /// Starts the shell on `database`, feeding it `script`. Foundation's `Process` makes the
    /// child a process-group leader, so killing the group also ends anything it started.
    func start(database: URL, script: String) throws -> ChildProcess.Running {
        let scriptFile = database.deletingLastPathComponent().appendingPathComponent("script-\(UUID().uuidString).sql")
        try Data(script.utf8).write(to: scriptFile)
        return try ChildProcess.start(executable, [database.path], input: scriptFile)
    }
}
