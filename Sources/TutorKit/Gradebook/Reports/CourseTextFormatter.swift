import TutorTerminal

/// The course in the terminal: a table of students by exercises with totals, then what
/// changed a grade (late penalties, adjustments), what could not be graded, the roster's
/// gaps, each exercise's deadline and weights, so every number in the table is explained
/// below it.
///
///     student  name           ThumbnailCache  ProfileStore  total      %
///                                        /20            /9    /29
///     alice    Alice Liddell              20             9     29  100 %
///     bob      Bob Stone                 18*             —     18   62 %
public struct CourseTextFormatter: Sendable {
    /// Colour and width.
    public var style: TerminalStyle

    /// A formatter for `style`.
    public init(style: TerminalStyle) { self.style = style }

    /// The whole report, ending in a newline.
    public func format(_ course: CourseReport, source: String) -> String {
        var lines = TextWrapper.wrap("Course report from \(source): \(course.columns.count) \(course.columns.count == 1 ? "exercise" : "exercises"), \(course.rows.count) students.", width: style.width)
        guard !course.columns.isEmpty else { return (lines + ["Nothing graded yet: run 'cachetutor grade FOLDER --exercise NAME' first."]).joined(separator: "\n") + "\n" }
        lines.append("")
        lines += table(course)
        lines += legend(course)
        lines += details(course)
        lines += deadlines(course)
        lines += weights(course)
        return lines.joined(separator: "\n") + "\n"
    }

    private func table(_ course: CourseReport) -> [String] {
        let named = course.roster != nil
        let studentWidth = max(7, min(24, course.rows.map { TextWrapper.visibleWidth(studentText($0, in: course)) }.max() ?? 0))
        let nameWidth = named ? max(4, min(24, course.rows.map { TextWrapper.visibleWidth($0.person?.name ?? "") }.max() ?? 0)) : 0
        let widths = course.columns.map { max(6, TextWrapper.visibleWidth($0.exercise)) }
        let totalWidth = max(5, Points.format(course.maxTotal).count + 1)
        func left(_ text: String, _ width: Int) -> String {
            TextWrapper.pad(TextWrapper.visibleWidth(text) > width ? String(text.prefix(width - 1)) + "…" : text, to: width)
        }
        func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - TextWrapper.visibleWidth(text))) + text }
        func line(_ student: String, _ name: String, _ cells: [String], _ total: String, _ percent: String) -> String {
            var text = left(student, studentWidth) + "  "
            if named { text += left(name, nameWidth) + "  " }
            for (cell, width) in zip(cells, widths) { text += right(cell, width) + "  " }
            return (text + right(total, totalWidth) + "  " + right(percent, 5)).trimmingTrailingSpaces()
        }
        var lines = [style.paint(line("student", "name", course.columns.map(\.exercise), "total", "%"), .bold)]
        lines.append(line("", "", course.columns.map { "/" + Points.format($0.maxPoints) }, "/" + Points.format(course.maxTotal), ""))
        for row in course.rows {
            let cells = row.cells.map(cellText)
            let percent = course.maxTotal > 0 ? Points.percent(row.total / course.maxTotal) : ""
            lines.append(line(studentText(row, in: course), row.person?.name ?? "", cells, Points.format(row.total), percent))
        }
        return lines
    }

    /// The student column: the folder, `(no folder)`, or the folder marked † when the roster lacks it.
    private func studentText(_ row: CourseReport.Row, in course: CourseReport) -> String {
        row.student.isEmpty ? "(no folder)" : MessageText.escaped(row.student) + (course.roster != nil && row.person == nil ? "†" : "")
    }

    private func cellText(_ cell: CourseReport.Cell) -> String {
        switch cell {
        case let .graded(_, grade): Points.format(grade.final) + (grade.isAdjusted || grade.late.isLate ? "*" : "")
        case .notGraded: "?"
        case let .missing(zero): zero ? "0" : "—"
        }
    }

    private func legend(_ course: CourseReport) -> [String] {
        var keys = ["* see below", "? handed in, not graded", "— nothing handed in, not yet due", "0 nothing handed in by the deadline"]
        if !course.unrostered.isEmpty { keys.append("† not on the roster") }
        return [""] + TextWrapper.wrap(keys.joined(separator: " · "), width: style.width)
    }

    private func details(_ course: CourseReport) -> [String] {
        var changed: [String] = [], ungraded: [String] = []
        for row in course.rows {
            for (column, cell) in zip(course.columns, row.cells) {
                let who = "\(MessageText.escaped(row.student.isEmpty ? row.displayName : row.student)), \(column.exercise): "
                switch cell {
                case let .graded(_, grade):
                    var notes = [GradeNotes.lateness(grade.late, time: column.report.timing[row.student])].compactMap { $0 }
                    notes += grade.adjustments.map(GradeNotes.adjustment)
                    guard !notes.isEmpty else { continue }
                    changed += TextWrapper.wrap(who + (GradeNotes.arithmetic(grade).map { $0 + ". " } ?? "") + notes.joined(separator: "; "), width: style.width, indent: "  ", continuationIndent: "    ")
                case let .notGraded(reason):
                    ungraded += TextWrapper.wrap(who + reason, width: style.width, indent: "  ", continuationIndent: "    ")
                case .missing:
                    continue
                }
            }
        }
        var lines: [String] = []
        if !changed.isEmpty { lines += ["", style.paint("Late or adjusted", .bold) + " (raw score − late penalty ± adjustments)"] + changed }
        if !ungraded.isEmpty { lines += ["", style.paint("Handed in, not graded", .bold) + " (fix the entry and grade again)"] + ungraded }
        if !course.unrostered.isEmpty {
            lines += ["", style.paint("Not on the roster", .bold) + " (no LMS import can match them until the roster lists their folder)"]
            lines += TextWrapper.wrap(course.unrostered.joined(separator: ", "), width: style.width, indent: "  ")
        }
        return lines
    }

    /// The weights each exercise's scores use, so a total is never read under the wrong ones.
    private func weights(_ course: CourseReport) -> [String] {
        let lines = course.columns.filter { !$0.report.results.isEmpty }.flatMap { column in
            TextWrapper.wrap("\(column.exercise): \(GradeNotes.weights(column.report))", width: style.width, indent: "  ", continuationIndent: "    ")
        }
        return lines.isEmpty ? [] : ["", style.paint("Weights", .bold)] + lines
    }

    private func deadlines(_ course: CourseReport) -> [String] {
        let rules = course.columns.compactMap { column in GradeNotes.deadlines(column.report.deadlines).map { "\(column.exercise): \($0)" } }
        guard !rules.isEmpty else { return [] }
        return ["", style.paint("Deadlines", .bold)] + rules.flatMap { TextWrapper.wrap($0, width: style.width, indent: "  ", continuationIndent: "    ") }
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
