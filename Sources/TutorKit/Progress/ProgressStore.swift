import Foundation
import TutorStorage

/// The one owner of a learner's saved progress, with one save path.
///
/// Everything `learn`, `quiz` and `check` remember goes through here: lesson position and
/// the resume point, try-it steps done, hints used, quiz attempts with each answer and the
/// review cards they leave, and check attempts, all with timestamps. Every write is one transaction, so a process
/// killed half-way leaves the last whole record and nothing after it. Safe to use from
/// several threads, and from several processes on the same file.
///
///     let store = try ProgressStore.open(environment: context.environment)
///     try store.recordPosition(lesson: "05-eviction", page: 3, pageCount: 6)
///     let resume = try store.resumePoint()      // ResumePoint(lesson: "05-eviction", page: 3, …)
public final class ProgressStore: @unchecked Sendable {
    /// The database underneath, for callers that need its file or its recovery notice.
    public let database: SQLiteDatabase

    /// The file the progress lives in.
    public var url: URL { database.url }

    /// Opens the learner's store at ``location(environment:)``.
    ///
    /// When the file there was damaged or belonged to another program it is moved aside,
    /// a fresh one is started, and `warn` is given one line saying so (by default it goes
    /// to standard error as `cachetutor: warning: …`).
    public static func open(environment: [String: String], warn: (String) -> Void = ProgressStore.warnOnStandardError) throws -> ProgressStore {
        try ProgressStore(url: location(environment: environment), warn: warn)
    }

    /// Opens (or creates) a store at an explicit file.
    public init(url: URL, warn: (String) -> Void = ProgressStore.warnOnStandardError) throws {
        database = try SQLiteDatabase.open(at: url, schema: Self.schema)
        if let recovery = database.recovery { warn(recovery.message) }
    }

    /// Where the progress file lives: `$CACHETUTOR_HOME/progress.sqlite3`, else
    /// `$XDG_DATA_HOME/cachetutor/progress.sqlite3`, else `~/.local/share/cachetutor/progress.sqlite3`.
    public static func location(environment: [String: String]) throws -> URL {
        let fileName = "progress.sqlite3"
        if let home = environment["CACHETUTOR_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fileName)
        }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("cachetutor").appendingPathComponent(fileName)
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw StorageError.noLocation(reason: "none of CACHETUTOR_HOME, XDG_DATA_HOME or HOME is set")
        }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/cachetutor", isDirectory: true)
            .appendingPathComponent(fileName)
    }

    /// Writes a one-line warning to standard error.
    public static func warnOnStandardError(_ message: String) {
        FileHandle.standardError.write(Data("cachetutor: warning: \(message)\n".utf8))
    }

    // MARK: Lessons

    /// Records that `lesson` is showing `page` (from 1) and makes it the resume point.
    ///
    /// The furthest page read grows only page by page: a page counts as read when it is at
    /// most one past the furthest so far, so `page 7` on a lesson just opened moves the
    /// learner there without marking six pages, and the lesson, as read.
    ///
    /// - Parameter pageCount: the lesson's number of pages, when known; reading up to the
    ///   last page marks the lesson finished.
    public func recordPosition(lesson: String, page: Int, pageCount: Int? = nil, at date: Date = Date()) throws {
        try database.transaction {
            try database.execute("""
                INSERT INTO lesson (lesson, page, furthest_page, page_count, started_at, updated_at)
                VALUES (?1, ?2, ?2, ?3, ?4, ?4)
                ON CONFLICT (lesson) DO UPDATE SET
                    page = excluded.page,
                    furthest_page = CASE WHEN excluded.page <= furthest_page + 1 THEN max(furthest_page, excluded.page) ELSE furthest_page END,
                    page_count = coalesce(excluded.page_count, page_count),
                    updated_at = excluded.updated_at
                """, [.text(lesson), .int(page), pageCount.map { .int($0) } ?? .null, .real(date.timeIntervalSince1970)])
            try database.execute("""
                INSERT INTO resume (id, lesson, page, updated_at) VALUES (1, ?1, ?2, ?3)
                ON CONFLICT (id) DO UPDATE SET lesson = excluded.lesson, page = excluded.page, updated_at = excluded.updated_at
                """, [.text(lesson), .int(page), .real(date.timeIntervalSince1970)])
        }
    }

    /// The lesson and page `learn` should reopen, or nil before the first lesson.
    public func resumePoint() throws -> ResumePoint? {
        try database.query("SELECT lesson, page, updated_at FROM resume WHERE id = 1") {
            ResumePoint(lesson: $0.string(0), page: $0.int(1), date: $0.date(2))
        }.first
    }

    /// The page last shown in `lesson`, or nil when it was never opened.
    public func page(lesson: String) throws -> Int? {
        try database.query("SELECT page FROM lesson WHERE lesson = ?", [.text(lesson)]) { $0.int(0) }.first
    }

    /// Records that the try-it step `step` of `lesson` is done (or skipped); repeats are ignored.
    ///
    /// - Parameter step: an identifier that stays stable while the lesson does, e.g. `"3.1"`
    ///   for the first step on page 3.
    public func recordStepDone(lesson: String, step: String, skipped: Bool = false, at date: Date = Date()) throws {
        try database.transaction {
            try database.execute("""
                INSERT INTO try_step (lesson, step, skipped, done_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (lesson, step) DO NOTHING
                """, [.text(lesson), .text(step), .bool(skipped), .real(date.timeIntervalSince1970)])
        }
    }

    /// The try-it steps of `lesson` done so far (skipped ones included), in the order done.
    public func stepsDone(lesson: String) throws -> [String] {
        try database.query("SELECT step FROM try_step WHERE lesson = ? ORDER BY done_at, rowid", [.text(lesson)]) { $0.string(0) }
    }

    /// Records that a hint was shown on `page` of `lesson`, for try-it step `step` if any.
    public func recordHint(lesson: String, page: Int, step: String? = nil, at date: Date = Date()) throws {
        try database.transaction {
            try database.execute("INSERT INTO hint (lesson, page, step, shown_at) VALUES (?, ?, ?, ?)",
                                 [.text(lesson), .int(page), .optionalText(step), .real(date.timeIntervalSince1970)])
        }
    }

    /// How many hints were shown in `lesson`.
    public func hintsUsed(lesson: String) throws -> Int {
        try database.query("SELECT count(*) FROM hint WHERE lesson = ?", [.text(lesson)]) { $0.int(0) }.first ?? 0
    }

    /// Forgets the position, steps and hints of `lesson` (quiz and check history stay).
    public func resetLesson(_ lesson: String) throws {
        try database.transaction {
            for table in ["lesson", "try_step", "hint"] {
                try database.execute("DELETE FROM \(table) WHERE lesson = ?", [.text(lesson)])
            }
            try database.execute("DELETE FROM resume WHERE lesson = ?", [.text(lesson)])
        }
    }

    // MARK: Quizzes and checks

    /// Saves a quiz attempt and all its answers together, and moves the review card of each
    /// answered question (``ReviewSchedule``) as of the attempt's end.
    public func recordQuizAttempt(_ attempt: QuizAttemptRecord) throws {
        try database.transaction {
            // The seed is stored by bit pattern: SQLite integers are signed.
            try database.execute("""
                INSERT INTO quiz_attempt (quiz, score, max_score, completed, started_at, finished_at, shuffle_seed)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(attempt.quiz), .real(attempt.score), .real(attempt.maxScore), .bool(attempt.completed),
                      .real(attempt.startedAt.timeIntervalSince1970), .real(attempt.finishedAt.timeIntervalSince1970),
                      attempt.shuffleSeed.map { .integer(Int64(bitPattern: $0)) } ?? .null])
            let id = database.lastInsertRowID
            for (position, answer) in attempt.answers.enumerated() {
                try database.execute("INSERT INTO quiz_answer (attempt_id, position, question, response, credit) VALUES (?, ?, ?, ?, ?)",
                                     [.integer(id), .int(position), .text(answer.question), .text(answer.response), .real(answer.credit)])
                try applyReview(quiz: attempt.quiz, question: answer.question, credit: answer.credit, at: attempt.finishedAt)
            }
        }
    }

    /// The attempts at `quiz` (every quiz when nil), oldest first.
    public func quizAttempts(quiz: String? = nil) throws -> [QuizAttemptRecord] {
        try database.transaction {
            let rows = try database.query("""
                SELECT id, quiz, score, max_score, completed, started_at, finished_at, shuffle_seed FROM quiz_attempt
                WHERE ?1 IS NULL OR quiz = ?1 ORDER BY started_at, id
                """, [.optionalText(quiz)]) { row in
                (row.int64(0), QuizAttemptRecord(quiz: row.string(1), score: row.double(2), maxScore: row.double(3), answers: [],
                                                 completed: row.int(4) != 0, startedAt: row.date(5), finishedAt: row.date(6),
                                                 shuffleSeed: row.isNull(7) ? nil : UInt64(bitPattern: row.int64(7))))
            }
            return try rows.map { id, attempt in
                var attempt = attempt
                attempt.answers = try database.query(
                    "SELECT question, response, credit FROM quiz_answer WHERE attempt_id = ? ORDER BY position", [.integer(id)]
                ) { QuizAnswerRecord(question: $0.string(0), response: $0.string(1), credit: $0.double(2)) }
                return attempt
            }
        }
    }

    /// Saves one run of `cachetutor check`.
    public func recordCheck(_ record: CheckRecord) throws {
        try database.transaction {
            try database.execute("""
                INSERT INTO check_attempt (exercise, file, status, passed, total, failed_tests, duration_ms, checked_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(record.exercise), .text(record.file), .text(record.status), .int(record.passed), .int(record.total),
                      .text(record.failedTests.joined(separator: "\n")), .int(record.durationMilliseconds),
                      .real(record.date.timeIntervalSince1970)])
        }
    }

    /// The checks of `exercise` (every exercise when nil), oldest first.
    public func checks(exercise: String? = nil) throws -> [CheckRecord] {
        try database.query("""
            SELECT exercise, file, status, passed, total, failed_tests, duration_ms, checked_at FROM check_attempt
            WHERE ?1 IS NULL OR exercise = ?1 ORDER BY checked_at, id
            """, [.optionalText(exercise)]) { row in
            CheckRecord(exercise: row.string(0), file: row.string(1), status: row.string(2), passed: row.int(3), total: row.int(4),
                        failedTests: row.string(5).split(separator: "\n").map(String.init),
                        durationMilliseconds: row.int(6), date: row.date(7))
        }
    }
}

extension ProgressStore {
    /// Opens the learner's store only if its file already exists, so that reading
    /// progress (or recording a check) never creates a file the learner did not ask for.
    public static func openIfPresent(environment: [String: String], warn: (String) -> Void = ProgressStore.warnOnStandardError) throws -> ProgressStore? {
        let url = try location(environment: environment)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try ProgressStore(url: url, warn: warn)
    }
}
