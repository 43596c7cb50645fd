/// The course as CSV for a spreadsheet: one row per student, the roster's columns, then
/// per exercise the final score and its parts, then the total.
///
/// Columns: `student`, `name`, `email`, `lms_id`, `sis_id`, `sis_login`, `section`, then
/// for each exercise `NAME` (final score), `NAME_raw`, `NAME_late_penalty`,
/// `NAME_adjustment`, `NAME_max`, `NAME_status` and `NAME_weights` (the weights its
/// scores use, in words), then `total`, `total_max` and
/// `percent`. A blank score means nothing counts yet (handed in but not graded, or not
/// yet due); nothing handed in by the deadline is 0. RFC 4180, CRLF, formulas defused.
///
///     student,name,…,ThumbnailCache,ThumbnailCache_raw,ThumbnailCache_late_penalty,…,total,total_max,percent
///     bob,Bob Stone,…,18,20,2,0,20,pass,…,25,29,86
public struct CourseCSVFormatter: Sendable {
    /// A formatter.
    public init() {}

    /// The CSV text.
    public func format(_ course: CourseReport) -> String {
        var header = ["student", "name", "email", "lms_id", "sis_id", "sis_login", "section"]
        for column in course.columns {
            let name = column.exercise
            header += [name, name + "_raw", name + "_late_penalty", name + "_adjustment", name + "_max", name + "_status", name + "_weights"]
        }
        header += ["total", "total_max", "percent"]
        var rows = [header]
        for row in course.rows {
            let person = row.person
            var fields = [row.student, person?.name ?? "", person?.email ?? "", person?.lmsID ?? "", person?.sisID ?? "", person?.sisLogin ?? "", person?.section ?? ""]
            for (column, cell) in zip(course.columns, row.cells) {
                let grade = cell.grade
                fields += [cell.points.map(Points.format) ?? "", grade.map { Points.format($0.raw) } ?? "", grade.map { Points.format($0.penalty) } ?? "",
                           grade.map { Points.format($0.adjustment) } ?? "", Points.format(column.maxPoints), cell.status, GradeNotes.weights(column.report)]
            }
            let percent = course.maxTotal > 0 ? String(Int((row.total / course.maxTotal * 100).rounded())) : ""
            fields += [Points.format(row.total), Points.format(course.maxTotal), percent]
            rows.append(fields.map(CSVReportFormatter.defused))
        }
        return CSVReportFormatter.lines(rows)
    }
}
