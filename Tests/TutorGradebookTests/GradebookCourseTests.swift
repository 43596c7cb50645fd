import Foundation
import Testing
import TutorGrading
import TutorStorage
@testable import TutorGradebook

@Suite struct GradebookCourseTests {
    let setup = GradingSetup(exercise: "ThumbnailCache", harness: "h1")

    func result(_ student: String, passed: Bool = true, exercise: String = "ThumbnailCache") -> StudentResult {
        let tests = ["uses_nscache", "cost_whole_sizes"].map { TestResult(name: $0, summary: $0, status: passed || $0 == "uses_nscache" ? .pass : .fail) }
        let report = GradingReport(exercise: exercise, file: "\(student).swift", status: passed ? .pass : .fail, tests: tests, score: passed ? 2 : 1, maxScore: 2, durationMilliseconds: 10)
        return StudentResult(student: student, file: "\(student).swift", fileHash: "\(student)-\(passed)", report: report, points: passed ? 2 : 1, maxPoints: 2, gradedAt: moment("2026-12-01T10:00Z"))
    }

    /// Records one finished run of `results` and returns its id.
    @discardableResult
    func run(_ book: Gradebook, _ results: [StudentResult], setup: GradingSetup? = nil, shard: String = "all", only: [String] = [],
             timing: [String: SubmissionTime] = [:], at time: String) throws -> String {
        let setup = setup ?? self.setup
        let id = try book.beginRun(source: "class", shard: shard, setup: setup, only: only, at: moment(time))
        let stored = try results.map { try book.record($0, setup: setup, run: id, forcedBy: only.isEmpty ? "" : id) }
        try book.finishRun(id, results: stored, skipped: [], toolErrors: [], timing: timing, at: moment(time).addingTimeInterval(1))
        return id
    }

    @Test func aVersion1GradebookOpensWithItsHistoryAndGainsTheCourseTables() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("gradebook.sqlite3")
        // A gradebook as the previous cachetutor left it: schema version 1, one finished run.
        let old = try SQLiteDatabase.open(at: url, schema: SQLiteSchema(applicationID: Gradebook.applicationID, migrations: [Gradebook.schema.migrations[0]]))
        try old.execute("""
            INSERT INTO attempt (uid, student, file, file_hash, exercise, harness, extra_tests, weights, status, score, max_score, passed, total, report, duration_ms, graded_at, run)
            VALUES ('a1', 'alice', 'alice.swift', 'f1', 'ThumbnailCache', 'h1', '', '\(setup.weightsHash)', 'pass', 2, 2, 2, 2, '\(String(decoding: try JSONEncoder().encode(result("alice").report), as: UTF8.self))', 10, 1796000000, 'r1');
            INSERT INTO run (id, started_at, finished_at, source, shard, exercise, harness, extra_tests, weights, weights_text)
            VALUES ('r1', 1796000000, 1796000001, 'class', 'all', 'ThumbnailCache', 'h1', '', '\(setup.weightsHash)', '\(setup.weights.canonicalText)');
            INSERT INTO run_entry (run, path, student, attempt) VALUES ('r1', 'alice.swift', 'alice', 'a1');
            """)
        #expect(try old.userVersion() == 1)
        old.close()

        let book = try Gradebook(url: url)
        #expect(try book.database.userVersion() == 3)
        // Its last run's weights stand in for the score inputs it never kept.
        #expect(try book.scoreInputs(of: "ThumbnailCache").map { $0.weights == setup.weights && $0.setAt == nil } == true)
        #expect(try book.attemptCount() == 1)
        let last = try #require(try book.lastFinishedRun())
        #expect(last.results.map(\.student) == ["alice"])
        #expect(last.timing.isEmpty && last.only.isEmpty)
        #expect(try book.exercises() == ["ThumbnailCache"])
        #expect(try book.deadlines(of: "ThumbnailCache") == Deadlines())
        #expect(try book.adjustments(of: "ThumbnailCache").isEmpty)
        // The old result is still a cache hit, and the new tables take writes.
        #expect(try book.cachedResult(student: "alice", file: "alice.swift", fileHash: "f1", setup: setup) != nil)
        try book.record(Adjustment(exercise: "ThumbnailCache", student: "alice", points: 1, reason: "bonus", madeAt: moment("2026-12-02T09:00Z")))
        #expect(try book.classReport(of: "ThumbnailCache", now: moment("2026-12-03T00:00Z")).map { $0.grade(for: $0.results[0]).final } == 3)
        #expect(try book.database.query("PRAGMA integrity_check") { $0.string(0) } == ["ok"])
    }

    @Test func anOnlyRunIsLaidOverTheLastFullRunStudentByStudent() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try Gradebook(url: folder.appendingPathComponent("gradebook.sqlite3"))
        try run(book, [result("alice"), result("bob", passed: false), result("carol")], at: "2026-12-01T10:00Z")
        var regraded = result("bob")
        regraded.fileHash = "bob-fixed"
        try run(book, [regraded], only: ["bob"], timing: ["bob": SubmissionTime(date: moment("2026-12-01T09:00Z"), source: .fileModified)], at: "2026-12-01T11:00Z")
        let standing = try #require(try book.standing(of: "ThumbnailCache"))
        #expect(standing.results.map(\.student) == ["alice", "bob", "carol"])
        #expect(standing.results.map(\.points) == [2, 2, 2])
        #expect(standing.timing["bob"]?.date == moment("2026-12-01T09:00Z"))
        // History keeps bob's first attempt beside the new one.
        #expect(try book.attemptCount() == 4)
        // A later full run replaces everything, including students it no longer finds.
        try run(book, [result("alice")], at: "2026-12-01T12:00Z")
        #expect(try book.standing(of: "ThumbnailCache")?.results.map(\.student) == ["alice"])
    }

    @Test func oneGradebookHoldsSeveralExercisesEachWithItsOwnRuns() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try Gradebook(url: folder.appendingPathComponent("gradebook.sqlite3"))
        try run(book, [result("alice"), result("bob")], at: "2026-12-01T10:00Z")
        let profiles = GradingSetup(exercise: "ProfileStore", harness: "h2")
        try run(book, [result("alice", passed: false, exercise: "ProfileStore")], setup: profiles, at: "2026-12-02T10:00Z")
        #expect(try book.exercises() == ["ThumbnailCache", "ProfileStore"])
        #expect(try book.standing(of: "ThumbnailCache")?.results.count == 2)
        #expect(try book.standing(of: "ProfileStore")?.results.map(\.points) == [1])
        #expect(try book.standing(of: "SessionCache") == nil)
        #expect(try book.students(of: "ProfileStore") == ["alice"])
    }

    @Test func deadlinesAndAdjustmentsAreKeptPerExerciseWithTheirHistory() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try Gradebook(url: folder.appendingPathComponent("gradebook.sqlite3"))
        let first = Deadlines(due: moment("2026-12-15T23:59Z"), extensions: ["bob": moment("2026-12-18T23:59Z")], policy: .rate(percent: 10, unit: .day, cap: 50), grace: 900)
        try book.setDeadlines(first, of: "ThumbnailCache", at: moment("2026-12-01T10:00Z"))
        #expect(try book.deadlines(of: "ThumbnailCache") == first)
        #expect(try book.deadlines(of: "ProfileStore") == Deadlines())
        var second = first
        second.policy = .zero
        try book.setDeadlines(second, of: "ThumbnailCache", at: moment("2026-12-02T10:00Z"))
        try book.setDeadlines(second, of: "ThumbnailCache", at: moment("2026-12-03T10:00Z"))
        #expect(try book.deadlines(of: "ThumbnailCache") == second)
        #expect(try book.database.query("SELECT count(*) FROM deadline") { $0.int(0) } == [2])

        try book.record(Adjustment(exercise: "ThumbnailCache", student: "alice", points: 2, reason: "regraded by hand", madeAt: moment("2026-12-04T10:00Z")))
        try book.record(Adjustment(exercise: "ThumbnailCache", student: "alice", points: -0.5, reason: "half undone", madeAt: moment("2026-12-05T10:00Z")))
        try book.record(Adjustment(exercise: "ProfileStore", student: "alice", points: 1, reason: "other exercise", madeAt: moment("2026-12-05T10:00Z")))
        let adjustments = try book.adjustments(of: "ThumbnailCache")
        #expect(adjustments["alice"]?.map(\.points) == [2, -0.5])
        #expect(adjustments["alice"]?.map(\.reason) == ["regraded by hand", "half undone"])
    }

    @Test func mergingKeepsTheShardsDeadlinesAndRefusesShardsThatDisagree() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deadlines = Deadlines(due: moment("2026-12-15T23:59Z"), policy: .rate(percent: 10, unit: .day, cap: nil))
        var shards: [URL] = []
        for (index, student) in ["alice", "bob"].enumerated() {
            let url = folder.appendingPathComponent("shard-\(index + 1).sqlite3")
            let book = try Gradebook(url: url)
            try book.setDeadlines(deadlines, of: "ThumbnailCache", at: moment("2026-12-01T09:00Z"))
            try run(book, [result(student)], shard: "\(index + 1)/2", at: "2026-12-01T10:00Z")
            shards.append(url)
        }
        let merged = try Gradebook(url: folder.appendingPathComponent("merged.sqlite3"))
        _ = try merged.merge(shards)
        #expect(try merged.deadlines(of: "ThumbnailCache") == deadlines)
        #expect(try merged.standing(of: "ThumbnailCache")?.results.map(\.student) == ["alice", "bob"])

        try Gradebook(url: shards[1]).setDeadlines(Deadlines(due: moment("2026-12-16T23:59Z")), of: "ThumbnailCache", at: moment("2026-12-02T09:00Z"))
        let target = folder.appendingPathComponent("other.sqlite3")
        #expect(throws: GradebookError.badGradebook(file: shards[1].path, problem: "was graded with other deadlines than \(shards[0].path); merge only shards of one grading")) {
            try Gradebook.merge(shards, into: target)
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }
}
