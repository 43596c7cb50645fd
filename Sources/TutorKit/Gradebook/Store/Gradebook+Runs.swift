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
    /// The setup the run graded under.
    public var setup: GradingSetup
    /// The results the run reported.
    public var results: [StudentResult]
    /// The entries it skipped.
    public var skipped: [SkippedEntry]
    /// The students it could not grade.
    public var toolErrors: [ClassReport.ToolError]

    /// The run as a class report.
    public var report: ClassReport {
        ClassReport(exercise: setup.exercise, results: results, skipped: skipped, toolErrors: toolErrors, weights: setup.weights)
    }
}

extension Gradebook {
    /// Starts a run and returns its id; the run counts as finished only once ``finishRun(_:results:skipped:toolErrors:)`` is called.
    public func beginRun(source: String, shard: String, setup: GradingSetup, at date: Date = Date()) throws -> String {
        let id = UUID().uuidString
        try database.transaction {
            try database.execute("""
                INSERT INTO run (id, started_at, source, shard, exercise, harness, extra_tests, weights, weights_text)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(id), .real(date.timeIntervalSince1970), .text(source), .text(shard), .text(setup.exercise),
                      .text(setup.harness), .text(setup.extraTests), .text(setup.weightsHash), .text(setup.weights.canonicalText)])
        }
        return id
    }

    /// Records what run `id` reported and marks it finished, in one transaction.
    public func finishRun(_ id: String, results: [StudentResult], skipped: [SkippedEntry], toolErrors: [ClassReport.ToolError], at date: Date = Date()) throws {
        let encoder = JSONEncoder()
        try database.transaction {
            for result in results {
                try database.execute("INSERT OR REPLACE INTO run_entry (run, path, student, attempt) VALUES (?, ?, ?, ?)",
                                     [.text(id), .text(result.file), .text(result.student), .optionalText(result.attemptID)])
            }
            for entry in skipped {
                let reason = String(decoding: try encoder.encode(entry.reason), as: UTF8.self)
                try database.execute("INSERT OR REPLACE INTO run_entry (run, path, student, skip_reason) VALUES (?, ?, ?, ?)",
                                     [.text(id), .text(entry.path), .optionalText(entry.student), .text(reason)])
            }
            for error in toolErrors {
                try database.execute("INSERT OR REPLACE INTO run_entry (run, path, student, tool_error) VALUES (?, ?, ?, ?)",
                                     [.text(id), .text(error.file), .text(error.student), .text(error.message)])
            }
            try database.execute("UPDATE run SET finished_at = ? WHERE id = ?", [.real(date.timeIntervalSince1970), .text(id)])
        }
    }

    /// The last run that finished, with everything it reported; nil when none did.
    public func lastFinishedRun() throws -> RecordedRun? {
        try lastFinishedRun(schema: "main")
    }

    func lastFinishedRun(schema: String) throws -> RecordedRun? {
        let runs = try database.query("""
            SELECT id, source, shard, exercise, harness, extra_tests, weights_text FROM \(schema).run
            WHERE finished_at IS NOT NULL ORDER BY finished_at DESC, rowid DESC LIMIT 1
            """) { row in
            (id: row.string(0), source: row.string(1), shard: row.string(2), exercise: row.string(3), harness: row.string(4),
             extraTests: row.string(5), weights: row.string(6))
        }
        guard let run = runs.first else { return nil }
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
        return RecordedRun(id: run.id, source: run.source, shard: run.shard, setup: setup, results: results, skipped: skipped, toolErrors: toolErrors)
    }
}
