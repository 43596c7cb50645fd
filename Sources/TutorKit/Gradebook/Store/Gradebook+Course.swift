import Foundation
import TutorStorage

extension Gradebook {
    /// The exercises the gradebook holds a finished run of, in the order each was first graded.
    public func exercises() throws -> [String] {
        try database.query("""
            SELECT exercise FROM run WHERE finished_at IS NOT NULL GROUP BY exercise ORDER BY min(finished_at), exercise
            """) { $0.string(0) }
    }

    /// Where `exercise` stands now: its last run over the whole class, with every later
    /// partial run (`--only`, a shard) laid over it student by student; nil when the
    /// exercise was never graded.
    ///
    /// Results are re-scored under the newest run's weights, so a class graded in several
    /// steps is scored one way.
    public func standing(of exercise: String) throws -> RecordedRun? {
        let runs = try database.query("""
            SELECT id, shard, only_students FROM run WHERE exercise = ? AND finished_at IS NOT NULL ORDER BY finished_at, rowid
            """, [.text(exercise)]) { (id: $0.string(0), partial: $0.string(2) != "" || ($0.string(1) != "all" && $0.string(1) != "merged")) }
        guard !runs.isEmpty else { return nil }
        let start = runs.lastIndex { !$0.partial } ?? runs.startIndex
        var standing = try run(runs[start].id)
        for overlay in runs[(start + 1)...] {
            let later = try run(overlay.id)
            let students = Set(later.results.map(\.student) + later.skipped.compactMap(\.student) + later.toolErrors.map(\.student))
            standing.results = standing.results.filter { !students.contains($0.student) } + later.results
            standing.toolErrors = standing.toolErrors.filter { !students.contains($0.student) } + later.toolErrors
            let paths = Set(later.skipped.map(\.path))
            standing.skipped = standing.skipped.filter { entry in
                !paths.contains(entry.path) && !(entry.student.map(students.contains) ?? false)
            } + later.skipped
            for student in students { standing.timing[student] = later.timing[student] }
            standing.setup = later.setup
            standing.id = later.id
        }
        let weights = standing.setup.weights
        standing.results = standing.results.map { result in
            var result = result
            (result.points, result.maxPoints) = StudentResult.score(result.report, weights: weights)
            return result
        }.sorted { $0.student < $1.student }
        return standing
    }

    /// `exercise` as the gradebook holds it (``standing(of:)``), with its deadlines and
    /// adjustments, for `roster` at `now`; nil when the exercise was never graded.
    public func classReport(of exercise: String, roster: Roster? = nil, now: Date) throws -> ClassReport? {
        guard let standing = try standing(of: exercise) else { return nil }
        var report = standing.report
        report.deadlines = try deadlines(of: exercise)
        report.adjustments = try adjustments(of: exercise)
        report.scoring = try scoreInputs(of: exercise)
        report.roster = roster
        report.now = now
        return report
    }

    /// Every student the gradebook knows for `exercise`: graded, skipped or not graded.
    public func students(of exercise: String) throws -> [String] {
        try database.query("""
            SELECT DISTINCT e.student FROM run_entry e JOIN run r ON r.id = e.run
            WHERE r.exercise = ? AND e.student IS NOT NULL ORDER BY e.student
            """, [.text(exercise)]) { $0.string(0) }
    }

    // MARK: Deadlines

    /// The deadlines and late policy last set for `exercise` (empty when none were).
    public func deadlines(of exercise: String) throws -> Deadlines {
        try deadlines(of: exercise, schema: "main")
    }

    /// The deadlines of `exercise` in the gradebook attached as `schema`; a version 1
    /// gradebook has none.
    func deadlines(of exercise: String, schema: String) throws -> Deadlines {
        guard try database.query("PRAGMA \(schema).user_version", row: { $0.int(0) }).first ?? 0 >= 2 else { return Deadlines() }
        let rows = try database.query("""
            SELECT due, extensions, late_penalty, grace_seconds FROM \(schema).deadline WHERE exercise = ? ORDER BY id DESC LIMIT 1
            """, [.text(exercise)]) { row in
            (due: row.isNull(0) ? nil : row.date(0), extensions: row.string(1), penalty: row.string(2), grace: row.double(3))
        }
        guard let row = rows.first else { return Deadlines() }
        var extensions: [String: Date] = [:]
        for entry in try Deadlines.parseExtensions(row.extensions, file: url.path) { extensions[entry.student] = entry.deadline }
        let policy = (try? LatePolicy.parse(row.penalty)) ?? .none
        return Deadlines(due: row.due, extensions: extensions, policy: policy, grace: row.grace)
    }

    /// Makes `deadlines` those of `exercise` from now on; the earlier ones stay in the history.
    public func setDeadlines(_ deadlines: Deadlines, of exercise: String, at date: Date) throws {
        guard try self.deadlines(of: exercise) != deadlines else { return }
        try database.transaction {
            try database.execute("""
                INSERT INTO deadline (exercise, due, extensions, late_penalty, grace_seconds, set_at) VALUES (?, ?, ?, ?, ?, ?)
                """, [.text(exercise), deadlines.due.map { .real($0.timeIntervalSince1970) } ?? .null, .text(deadlines.extensionsText),
                      .text(deadlines.policy.description), .real(deadlines.grace), .real(date.timeIntervalSince1970)])
        }
    }

    // MARK: Adjustments

    /// Records a manual adjustment in its own transaction.
    public func record(_ adjustment: Adjustment) throws {
        try database.transaction {
            try database.execute("""
                INSERT INTO adjustment (uid, exercise, student, points, reason, made_at) VALUES (?, ?, ?, ?, ?, ?)
                """, [.text(UUID().uuidString), .text(adjustment.exercise), .text(adjustment.student), .real(adjustment.points),
                      .text(adjustment.reason), .real(adjustment.madeAt.timeIntervalSince1970)])
        }
    }

    /// Every adjustment of `exercise`, by student, oldest first.
    public func adjustments(of exercise: String) throws -> [String: [Adjustment]] {
        let all = try database.query("""
            SELECT student, points, reason, made_at FROM adjustment WHERE exercise = ? ORDER BY id
            """, [.text(exercise)]) { row in
            Adjustment(exercise: exercise, student: row.string(0), points: row.double(1), reason: row.string(2), madeAt: row.date(3))
        }
        return Dictionary(grouping: all, by: \.student)
    }
}
