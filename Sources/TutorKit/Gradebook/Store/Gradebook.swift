import Foundation
import TutorGrading
import TutorStorage

/// The instructor's gradebook: one SQLite file, the one owner of every grading result.
///
/// Each grading is one `attempt` row (student, file hash, per-test results, score,
/// duration, time), written in its own transaction the moment it is known, and never
/// changed afterwards, so history is kept and a killed run loses nothing it finished.
/// The row's uniqueness rule is the cache key: a later run finds it and reuses it, and
/// two runs racing to record the same result keep exactly one. The file uses WAL, a busy
/// timeout and `BEGIN IMMEDIATE` (see `SQLiteDatabase`), so several `grade` processes
/// may write to it at once.
///
///     let book = try Gradebook(url: folder.deletingLastPathComponent().appendingPathComponent("gradebook.sqlite3"))
///     if let stored = try book.cachedResult(student: "alice", file: "alice.swift", fileHash: hash, setup: setup) { … }
public final class Gradebook: @unchecked Sendable {
    /// The database underneath.
    public let database: SQLiteDatabase

    /// The file the gradebook lives in.
    public var url: URL { database.url }

    /// Opens (or creates) the gradebook at `url`. A damaged or foreign file is moved aside
    /// and `warn` is told so; a file from a newer cachetutor is refused.
    public init(url: URL, warn: (String) -> Void = { _ in }) throws {
        database = try SQLiteDatabase.open(at: url, schema: Self.schema)
        // A result the grader spent seconds on should survive a power cut, not only a kill.
        try database.execute("PRAGMA synchronous = FULL")
        if let recovery = database.recovery { warn(recovery.message) }
    }

    // MARK: Attempts

    /// The stored result for this exact file under this exact setup, if one was recorded.
    ///
    /// - Parameter forcedBy: with `--force`, the run id: only rows that run graded count.
    public func cachedResult(student: String, file: String, fileHash: String, setup: GradingSetup, forcedBy: String = "") throws -> StudentResult? {
        var sql = "SELECT \(Self.resultColumns) FROM attempt WHERE student = ? AND file = ? AND file_hash = ? AND exercise = ? AND harness = ? AND extra_tests = ? AND weights = ?"
        var values: [SQLiteValue] = [.text(student), .text(file), .text(fileHash), .text(setup.exercise), .text(setup.harness), .text(setup.extraTests), .text(setup.weightsHash)]
        if !forcedBy.isEmpty {
            sql += " AND forced_by = ?"
            values.append(.text(forcedBy))
        }
        return try database.query(sql + " ORDER BY id DESC LIMIT 1", values, row: Self.result).first
    }

    /// A stored report for this file under the same harness and tests but other weights:
    /// its test results can be re-scored without running the submission again.
    public func reportUnderOtherWeights(student: String, file: String, fileHash: String, setup: GradingSetup) throws -> GradingReport? {
        try database.query("""
            SELECT report FROM attempt
            WHERE student = ?1 AND file = ?2 AND file_hash = ?3 AND exercise = ?4 AND harness = ?5 AND extra_tests = ?6
            ORDER BY id DESC LIMIT 1
            """, [.text(student), .text(file), .text(fileHash), .text(setup.exercise), .text(setup.harness), .text(setup.extraTests)]) {
            try Self.decodeReport($0.string(0))
        }.first
    }

    /// Records one grading in its own transaction and returns the row as stored.
    ///
    /// When another run recorded the same key first, that row is kept and returned, so
    /// racing runs report the same result and the gradebook holds it once.
    ///
    /// Each test's printed output is kept as far as any report shows it
    /// (``CappedText/outputBytes``): a class of floods would otherwise store megabytes
    /// that every later `--report` decodes and no page shows.
    @discardableResult
    public func record(_ result: StudentResult, setup: GradingSetup, run: String, forcedBy: String = "", rescored: Bool = false) throws -> StudentResult {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var kept = result.report
        for index in kept.tests.indices {
            kept.tests[index].output = CappedText.cap(kept.tests[index].output, bytes: CappedText.outputBytes)
        }
        let report = String(decoding: try encoder.encode(kept), as: UTF8.self)
        return try database.transaction {
            try database.execute("""
                INSERT OR IGNORE INTO attempt (uid, student, file, file_hash, exercise, harness, extra_tests, weights, forced_by,
                                     status, score, max_score, passed, total, report, duration_ms, graded_at, run, rescored)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [
                    .text(UUID().uuidString), .text(result.student), .text(result.file), .text(result.fileHash), .text(setup.exercise),
                    .text(setup.harness), .text(setup.extraTests), .text(setup.weightsHash), .text(forcedBy),
                    .text(result.report.status.rawValue), .real(result.points), .real(result.maxPoints),
                    .int(result.report.tests.filter { $0.status == .pass }.count), .int(result.report.tests.count),
                    .text(report), .int(result.report.durationMilliseconds), .real(result.gradedAt.timeIntervalSince1970),
                    .text(run), .bool(rescored),
                ])
            guard var stored = try cachedResult(student: result.student, file: result.file, fileHash: result.fileHash, setup: setup, forcedBy: forcedBy) else {
                throw GradebookError.badGradebook(file: url.path, problem: "a result just recorded for \(result.student) cannot be read back")
            }
            stored.fromCache = result.fromCache
            return stored
        }
    }

    /// How many attempt rows the gradebook holds.
    public func attemptCount() throws -> Int {
        try database.query("SELECT count(*) FROM attempt") { $0.int(0) }.first ?? 0
    }

    // MARK: Reading rows

    static let resultColumns = "student, file, file_hash, report, score, max_score, graded_at, uid"

    static func result(_ row: SQLiteStatement) throws -> StudentResult {
        StudentResult(
            student: row.string(0), file: row.string(1), fileHash: row.string(2), report: try decodeReport(row.string(3)),
            points: row.double(4), maxPoints: row.double(5), gradedAt: row.date(6), fromCache: true, attemptID: row.string(7)
        )
    }

    static func decodeReport(_ json: String) throws -> GradingReport {
        do {
            return try JSONDecoder().decode(GradingReport.self, from: Data(json.utf8))
        } catch {
            throw GradebookError.badGradebook(file: "gradebook", problem: "a stored report cannot be read (\(error))")
        }
    }
}
