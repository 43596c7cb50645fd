import Foundation
import TutorStorage

extension Gradebook {
    /// The score inputs kept for `exercise` (``ScoreInputs``), or nil when it was never graded.
    ///
    /// A gradebook from before they were kept (schema version 2 or older) has none
    /// recorded; its last finished run's weights and extra tests stand in for them, so an
    /// older class regraded with `--only` keeps the scores it had.
    public func scoreInputs(of exercise: String) throws -> ScoreInputs? {
        try scoreInputs(of: exercise, schema: "main")
    }

    /// The score inputs of `exercise` in the gradebook attached as `schema`.
    func scoreInputs(of exercise: String, schema: String) throws -> ScoreInputs? {
        let version = try database.query("PRAGMA \(schema).user_version") { $0.int(0) }.first ?? 0
        if version >= 3 {
            let rows = try database.query("""
                SELECT weights_text, weights_file, extra_tests, extra_tests_folder, timestamps, timestamps_file, set_at
                FROM \(schema).score_input WHERE exercise = ? ORDER BY id DESC LIMIT 1
                """, [.text(exercise)]) { row in
                ScoreInputs(weights: try TestWeights.parse(row.string(0), file: url.path), weightsFile: row.string(1), extraTests: row.string(2),
                            extraTestsFolder: row.string(3), timestamps: Self.decodeTimestamps(row.string(4)), timestampsFile: row.string(5), setAt: row.date(6))
            }
            if let kept = rows.first { return kept }
        }
        let runs = try database.query("""
            SELECT weights_text, extra_tests FROM \(schema).run WHERE exercise = ? AND finished_at IS NOT NULL ORDER BY finished_at DESC, rowid DESC LIMIT 1
            """, [.text(exercise)]) { row in
            ScoreInputs(weights: try TestWeights.parse(row.string(0), file: url.path), extraTests: row.string(1))
        }
        return runs.first
    }

    /// Makes `inputs` those of `exercise` from `date` on; the earlier ones stay in the history.
    public func setScoreInputs(_ inputs: ScoreInputs, of exercise: String, at date: Date) throws {
        try database.transaction {
            try database.execute("""
                INSERT INTO score_input (exercise, weights_text, weights_file, extra_tests, extra_tests_folder, timestamps, timestamps_file, set_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(exercise), .text(inputs.weights.canonicalText), .text(inputs.weightsFile), .text(inputs.extraTests),
                      .text(inputs.extraTestsFolder), .text(Self.encodeTimestamps(inputs.timestamps)), .text(inputs.timestampsFile),
                      .real(date.timeIntervalSince1970)])
        }
    }

    /// Every change of `exercise`'s score inputs, oldest first.
    public func scoreInputHistory(of exercise: String) throws -> [ScoreInputs] {
        try database.query("""
            SELECT weights_text, weights_file, extra_tests, extra_tests_folder, timestamps, timestamps_file, set_at
            FROM score_input WHERE exercise = ? ORDER BY id
            """, [.text(exercise)]) { row in
            ScoreInputs(weights: try TestWeights.parse(row.string(0), file: url.path), weightsFile: row.string(1), extraTests: row.string(2),
                        extraTestsFolder: row.string(3), timestamps: Self.decodeTimestamps(row.string(4)), timestampsFile: row.string(5), setAt: row.date(6))
        }
    }

    /// The score inputs kept for `exercise` in the gradebook at `url`; nil when there is no
    /// such file yet (nothing is created) or it never graded the exercise.
    public static func keptScoreInputs(at url: URL, exercise: String, warn: (String) -> Void = { _ in }) throws -> ScoreInputs? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Gradebook(url: url, warn: warn).scoreInputs(of: exercise)
    }

    /// The timestamps as JSON (student → seconds since 1970, sorted keys): a text the row can hold and compare.
    static func encodeTimestamps(_ timestamps: [String: Date]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(timestamps.mapValues(\.timeIntervalSince1970))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func decodeTimestamps(_ text: String) -> [String: Date] {
        ((try? JSONDecoder().decode([String: Double].self, from: Data(text.utf8))) ?? [:]).mapValues { Date(timeIntervalSince1970: $0) }
    }
}
