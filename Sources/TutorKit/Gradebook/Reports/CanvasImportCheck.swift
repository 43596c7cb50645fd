import Foundation

/// Checks a file against what Canvas's gradebook importer accepts, so an export that
/// Canvas would refuse or misread is a tool fault here, not a surprise in the LMS.
///
/// The rules follow Canvas's documentation of the import and its importer's reading of
/// the header (see the README for both): the header starts with `Student` and `ID`,
/// then `SIS User ID` and `SIS Login ID`, and the last student column is `Section`; an
/// assignment heading must not end in a number in parentheses (read as an assignment
/// id) nor contain the headings of Canvas's read-only total columns (`Current Score`,
/// `Final Grade`, …), which the importer drops; a `Points Possible` row may follow the
/// header; scores are numbers or blank; every row has the header's number of fields.
public enum CanvasImportCheck {
    /// Headings Canvas treats as read-only totals: a column whose heading contains one is ignored.
    static let readOnlyHeadings = ["Current Score", "Current Points", "Current Grade", "Final Score", "Final Points", "Final Grade",
                                   "Override Score", "Override Grade", "Override Status"]

    /// What Canvas would refuse or misread in `text`; empty when it imports as meant.
    public static func problems(in text: String) -> [String] {
        let table: CSVTable
        do {
            table = try CSVTable.parse(text, file: "canvas.csv")
        } catch {
            return [userFacing(error)]
        }
        let header = table.header
        let columns = CanvasReportFormatter.studentColumns
        guard header.count > columns.count, Array(header.prefix(columns.count)) == columns else {
            return ["the header must start with \(columns.joined(separator: ", ")) and name at least one assignment; it starts with \(header.prefix(columns.count).joined(separator: ", "))"]
        }
        var problems: [String] = []
        let assignments = Array(header.dropFirst(columns.count))
        var seen: Set<String> = []
        for name in assignments {
            if name.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("an assignment column has no heading") }
            if !seen.insert(name).inserted { problems.append("the assignment '\(name)' has two columns") }
            if name.range(of: #"\s\(\d+\)$"#, options: .regularExpression) != nil {
                problems.append("'\(name)' ends in a number in parentheses, which Canvas reads as an assignment id")
            }
            if let reserved = readOnlyHeadings.first(where: name.contains) {
                problems.append("'\(name)' contains '\(reserved)', a read-only Canvas column the importer ignores")
            }
        }
        for record in table.records {
            let scores = record.fields.dropFirst(columns.count)
            let isPoints = record.fields[0].contains("Points Possible")
            if !isPoints, record.fields.prefix(4).allSatisfy({ $0.isEmpty }) {
                problems.append("line \(record.line): no name, ID, SIS User ID or SIS Login ID to match the student on")
            }
            for (name, score) in zip(assignments, scores) where !score.isEmpty && Double(score) == nil {
                problems.append("line \(record.line): '\(score)' under '\(name)' is not a number")
            }
        }
        return problems
    }

    private static func userFacing(_ error: any Error) -> String {
        (error as? GradebookError)?.message ?? "\(error)"
    }
}
