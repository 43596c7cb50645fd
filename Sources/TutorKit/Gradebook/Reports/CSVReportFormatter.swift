import Foundation
import TutorGrading

/// The class as CSV for an LMS gradebook import: one row per student, one column per test.
///
/// Columns: `student`, `score`, `max_score`, `percent`, `status`, then one column per test
/// holding the points earned on it, then `failing_tests` and `file`. Students whose
/// entry was skipped (an empty file, two candidate files) get a row with empty scores and
/// the reason in `status`, so nobody vanishes from the import. Fields follow RFC 4180
/// (quoted when they hold a comma, quote or line break; CRLF line ends), and a text field
/// starting with `=`, `+`, `-` or `@` gets a leading `'` so a spreadsheet never runs it
/// as a formula.
///
///     student,score,max_score,percent,status,uses_nscache,…,failing_tests,file
///     alice,20,20,100,pass,1,…,,alice.swift
public struct CSVReportFormatter: Sendable {
    /// A formatter.
    public init() {}

    /// The CSV text.
    public func format(_ report: ClassReport) -> String {
        var rows: [[String]] = [["student", "score", "max_score", "percent", "status"] + report.testNames + ["failing_tests", "file"]]
        var students: [(String, [String])] = report.results.map { result in
            let perTest = report.testNames.map { name -> String in
                guard let test = result.report.tests.first(where: { $0.name == name }) else { return "0" }
                return test.status == .pass && result.report.status != .error ? Points.format(report.weights.points(for: name)) : "0"
            }
            let status = result.report.status == .error ? "did not compile" : result.report.status.rawValue
            let row = [text(result.student), Points.format(result.points), Points.format(result.maxPoints), String(Int((result.fraction * 100).rounded())), status]
                + perTest + [text(result.failingTests.joined(separator: " ")), text(result.file)]
            return (result.student, row)
        }
        for entry in report.skipped {
            guard let student = entry.student, !report.results.contains(where: { $0.student == student }) else { continue }
            let row = [text(student), "", "", "", text("not graded: " + entry.reason.description)]
                + report.testNames.map { _ in "" } + ["", text(entry.path)]
            students.append((student, row))
        }
        for error in report.toolErrors {
            let row = [text(error.student), "", "", "", text("not graded: " + error.message)] + report.testNames.map { _ in "" } + ["", text(error.file)]
            students.append((error.student, row))
        }
        var seen: Set<String> = []
        for (student, row) in students.sorted(by: { $0.0 < $1.0 }) where seen.insert(student).inserted {
            rows.append(row)
        }
        return rows.map { $0.map(Self.quote).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// A text cell made safe from formula injection.
    private func text(_ value: String) -> String {
        guard let first = value.first, "=+-@\t\r".contains(first) else { return value }
        return "'" + value
    }

    /// `field` quoted as RFC 4180 asks.
    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
