import Foundation
import TutorGrading

/// The class as CSV for an LMS gradebook import: one row per student, one column per test.
///
/// Columns: `student`, `score` (the final score), `max_score`, `percent`, `status`, then
/// the parts of the score kept apart as nbgrader's export keeps them (`raw_score`,
/// `late_penalty`, `adjustment`), when the work was handed in (`submitted_at`, ISO 8601
/// UTC) and how late (`late_hours`), then one column per test holding the points earned
/// on it, then `failing_tests`, `notes` (the lateness and each adjustment's reason),
/// `file` and `weights` (the weights every score in the file uses, in words, on each
/// scored row so that a row copied elsewhere still says it). Students whose entry was skipped (an empty file, two candidate files) get a
/// row with empty scores and the reason in `status`, and so do roster students who
/// handed nothing in (`no submission`, scored 0 once the deadline has passed), so nobody
/// vanishes from the import. Fields follow RFC 4180
/// (quoted when they hold a comma, quote or line break; CRLF line ends), and a text field
/// starting with `=`, `+`, `-` or `@` gets a leading `'` so a spreadsheet never runs it
/// as a formula.
///
///     student,score,max_score,percent,status,raw_score,late_penalty,adjustment,submitted_at,late_hours,uses_nscache,…,failing_tests,notes,file,weights
///     alice,20,20,100,pass,20,0,0,2026-12-15T22:10:04Z,0,1,…,,,alice.swift,"one point per test, out of 20"
public struct CSVReportFormatter: Sendable {
    /// A formatter.
    public init() {}

    /// The CSV text.
    public func format(_ report: ClassReport) -> String {
        let columns = ["student", "score", "max_score", "percent", "status", "raw_score", "late_penalty", "adjustment", "submitted_at", "late_hours"]
        var rows: [[String]] = [columns + report.testNames + ["failing_tests", "notes", "file", "weights"]]
        let weights = text(GradeNotes.weights(report))
        func empty(_ student: String, status: String, file: String, score: String = "") -> (String, [String]) {
            (student, [text(student), score, score.isEmpty ? "" : Points.format(report.maxPoints), score.isEmpty ? "" : "0", text(status)]
                + Array(repeating: "", count: columns.count - 5) + report.testNames.map { _ in "" } + ["", "", text(file), score.isEmpty ? "" : weights])
        }
        var students: [(String, [String])] = report.results.map { result in
            let grade = report.grade(for: result)
            let time = report.timing[result.student]
            let perTest = report.testNames.map { name -> String in
                guard let test = result.report.tests.first(where: { $0.name == name }) else { return "0" }
                return test.status == .pass && result.report.status != .error ? Points.format(report.weights.points(for: name)) : "0"
            }
            let status = result.report.status == .error ? "did not compile" : result.report.status.rawValue
            let fraction = result.maxPoints > 0 ? grade.final / result.maxPoints : 0
            let notes = ([GradeNotes.lateness(grade.late, time: time)].compactMap { $0 } + grade.adjustments.map(GradeNotes.adjustment)).joined(separator: "; ")
            let row = [text(result.student), Points.format(grade.final), Points.format(result.maxPoints), String(Int((fraction * 100).rounded())), status,
                       Points.format(grade.raw), Points.format(grade.penalty), Points.format(grade.adjustment),
                       time.map { Timestamp.format($0.date) } ?? "", Points.format(grade.late.lateBy / 3600)]
                + perTest + [text(result.failingTests.joined(separator: " ")), text(notes), text(result.file), weights]
            return (result.student, row)
        }
        for entry in report.skipped {
            guard let student = entry.student, !report.results.contains(where: { $0.student == student }) else { continue }
            students.append(empty(student, status: "not graded: " + entry.reason.description, file: entry.path))
        }
        for error in report.toolErrors {
            students.append(empty(error.student, status: "not graded: " + error.message, file: error.file))
        }
        for person in report.missingStudents {
            let student = person.folder.isEmpty ? person.displayName : person.folder
            students.append(empty(student, status: "no submission", file: "", score: report.isPastDeadline(person.folder) ? "0" : ""))
        }
        var seen: Set<String> = []
        for (student, row) in students.sorted(by: { $0.0 < $1.0 }) where seen.insert(student).inserted {
            rows.append(row)
        }
        return Self.lines(rows)
    }

    /// `rows` as RFC 4180 text with CRLF line ends.
    static func lines(_ rows: [[String]]) -> String {
        rows.map { $0.map(quote).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    private func text(_ value: String) -> String { Self.defused(value) }

    /// A text cell made safe from formula injection: a leading `=`, `+`, `-`, `@`, tab or
    /// carriage return gets a `'` in front, so a spreadsheet shows it instead of running it.
    static func defused(_ value: String) -> String {
        guard let first = value.first, "=+-@\t\r".contains(first) else { return value }
        return "'" + value
    }

    /// `field` quoted as RFC 4180 asks. By scalar, not by `Character`: a quote followed by a
    /// combining mark, or `"\r\n"`, is one `Character` equal to neither `"` nor `"\n"`, yet a
    /// reader of the file sees the quote and the line break (a fuzzing campaign found it).
    static func quote(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in field.unicodeScalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append("\"") }
        }
        quoted.append("\"")
        return String(quoted)
    }
}
