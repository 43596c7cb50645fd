import Foundation
import TutorTerminal

/// Submission times an instructor hands in: `--timestamps FILE`, a CSV of
/// `student,timestamp`, one row per student, as nbgrader's `timestamp.txt` files hold them.
///
/// A `student,timestamp` header is optional. They override what git or the file system
/// say, because the LMS's record of when work arrived is the one students were told counts.
///
///     student,timestamp
///     alice,2026-12-15T22:10:04Z
///     bob,2026-12-16 09:30:00.250 UTC
public enum TimestampsFile {
    /// The times in `text`, by student; `file` names the file in messages.
    ///
    /// - Throws: ``GradebookError/badInputFile(file:line:problem:)`` for a malformed CSV,
    ///   a row that is not two fields, a time without a zone, or a student given twice.
    public static func parse(_ text: String, file: String) throws -> [String: Date] {
        var records = try CSVTable.records(of: text, file: file)
        if let first = records.first, first.fields.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) == ["student", "timestamp"] {
            records.removeFirst()
        }
        var times: [String: Date] = [:]
        var lines: [String: Int] = [:]
        for record in records {
            guard record.fields.count == 2 else {
                throw GradebookError.badInputFile(file: file, line: record.line, problem: "expected 'student,timestamp', found \(record.fields.count) fields")
            }
            let student = record.fields[0].trimmingCharacters(in: .whitespaces)
            guard !student.isEmpty else { throw GradebookError.badInputFile(file: file, line: record.line, problem: "the student is empty") }
            guard let date = Timestamp.parse(record.fields[1]) else {
                throw GradebookError.badInputFile(file: file, line: record.line, problem: "'\(MessageText.excerpt(record.fields[1]))' is not a date and time with a zone, e.g. \(Timestamp.example)")
            }
            if let first = lines[student] {
                throw GradebookError.badInputFile(file: file, line: record.line, problem: "'\(MessageText.excerpt(student))' is given twice (first on line \(first))")
            }
            lines[student] = record.line
            times[student] = date
        }
        return times
    }
}
