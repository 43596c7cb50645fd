import Foundation
import TutorStorage

/// What one finished grading run reported, as the gradebook remembers it.
public struct RecordedRun: Sendable {
    /// The run's id.
    public var id: String
    /// The folder graded, or the files merged.
    public var source: String
    /// The shard graded (`2/8`), `all`, or `merged`.
    public var shard: String
    /// The students `--only` limited the run to; empty when it was not limited.
    public var only: [String]
    /// The setup the run graded under.
    public var setup: GradingSetup
    /// The results the run reported.
    public var results: [StudentResult]
    /// The entries it skipped.
    public var skipped: [SkippedEntry]
    /// The students it could not grade.
    public var toolErrors: [ClassReport.ToolError]
    /// When each student handed their work in, as the run read it.
    public var timing: [String: SubmissionTime]

    /// Whether the run covered only part of the class (a shard, or `--only`).
    public var isPartial: Bool { !only.isEmpty || (shard != "all" && shard != "merged") }

    /// The run as a class report.
    public var report: ClassReport {
        var report = ClassReport(exercise: setup.exercise, results: results, skipped: skipped, toolErrors: toolErrors, weights: setup.weights)
        report.timing = timing
        return report
    }
}

extension Gradebook {
    /// Starts a run and returns its id; the run counts as finished only once
    /// ``finishRun(_:results:skipped:toolErrors:timing:at:)`` is called.
    ///
    /// - Parameter only: the students `--only` named, or empty for the whole class.
    public func beginRun(source: String, shard: String, setup: GradingSetup, only: [String] = [], at date: Date = Date()) throws -> String {
        let id = UUID().uuidString
        try database.transaction {
            try database.execute("""
                INSERT INTO run (id, started_at, source, shard, exercise, harness, extra_tests, weights, weights_text, only_students)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(id), .real(date.timeIntervalSince1970), .text(source), .text(shard), .text(setup.exercise),
                      .text(setup.harness), .text(setup.extraTests), .text(setup.weightsHash), .text(setup.weights.canonicalText),
                      .text(only.sorted().joined(separator: ","))])
        }
        return id
    }

    /// Records what run `id` reported, with each student's submission time, and marks it
    /// finished, in one transaction.
    public func finishRun(_ id: String, results: [StudentResult], skipped: [SkippedEntry], toolErrors: [ClassReport.ToolError],
                          timing: [String: SubmissionTime] = [:], at date: Date = Date()) throws {
        let encoder = JSONEncoder()
        func time(_ student: String?) -> [SQLiteValue] {
            guard let student, let time = timing[student] else { return [.null, .null] }
            return [.real(time.date.timeIntervalSince1970), .text(time.source.stored)]
        }
        try database.transaction {
            for result in results {
                try database.execute("INSERT OR REPLACE INTO run_entry (run, path, student, attempt, submitted_at, time_source) VALUES (?, ?, ?, ?, ?, ?)",
                                     [.text(id), .text(result.file), .text(result.student), .optionalText(result.attemptID)] + time(result.student))
            }
            for entry in skipped {
                let reason = String(decoding: try encoder.encode(entry.reason), as: UTF8.self)
                try database.execute("INSERT OR REPLACE INTO run_entry (run, path, student, skip_reason, submitted_at, time_source) VALUES (?, ?, ?, ?, ?, ?)",
                                     [.text(id), .text(entry.path), .optionalText(entry.student), .text(reason)] + time(entry.student))
            }
            for error in toolErrors {
                try database.execute("INSERT OR REPLACE INTO run_entry (run, path, student, tool_error, submitted_at, time_source) VALUES (?, ?, ?, ?, ?, ?)",
                                     [.text(id), .text(error.file), .text(error.student), .text(error.message)] + time(error.student))
            }
            try database.execute("UPDATE run SET finished_at = ? WHERE id = ?", [.real(date.timeIntervalSince1970), .text(id)])
        }
    }

    /// The last run that finished, with everything it reported; nil when none did.
    public func lastFinishedRun() throws -> RecordedRun? {
        try lastFinishedRun(schema: "main")
    }

    func lastFinishedRun(schema: String) throws -> RecordedRun? {
        let ids = try database.query("SELECT id FROM \(schema).run WHERE finished_at IS NOT NULL ORDER BY finished_at DESC, rowid DESC LIMIT 1") { $0.string(0) }
        guard let id = ids.first else { return nil }
        return try run(id, schema: schema)
    }

    /// Everything run `id` of `schema` reported. A gradebook of schema version 1 (a shard
    /// merged from an older cachetutor) has no submission times or `--only` column.
    func run(_ id: String, schema: String = "main") throws -> RecordedRun {
        let version = try database.query("PRAGMA \(schema).user_version") { $0.int(0) }.first ?? 0
        let courseColumns = version >= 2
        let runs = try database.query("""
            SELECT id, source, shard, exercise, harness, extra_tests, weights_text, \(courseColumns ? "only_students" : "''") FROM \(schema).run WHERE id = ?
            """, [.text(id)]) { row in
            (id: row.string(0), source: row.string(1), shard: row.string(2), exercise: row.string(3), harness: row.string(4),
             extraTests: row.string(5), weights: row.string(6), only: row.string(7))
        }
        guard let run = runs.first else { throw GradebookError.badGradebook(file: url.path, problem: "run \(id) is missing") }
        let weights = try TestWeights.parse(run.weights, file: url.path)
        let setup = GradingSetup(exercise: run.exercise, harness: run.harness, extraTests: run.extraTests, weights: weights)
        let columns = Self.resultColumns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        let results = try database.query("""
            SELECT \(columns) FROM \(schema).run_entry e JOIN \(schema).attempt a ON a.uid = e.attempt
            WHERE e.run = ? ORDER BY e.student
            """, [.text(run.id)], row: Self.result)
        let decoder = JSONDecoder()
        let skipped = try database.query("""
            SELECT path, student, skip_reason FROM \(schema).run_entry WHERE run = ? AND skip_reason IS NOT NULL ORDER BY path
            """, [.text(run.id)]) { row in
            SkippedEntry(path: row.string(0), student: row.optionalString(1), reason: try decoder.decode(SkipReason.self, from: Data(row.string(2).utf8)))
        }
        let toolErrors = try database.query("""
            SELECT path, student, tool_error FROM \(schema).run_entry WHERE run = ? AND tool_error IS NOT NULL ORDER BY path
            """, [.text(run.id)]) { row in
            ClassReport.ToolError(student: row.string(1), file: row.string(0), message: row.string(2))
        }
        var timing: [String: SubmissionTime] = [:]
        if courseColumns {
            let times = try database.query("""
                SELECT student, submitted_at, time_source FROM \(schema).run_entry
                WHERE run = ? AND student IS NOT NULL AND submitted_at IS NOT NULL
                """, [.text(run.id)]) { row in
                (row.string(0), SubmissionTime(date: row.date(1), source: .init(stored: row.optionalString(2) ?? "file")))
            }
            for (student, time) in times { timing[student] = time }
        }
        return RecordedRun(id: run.id, source: run.source, shard: run.shard, only: run.only.split(separator: ",").map(String.init),
                           setup: setup, results: results, skipped: skipped, toolErrors: toolErrors, timing: timing)
    }
}
