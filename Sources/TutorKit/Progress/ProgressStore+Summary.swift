import Foundation
import TutorStorage

extension ProgressStore {
    /// One summary per lesson: every name in `lessons` in that order, then any other lesson
    /// that has records (e.g. one since removed from the course), sorted by name.
    public func summary(lessons: [String]) throws -> [LessonProgress] {
        try database.transaction {
            var byLesson: [String: LessonProgress] = [:]
            func update(_ lesson: String, _ change: (inout LessonProgress) -> Void) {
                var entry = byLesson[lesson] ?? LessonProgress(lesson: lesson)
                change(&entry)
                byLesson[lesson] = entry
            }
            func touch(_ entry: inout LessonProgress, _ date: Date) {
                entry.lastActivity = max(entry.lastActivity ?? date, date)
            }
            for row in try database.query("SELECT lesson, page, furthest_page, page_count, updated_at FROM lesson", row: { row in
                (row.string(0), row.int(1), row.int(2), row.isNull(3) ? nil : row.int(3), row.date(4))
            }) {
                update(row.0) { entry in
                    entry.page = row.1
                    entry.furthestPage = row.2
                    entry.pageCount = row.3
                    entry.finished = row.3.map { row.2 >= $0 } ?? false
                    touch(&entry, row.4)
                }
            }
            for row in try database.query("SELECT lesson, step, done_at FROM try_step ORDER BY done_at, rowid", row: { ($0.string(0), $0.string(1), $0.date(2)) }) {
                update(row.0) { entry in
                    entry.stepsDone.append(row.1)
                    touch(&entry, row.2)
                }
            }
            for row in try database.query("SELECT lesson, count(*), max(shown_at) FROM hint GROUP BY lesson", row: { ($0.string(0), $0.int(1), $0.date(2)) }) {
                update(row.0) { entry in
                    entry.hintsUsed = row.1
                    touch(&entry, row.2)
                }
            }
            let quizSQL = """
                SELECT quiz, count(*), max(CASE WHEN completed AND max_score > 0 THEN score / max_score END), max(finished_at)
                FROM quiz_attempt GROUP BY quiz
                """
            for row in try database.query(quizSQL, row: { ($0.string(0), $0.int(1), $0.isNull(2) ? nil : $0.double(2), $0.date(3)) }) {
                update(row.0) { entry in
                    entry.quizAttempts = row.1
                    entry.bestQuizScore = row.2
                    touch(&entry, row.3)
                }
            }
            let extra = byLesson.keys.filter { !lessons.contains($0) }.sorted()
            return (lessons + extra).map { byLesson[$0] ?? LessonProgress(lesson: $0) }
        }
    }

    /// Everything in the store, for `cachetutor progress --export json`.
    public func export(lessons: [String] = [], at date: Date = Date()) throws -> ProgressExport {
        try database.transaction {
            ProgressExport(
                formatVersion: 1,
                exportedAt: date,
                resume: try resumePoint(),
                lessons: try summary(lessons: lessons),
                quizAttempts: try quizAttempts(),
                checks: try checks()
            )
        }
    }
}
