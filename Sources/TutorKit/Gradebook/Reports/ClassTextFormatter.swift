import TutorGrading
import TutorTerminal

/// The report a person reads in the terminal at the end of a run: a summary line, the
/// deadline, a table of students (final scores, marked `*` when lateness or an adjustment
/// changed them, explained below the table), roster students who handed nothing in and
/// folders the roster lacks, skipped entries, a score histogram, per-test pass rates and
/// the similarity clusters with the line ranges of their shared fragments.
public struct ClassTextFormatter: Sendable {
    /// Colour and width.
    public var style: TerminalStyle

    /// A formatter for `style`.
    public init(style: TerminalStyle) { self.style = style }

    /// The whole report, ending in a newline.
    public func format(_ report: ClassReport) -> String {
        let summary = report.summary
        var lines: [String] = []
        let cached = report.results.filter(\.fromCache).count
        var headline = "Graded \(summary.graded) \(summary.graded == 1 ? "submission" : "submissions") of \(report.exercise)"
        if cached > 0 { headline += " (\(cached) unchanged, taken from the gradebook)" }
        headline += ": \(summary.passed) passed, \(summary.failed) failed, \(summary.errors) did not compile or run"
        if summary.skipped > 0 { headline += "; \(summary.skipped) skipped" }
        if !report.toolErrors.isEmpty { headline += "; \(report.toolErrors.count) could not be graded" }
        lines += TextWrapper.wrap(headline + ".", width: style.width)
        if let warning = report.isolationWarning {
            lines += TextWrapper.wrap(style.paint("WARNING:", .yellow, .bold) + " " + warning, width: style.width)
        }
        if let change = GradeNotes.scoringChanges(report) {
            lines += TextWrapper.wrap(style.paint("CHANGED:", .yellow, .bold) + " " + change + ".", width: style.width)
        }
        if !report.results.isEmpty {
            lines += TextWrapper.wrap("Weights: " + GradeNotes.weights(report) + ".", width: style.width)
        }
        if let rules = GradeNotes.deadlines(report.deadlines) {
            lines += TextWrapper.wrap("Deadline: " + rules + ".", width: style.width)
        }
        lines.append("")
        lines += studentTable(report)
        lines += changedGrades(report)
        lines += timingDependent(report)
        lines += rosterGaps(report)
        if !report.skipped.isEmpty {
            lines.append("")
            lines.append(style.paint("Skipped", .bold))
            let width = min(40, report.skipped.map { TextWrapper.visibleWidth($0.path) }.max() ?? 0)
            for entry in report.skipped { lines.append("  " + TextWrapper.pad(entry.path, to: width) + "  " + entry.reason.description) }
        }
        if !report.toolErrors.isEmpty {
            lines.append("")
            lines.append(style.paint("Not graded (a problem of the grader's, not the student's; run again)", .bold))
            for error in report.toolErrors { lines.append("  \(MessageText.escaped(error.student)): \(error.message)") }
        }
        if !report.results.isEmpty {
            lines.append("")
            lines += histogram(summary)
            lines.append("")
            lines += passRates(summary)
        }
        if let similarity = report.similarity {
            lines.append("")
            lines += similar(similarity)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each grade a late penalty or an adjustment changed, with the arithmetic and why.
    func changedGrades(_ report: ClassReport) -> [String] {
        var lines: [String] = []
        for result in report.results {
            let grade = report.grade(for: result)
            var notes: [String] = []
            if let late = GradeNotes.lateness(grade.late, time: report.timing[result.student]) { notes.append(late) }
            notes += grade.adjustments.map(GradeNotes.adjustment)
            guard !notes.isEmpty else { continue }
            let head = "\(MessageText.escaped(result.student)): " + (GradeNotes.arithmetic(grade).map { $0 + ". " } ?? "")
            lines += TextWrapper.wrap(head + notes.joined(separator: "; "), width: style.width, indent: "  ", continuationIndent: "    ")
        }
        guard !lines.isEmpty else { return [] }
        return ["", style.paint("Late or adjusted", .bold) + " (* in the table: raw score − late penalty ± adjustments)"] + lines
    }

    /// Each verdict that may have depended on timing, with why: a regrade may differ there,
    /// and the report says so rather than letting it differ silently.
    func timingDependent(_ report: ClassReport) -> [String] {
        var lines: [String] = []
        for result in report.results {
            for test in result.report.tests {
                guard let why = test.timingDependence else { continue }
                lines += TextWrapper.wrap("\(MessageText.escaped(result.student)), \(test.name) (\(test.status.rawValue)): \(why)", width: style.width, indent: "  ", continuationIndent: "    ")
            }
        }
        guard !lines.isEmpty else { return [] }
        return ["", style.paint("Verdicts that depended on timing", .bold) + " (a regrade may differ in these tests)"] + lines
    }

    /// Roster students with nothing in the folder, and folders the roster does not list.
    func rosterGaps(_ report: ClassReport) -> [String] {
        var lines: [String] = []
        let missing = report.missingStudents
        if !missing.isEmpty {
            lines += ["", style.paint("On the roster, nothing handed in", .bold)]
            for person in missing {
                let who = person.folder.isEmpty ? person.displayName + " (no folder given)" : person.folder + (person.name.isEmpty ? "" : " (\(person.name))")
                let zero = report.isPastDeadline(person.folder) ? ": 0, the deadline has passed" : ""
                lines.append("  " + who + zero)
            }
        }
        let unlisted = report.unrosteredStudents
        if !unlisted.isEmpty {
            lines += ["", style.paint("Not on the roster", .bold) + " (graded, but no LMS can match them until the roster lists their folder)"]
            lines += TextWrapper.wrap(unlisted.joined(separator: ", "), width: style.width, indent: "  ")
        }
        return lines
    }

    /// The clusters of similar submissions, each pair with the line ranges it shares.
    func similar(_ similarity: SimilarityReport) -> [String] {
        var lines = [style.paint("Similar submissions", .bold) + " (winnowing over normalised tokens; a reason to look, not a verdict)"]
        if similarity.pairs.isEmpty { lines.append("  no pair above the threshold") }
        for (index, cluster) in similarity.clusters.enumerated() {
            lines.append("  Group \(index + 1): " + cluster.students.joined(separator: ", "))
            // A set, not a search of `closest` per pair: a group of hundreds of copies has tens of thousands of pairs.
            let shown = Set(cluster.closest.map(\.students))
            for pair in cluster.pairs {
                lines.append("    \(Points.percent(pair.score))  \(pair.first) ↔ \(pair.second)  (\(pair.shared) shared fingerprints)")
                // Line ranges for the pairs that link the group; the rest would repeat them.
                let ranges = shown.contains(pair.students) ? pair.fragments.map { "\(pair.first) \($0.first.lines) ↔ \(pair.second) \($0.second.lines)" } : []
                if !ranges.isEmpty { lines += TextWrapper.wrap("lines " + ranges.joined(separator: "; "), width: style.width, indent: "          ", continuationIndent: "            ") }
            }
        }
        return lines
    }

    func studentTable(_ report: ClassReport) -> [String] {
        let nameWidth = max(7, min(28, report.results.map { TextWrapper.visibleWidth($0.student) }.max() ?? 0))
        let scoreWidth = max(5, report.results.map { scoreText($0, in: report).count }.max() ?? 0)
        let statusWidth = 15
        var lines = [style.paint(TextWrapper.pad("student", to: nameWidth) + "  " + TextWrapper.pad("score", to: scoreWidth) + "  " + TextWrapper.pad("status", to: statusWidth) + "  main cause", .bold)]
        let failingWidth = max(12, style.width - nameWidth - scoreWidth - statusWidth - 6)
        for result in report.results {
            let status = statusText(result.report.status)
            var failing = MainCause.explanation(result) ?? list(result.failingTests, width: failingWidth)
            if let timing = MainCause.timing(result) { failing = failing.isEmpty ? timing : failing + " · " + timing }
            let student = MessageText.escaped(result.student)
            let name = TextWrapper.visibleWidth(student) > nameWidth ? String(student.prefix(nameWidth - 1)) + "…" : student
            let line = TextWrapper.pad(name, to: nameWidth) + "  "
                + String(repeating: " ", count: scoreWidth - scoreText(result, in: report).count) + scoreText(result, in: report) + "  "
                + style.paint(TextWrapper.pad(status.text, to: statusWidth), status.color) + "  "
                + truncate(failing, to: failingWidth)
            lines.append(line.trimmingTrailingSpaces())
        }
        return lines
    }

    func histogram(_ summary: ClassSummary) -> [String] {
        var lines = [style.paint("Scores", .bold) + " (mean \(Points.percent(summary.mean)), median \(Points.percent(summary.median)))"]
        let largest = max(1, summary.histogram.max() ?? 1)
        let barWidth = max(10, min(40, style.width - 20))
        for index in stride(from: 9, through: 0, by: -1) {
            let count = summary.histogram[index]
            let length = count == 0 ? 0 : max(1, count * barWidth / largest)
            let label = "  " + TextWrapper.pad(ClassSummary.bucketLabel(index), to: 9)
            lines.append(count == 0 ? label.trimmingTrailingSpaces() : label + " " + style.paint(String(repeating: "█", count: length), .cyan) + " \(count)")
        }
        return lines
    }

    func passRates(_ summary: ClassSummary) -> [String] {
        var lines = [style.paint("Pass rate per test", .bold) + " (lowest first: the contract points the class struggles with)"]
        let nameWidth = min(32, summary.testRates.map(\.name.count).max() ?? 0)
        let rates = summary.testRates.enumerated().sorted { ($0.element.rate, $0.offset) < ($1.element.rate, $1.offset) }.map(\.element)
        for rate in rates {
            let filled = Int((rate.rate * 10).rounded())
            let bar = style.paint(String(repeating: "█", count: filled), rate.rate < 0.5 ? .red : rate.rate < 0.8 ? .yellow : .green) + String(repeating: "░", count: 10 - filled)
            let percent = Points.percent(rate.rate)
            lines.append("  " + TextWrapper.pad(rate.name, to: nameWidth) + "  " + bar + " " + String(repeating: " ", count: max(0, 5 - percent.count)) + percent + "  (\(rate.passed)/\(rate.ran))")
        }
        return lines
    }

    private func scoreText(_ result: StudentResult, in report: ClassReport) -> String {
        let grade = report.grade(for: result)
        return "\(Points.format(grade.final))/\(Points.format(result.maxPoints))" + (grade.isAdjusted || grade.late.isLate ? "*" : "")
    }

    private func statusText(_ status: ReportStatus) -> (text: String, color: TerminalStyle.Attribute) {
        switch status {
        case .pass: ("pass", .green)
        case .fail: ("fail", .red)
        case .error: ("did not compile", .yellow)
        }
    }

    private func list(_ names: [String], width: Int) -> String {
        var text = ""
        for (index, name) in names.enumerated() {
            let candidate = text.isEmpty ? name : text + ", " + name
            let rest = names.count - index - 1
            let suffix = rest > 0 ? ", +\(rest) more" : ""
            if candidate.count + suffix.count > width, !text.isEmpty { return text + ", +\(names.count - index) more" }
            text = candidate
        }
        return text
    }

    private func truncate(_ text: String, to width: Int) -> String {
        text.count > width ? String(text.prefix(width - 1)) + "…" : text
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
