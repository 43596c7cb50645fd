import TutorGrading

/// The course as one self-contained HTML page: students by exercises with totals, each
/// cell showing the final score and, under it, what changed it (how late, the penalty,
/// adjustments), then each exercise's deadline and weights, and the roster's gaps. No scripts, nothing
/// fetched; it prints on landscape pages.
public struct CourseHTMLFormatter: Sendable {
    /// A formatter.
    public init() {}

    /// The HTML text.
    public func format(_ course: CourseReport, source: String) -> String {
        let title = "Course report"
        var html = HTMLPageHead.markup(title: title, styleSheet: HTMLReportFormatter.styleSheet + Self.styleSheet, bodyClass: "course")
        html += """
        <header><h1>\(title)</h1>
        <p class="lede">\(course.columns.count) \(course.columns.count == 1 ? "exercise" : "exercises") and \(course.rows.count) students, from <code>\(e(source))</code>. A score is the tests' points less any late penalty, plus the instructor's adjustments.</p></header>

        """
        html += table(course)
        html += deadlines(course)
        if !course.unrostered.isEmpty {
            html += "<section><h2>Not on the roster</h2>\n<p class=\"note\">Graded, but no LMS import can match them until the roster lists their folder.</p>\n<p>\(course.unrostered.map { "<code>\(e($0))</code>" }.joined(separator: ", "))</p></section>\n"
        }
        return html + "</body>\n</html>\n"
    }

    private func table(_ course: CourseReport) -> String {
        let named = course.roster != nil
        var head = "<th>student</th>" + (named ? "<th>name</th><th>section</th>" : "")
        head += course.columns.map { "<th class=\"num\">\(e($0.exercise))<div class=\"note\">out of \(Points.format($0.maxPoints))</div></th>" }.joined()
        head += "<th class=\"num\">total<div class=\"note\">out of \(Points.format(course.maxTotal))</div></th>"
        var rows = ""
        for row in course.rows {
            var cells = "<td>\(row.student.isEmpty ? "<span class=\"note\">no folder</span>" : "<code>\(e(row.student))</code>")\(named && row.person == nil ? " <span class=\"adjusted\">not on roster</span>" : "")</td>"
            if named { cells += "<td>\(e(row.person?.name ?? ""))</td><td>\(e(row.person?.section ?? ""))</td>" }
            for (column, cell) in zip(course.columns, row.cells) { cells += "<td class=\"num\">\(self.cell(cell, time: column.report.timing[row.student]))</td>" }
            let percent = course.maxTotal > 0 ? Points.percent(row.total / course.maxTotal) : ""
            cells += "<td class=\"num\"><strong>\(Points.format(row.total))</strong><div class=\"note\">\(percent)</div></td>"
            rows += "<tr>\(cells)</tr>\n"
        }
        return "<section><h2>Students</h2>\n<table class=\"class\"><thead><tr>\(head)</tr></thead><tbody>\n\(rows)</tbody></table></section>\n"
    }

    private func cell(_ cell: CourseReport.Cell, time: SubmissionTime?) -> String {
        switch cell {
        case let .graded(result, grade):
            var notes: [String] = []
            if grade.late.isLate {
                let late = "\(DurationText.format(grade.late.lateBy)) late" + (grade.penalty > 0 ? " · −" + Points.format(grade.penalty) : grade.late.forgiven ? " · grace" : "")
                notes.append("<span class=\"\(grade.penalty > 0 ? "late" : "grace")\">\(e(late))</span>")
            }
            if grade.isAdjusted { notes.append("<span class=\"note\">raw \(Points.format(grade.raw))</span>") }
            notes += grade.adjustments.map { "<span class=\"note\" title=\"\(e($0.reason))\">adj \(e($0.signedPoints)): \(e($0.reason))</span>" }
            let status = result.report.status == .pass ? "" : " <span class=\"status \(result.report.status.rawValue)\">\(result.report.status == .error ? "did not compile" : "fail")</span>"
            return "\(Points.format(grade.final))\(status)" + notes.map { "<div>\($0)</div>" }.joined()
        case let .notGraded(reason):
            return "<span class=\"status error\" title=\"\(e(reason))\">not graded</span><div class=\"note\">\(e(reason))</div>"
        case let .missing(zero):
            return zero ? "0<div class=\"note\">nothing handed in</div>" : "<span class=\"note\">not yet due</span>"
        }
    }

    private func deadlines(_ course: CourseReport) -> String {
        let items = course.columns.map { column in
            "<li><strong>\(e(column.exercise))</strong>: \(e(GradeNotes.deadlines(column.report.deadlines) ?? "no deadline set"))</li>\n"
        }
        let weights = course.columns.map { column in
            "<li><strong>\(e(column.exercise))</strong>: \(e(GradeNotes.weights(column.report)))</li>\n"
        }
        return "<section><h2>Deadlines</h2>\n<ul>\n\(items.joined())</ul></section>\n<section><h2>Weights</h2>\n<ul>\n\(weights.joined())</ul></section>\n"
    }

    private func e(_ text: String) -> String { XMLText.escape(text) }

    static let styleSheet = """

    body.course { max-width: 80rem; } body.course td { font-size: 0.92rem; } body.course td div { font-size: 0.8rem; }
    @media print { @page { size: landscape; } }
    """
}
