/// A Canvas gradebook import (Grades → Import): the file Canvas takes as it is.
///
/// Columns as Canvas's importer reads them: `Student`, `ID`, `SIS User ID`,
/// `SIS Login ID`, `Section` (from the roster's `name`, `lms_id`, `sis_id`, `sis_login`
/// and `section`), then one column per exercise headed with its name, and a
/// `Points Possible` row under the header giving each exercise's maximum. Canvas
/// matches a row on `ID`, then `SIS User ID`, then `SIS Login ID`, then the name.
///
/// A column whose heading is no assignment's title makes Canvas create a new assignment
/// of that name (with the points of the `Points Possible` row); importing again updates
/// it, matched by its title. The heading is the bare name, never `NAME (20)`: Canvas
/// reads a trailing number in parentheses as an assignment id. Only roster students are
/// written (Canvas cannot match a folder name); a missing submission is 0 once its
/// deadline has passed and blank before, which leaves Canvas's cell as it was.
///
///     Student,ID,SIS User ID,SIS Login ID,Section,ThumbnailCache,ProfileStore
///     Points Possible,,,,,20,9
///     "Liddell, Alice",1001,S1001,aliddell,A1,20,9
public struct CanvasReportFormatter: Sendable {
    /// Canvas's student columns, in the order its importer expects them.
    public static let studentColumns = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]

    /// A formatter.
    public init() {}

    /// The CSV text.
    public func format(_ course: CourseReport) -> String {
        var rows = [Self.studentColumns + course.columns.map(\.exercise)]
        rows.append(["Points Possible", "", "", "", ""] + course.columns.map { Points.format($0.maxPoints) })
        for row in course.rows {
            guard let person = row.person else { continue }
            rows.append([person.displayName, person.lmsID, person.sisID, person.sisLogin, person.section].map(CSVReportFormatter.defused)
                + row.cells.map { $0.points.map(Points.format) ?? "" })
        }
        return CSVReportFormatter.lines(rows)
    }
}
