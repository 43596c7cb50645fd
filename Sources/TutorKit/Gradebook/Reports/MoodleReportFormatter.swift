/// A Moodle grade import (Grades → Import → CSV file): one row per student, matched on
/// their email address or ID number, one grade column and one feedback column per exercise.
///
/// Columns: `email` (or `idnumber`), then for each exercise `NAME` (the final score) and
/// `NAME feedback` (the failing tests, the lateness, each adjustment's reason and, when
/// the tests are weighted, the weights). On
/// Moodle's import page, map *Email address* to `useremail` (or *ID number* to
/// `useridnumber`), each grade column to its grade item (or a new one), and each feedback
/// column to *Feedback for* that item. Moodle abandons the whole import at the first row
/// whose user it cannot find, so only roster students with the identifier are written;
/// the others are listed by ``leftOut(_:)``.
///
///     email,ThumbnailCache,ThumbnailCache feedback,ProfileStore,ProfileStore feedback
///     alice@example.edu,20,All 20 hidden tests passed.,9,All 9 hidden tests passed.
public struct MoodleReportFormatter: Sendable {
    /// The user field rows are matched on.
    public enum Identifier: String, Sendable {
        /// The email address (the roster's `email`).
        case email
        /// The ID number (the roster's `sis_id`).
        case idnumber
    }

    /// The field rows are matched on.
    public var identifier: Identifier

    /// A formatter matching rows on `identifier`.
    public init(identifier: Identifier) { self.identifier = identifier }

    /// `email` when any roster student has one; `idnumber` when none has an email but some
    /// have an ID number.
    public static func identifier(for roster: Roster) -> Identifier {
        roster.people.contains { !$0.email.isEmpty } || !roster.people.contains { !$0.sisID.isEmpty } ? .email : .idnumber
    }

    /// The CSV text.
    public func format(_ course: CourseReport) -> String {
        var rows = [[identifier.rawValue] + course.columns.flatMap { [$0.exercise, $0.exercise + " feedback"] }]
        for row in course.rows {
            guard let person = row.person, let key = key(of: person) else { continue }
            var fields = [key]
            for (column, cell) in zip(course.columns, row.cells) {
                var feedback = GradeNotes.feedback(cell, time: column.report.timing[row.student])
                // Weighted tests are said to the student as the other reports say them.
                if column.report.weights != .equal, case .graded = cell { feedback += " Scored " + GradeNotes.weights(column.report) + "." }
                fields += [cell.points.map(Points.format) ?? "", feedback]
            }
            rows.append(fields.map(CSVReportFormatter.defused))
        }
        return CSVReportFormatter.lines(rows)
    }

    /// Students not written: roster students without the identifier, and folders the roster lacks.
    public func leftOut(_ course: CourseReport) -> [String] {
        course.rows.compactMap { row in
            guard let person = row.person else { return row.student }
            return key(of: person) == nil ? person.displayName : nil
        }
    }

    private func key(of person: Roster.Person) -> String? {
        let value = identifier == .email ? person.email : person.sisID
        return value.isEmpty ? nil : value
    }
}
