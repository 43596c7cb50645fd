import TutorGrading

/// The class report as one self-contained HTML file that leads with the class: summary
/// cards (similarity groups among them), a table of students (each one's main cause in
/// one line, how late each handed in and what that cost), roster gaps; then the analysis
/// (histogram, per-test pass rates, the similarity clusters with a side-by-side view of
/// each pair that links them); then a section per student with each failure explained.
///
/// Styles are inline, nothing is loaded from elsewhere and no script runs, so the file
/// can be mailed, archived or opened offline; a print style sheet keeps the bars and
/// starts each student on a clean break. Every string that comes from a submission or a
/// file name is escaped, and the markup is well-formed XML as well as HTML. What a
/// submission controls is capped (``CappedText``): a flooding student adds kilobytes, not
/// megabytes.
public struct HTMLReportFormatter: Sendable {
    /// A formatter.
    public init() {}

    /// The HTML text: the class first (summary cards, then the students with each one's
    /// main cause in one line), then the analysis (histogram, pass rate per test,
    /// similarity), then a section per student.
    public func format(_ report: ClassReport) -> String {
        let summary = report.summary
        let title = "\(report.exercise): class report"
        var html = HTMLPageHead.markup(title: title, styleSheet: Self.styleSheet)
        let change = GradeNotes.scoringChanges(report).map { "<p class=\"warning\"><strong>Changed:</strong> \(e($0)).</p>" } ?? ""
        html += """
        <header><h1>\(e(title))</h1>
        <p class="lede">\(summary.graded) \(summary.graded == 1 ? "submission" : "submissions") graded by cachetutor against the hidden tests. Weights: \(e(GradeNotes.weights(report))).\(GradeNotes.deadlines(report.deadlines).map { " Deadline: " + e($0) + "." } ?? "")</p></header>\(change)\(report.isolationWarning.map { "<p class=\"warning\"><strong>Warning:</strong> \(e($0))</p>" } ?? "")

        """
        html += overview(summary, similarity: report.similarity, timing: report.results.filter { MainCause.timing($0) != nil }.count)
        html += studentTable(report)
        html += rosterGaps(report)
        if !report.skipped.isEmpty || !report.toolErrors.isEmpty { html += skipped(report) }
        html += "<h2 class=\"part\" id=\"analysis\">Analysis</h2>\n"
        html += histogram(summary)
        html += passRates(summary)
        if let similarity = report.similarity { html += self.similarity(similarity) }
        html += "<h2 class=\"break part\">Students one by one</h2>\n"
        for (index, result) in report.results.enumerated() { html += studentSection(result, index: index, in: report) }
        html += "</body>\n</html>\n"
        return html
    }

    private func overview(_ summary: ClassSummary, similarity: SimilarityReport?, timing: Int) -> String {
        var cards: [(String, String, String, String?)] = [
            ("graded", "\(summary.graded)", "", nil), ("passed", "\(summary.passed)", "pass", nil), ("failed", "\(summary.failed)", "fail", nil),
            ("did not compile", "\(summary.errors)", "error", nil), ("skipped", "\(summary.skipped)", "", nil),
            ("mean", Points.percent(summary.mean), "", "#analysis"), ("median", Points.percent(summary.median), "", "#analysis"),
        ]
        if let similarity {
            let students = Set(similarity.clusters.flatMap(\.students)).count
            cards.append(("similarity groups", "\(similarity.clusters.count)", similarity.clusters.isEmpty ? "" : "fail", similarity.clusters.isEmpty ? nil : "#similarity"))
            if students > 0 { cards.append(("students in them", "\(students)", "", "#similarity")) }
        } else {
            cards.append(("similarity", "not checked", "muted", nil))
        }
        if timing > 0 { cards.append(("timing decided a verdict", "\(timing)", "error", nil)) }
        return "<section><h2 class=\"hidden\">Summary</h2>\n<dl class=\"cards\">\n"
            + cards.map { card in
                let value = card.3.map { "<a href=\"\($0)\">\(e(card.1))</a>" } ?? e(card.1)
                return "<div class=\"\(card.2.isEmpty ? "card" : "card " + card.2)\"><dt>\(e(card.0))</dt><dd>\(value)</dd></div>\n"
            }.joined()
            + "</dl></section>\n"
    }

    private func histogram(_ summary: ClassSummary) -> String {
        let largest = max(1, summary.histogram.max() ?? 1)
        var rows = ""
        for index in stride(from: 9, through: 0, by: -1) {
            let count = summary.histogram[index]
            let width = count * 100 / largest
            rows += "<tr><th scope=\"row\">\(e(ClassSummary.bucketLabel(index)))</th><td class=\"barcell\"><span class=\"bar\" style=\"width: \(width)%\"></span></td><td class=\"num\">\(count)</td></tr>\n"
        }
        return "<section><h2>Scores</h2>\n<div class=\"scroll\"><table class=\"bars\"><thead><tr><th>score</th><th>students</th><th class=\"num\">count</th></tr></thead><tbody>\n\(rows)</tbody></table></div></section>\n"
    }

    private func passRates(_ summary: ClassSummary) -> String {
        let rates = summary.testRates.enumerated().sorted { ($0.element.rate, $0.offset) < ($1.element.rate, $1.offset) }.map(\.element)
        var rows = ""
        for rate in rates {
            let percent = Int((rate.rate * 100).rounded())
            let tone = rate.rate < 0.5 ? "low" : rate.rate < 0.8 ? "mid" : "high"
            rows += "<tr><th scope=\"row\"><code>\(e(rate.name))</code><div class=\"note\">\(e(rate.summary))</div></th><td class=\"barcell\"><span class=\"bar \(tone)\" style=\"width: \(percent)%\"></span></td><td class=\"num\">\(percent) % (\(rate.passed)/\(rate.ran))</td></tr>\n"
        }
        return "<section><h2>Pass rate per test</h2>\n<p class=\"note\">Lowest first: the contract points the class struggles with. Counted over the submissions that compiled.</p>\n<div class=\"scroll\"><table class=\"bars\"><thead><tr><th>test</th><th>passed</th><th class=\"num\">rate</th></tr></thead><tbody>\n\(rows)</tbody></table></div></section>\n"
    }

    private func studentTable(_ report: ClassReport) -> String {
        // Raw and handed-in columns appear once there is something to show in them.
        let timed = !report.deadlines.isEmpty || !report.adjustments.isEmpty
        var rows = ""
        for (index, result) in report.results.enumerated() {
            let grade = report.grade(for: result)
            let failing = CappedText.cap(MainCause.line(result), bytes: CappedText.cellBytes)
            let extra = timed ? "<td class=\"num\">\(Points.format(grade.raw))</td><td>\(lateCell(grade, time: report.timing[result.student], extended: report.deadlines.extensions[result.student] != nil))</td>" : ""
            let mark = grade.adjustments.isEmpty ? "" : " <span class=\"adjusted\" title=\"\(e(grade.adjustments.map(GradeNotes.adjustment).joined(separator: "; ")))\">adj \(e(signed(grade.adjustment)))</span>"
            rows += "<tr><td><a href=\"#student-\(index)\">\(e(result.student))</a>\(name(result.student, in: report))</td><td class=\"num\">\(Points.format(grade.final))/\(Points.format(result.maxPoints))\(mark)</td>\(extra)<td><span class=\"status \(result.report.status.rawValue)\">\(statusLabel(result.report.status))</span></td><td class=\"failing\">\(e(failing))</td></tr>\n"
        }
        let head = timed ? "<th class=\"num\">score</th><th class=\"num\">raw</th><th>handed in</th>" : "<th class=\"num\">score</th>"
        return "<section><h2>Students</h2>\n<div class=\"scroll\"><table class=\"class\"><thead><tr><th>student</th>\(head)<th>status</th><th>main cause</th></tr></thead><tbody>\n\(rows)</tbody></table></div></section>\n"
    }

    /// How late a submission was, in one cell: on time, within grace, or late and the cost.
    private func lateCell(_ grade: FinalGrade, time: SubmissionTime?, extended: Bool) -> String {
        guard let time else { return "<span class=\"note\">time unknown</span>" }
        let when = "<span class=\"note\" title=\"\(e(time.source.description))\">\(e(Timestamp.readable(time.date)))</span>"
        guard grade.late.deadline != nil else { return when }
        guard grade.late.isLate else { return "<span class=\"ontime\">on time\(extended ? " (extension)" : "")</span><br/>" + when }
        if grade.late.forgiven { return "<span class=\"grace\">\(e(DurationText.format(grade.late.lateBy))) late, within grace</span><br/>" + when }
        let cost = grade.penalty > 0 ? " · −" + Points.format(grade.penalty) : ""
        return "<span class=\"late\">\(e(DurationText.format(grade.late.lateBy))) late\(cost)</span><br/>" + when
    }

    /// `+2` or `−1.5`, with a true minus sign.
    func signed(_ points: Double) -> String {
        points < 0 ? "−" + Points.format(-points) : "+" + Points.format(points)
    }

    /// The roster name under a student's folder name, when there is one.
    private func name(_ student: String, in report: ClassReport) -> String {
        guard let person = report.roster?.person(folder: student), !person.name.isEmpty else { return "" }
        return "<div class=\"note\">\(e(person.name))</div>"
    }

    /// Roster students who handed nothing in, and folders the roster does not list.
    private func rosterGaps(_ report: ClassReport) -> String {
        var html = ""
        let missing = report.missingStudents
        if !missing.isEmpty {
            let items = missing.map { person -> String in
                let who = person.folder.isEmpty ? e(person.displayName) + " (no folder given)" : "<code>\(e(person.folder))</code>" + (person.name.isEmpty ? "" : " " + e(person.name))
                return "<li>\(who)\(report.isPastDeadline(person.folder) ? ": scored 0, the deadline has passed" : "")</li>\n"
            }
            html += "<section><h2>On the roster, nothing handed in</h2>\n<ul>\n\(items.joined())</ul></section>\n"
        }
        let unlisted = report.unrosteredStudents
        if !unlisted.isEmpty {
            html += "<section><h2>Not on the roster</h2>\n<p class=\"note\">Graded, but no LMS import can match them until the roster lists their folder.</p>\n<p>\(unlisted.map { "<code>\(e($0))</code>" }.joined(separator: ", "))</p></section>\n"
        }
        return html
    }

    private func skipped(_ report: ClassReport) -> String {
        var items = report.skipped.map { "<li><code>\(e($0.path))</code>: \(e($0.reason.description))</li>\n" }
        items += report.toolErrors.map { "<li><code>\(e($0.file))</code>: not graded, a problem of the grader's (\(e($0.message)))</li>\n" }
        return "<section><h2>Not graded</h2>\n<ul>\n\(items.joined())</ul></section>\n"
    }

    private func studentSection(_ result: StudentResult, index: Int, in report: ClassReport) -> String {
        let grade = report.grade(for: result)
        var html = "<section class=\"student\" id=\"student-\(index)\">\n<h3>\(e(result.student)) <span class=\"status \(result.report.status.rawValue)\">\(statusLabel(result.report.status))</span> <span class=\"score\">\(Points.format(grade.final))/\(Points.format(result.maxPoints))</span></h3>\n"
        html += "<p class=\"note\"><code>\(e(result.file))</code> · SHA-256 <code>\(e(String(result.fileHash.prefix(12))))</code> · graded in \(result.report.durationMilliseconds) ms</p>\n"
        if let time = report.timing[result.student] {
            let late = GradeNotes.lateness(grade.late, time: nil).map { "; " + $0 } ?? (grade.late.deadline == nil ? "" : "; on time")
            html += "<p class=\"note\">Handed in \(e(Timestamp.readable(time.date))) (\(e(time.source.description)))\(e(late))</p>\n"
        }
        if !grade.adjustments.isEmpty {
            html += "<p>Adjustments: " + grade.adjustments.map { "<strong>\(e($0.signedPoints))</strong> \(e($0.reason))" }.joined(separator: "; ") + "</p>\n"
        }
        if let arithmetic = GradeNotes.arithmetic(grade) { html += "<p class=\"note\">Score: \(e(arithmetic)) (raw − late penalty ± adjustments)</p>\n" }
        for test in result.report.tests {
            if let why = test.timingDependence { html += "<p class=\"warning\"><strong>Timing:</strong> the verdict of <code>\(e(test.name))</code> (\(e(test.status.rawValue))) depended on timing: \(e(why)). A regrade may differ here.</p>\n" }
        }
        if result.report.status == .error {
            html += "<p>The file did not compile, so no test could run:</p>\n<pre>\(e(CappedText.cap(result.report.compilerMessage ?? "no compiler message", bytes: CappedText.compilerMessageBytes)))</pre>\n"
        }
        // Tests that failed the same way (an exit in init fails them all alike) share one block.
        var groups: [[TestResult]] = []
        for test in result.report.tests where test.status != .pass {
            if let index = groups.firstIndex(where: { $0[0].status == test.status && $0[0].message == test.message && $0[0].output == test.output }) {
                groups[index].append(test)
            } else {
                groups.append([test])
            }
        }
        for group in groups {
            let test = group[0]
            let names = group.map { "<code>\(e($0.name))</code>" }.joined(separator: ", ")
            html += "<div class=\"failure\"><h4>\(names) <span class=\"status fail\">\(e(test.status.rawValue))</span></h4>\n"
            html += group.map { "<p class=\"note\">\(e($0.summary))</p>\n" }.joined()
            if let message = test.message { html += "<p>\(e(CappedText.cap(message, bytes: CappedText.messageBytes)))</p>\n" }
            let lessons = Array(Set(group.compactMap(\.lesson))).sorted()
            if !lessons.isEmpty { html += "<p class=\"note\">Lesson to read: \(lessons.map { "<code>\(e($0))</code>" }.joined(separator: ", "))</p>\n" }
            if !test.output.isEmpty { html += "<p class=\"note\">What the code printed:</p>\n<pre>\(e(CappedText.cap(test.output, bytes: CappedText.outputBytes)))</pre>\n" }
            html += "</div>\n"
        }
        let passed = result.report.tests.filter { $0.status == .pass }.map(\.name)
        if !passed.isEmpty { html += "<p class=\"passed\">Passed: \(passed.map { "<code>\(e($0))</code>" }.joined(separator: ", "))</p>\n" }
        return html + "</section>\n"
    }

    private func statusLabel(_ status: ReportStatus) -> String {
        switch status {
        case .pass: "pass"
        case .fail: "fail"
        case .error: "did not compile"
        }
    }

    func e(_ text: String) -> String { XMLText.escape(text) }

    static let styleSheet = """
    :root { --ink: #1d2330; --muted: #5b6475; --line: #d9dde5; --pass: #1f7a3a; --fail: #b42318; --error: #9a6700; --bar: #3566b8; }
    * { box-sizing: border-box; }
    body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
    h1 { font-size: 1.6rem; margin-bottom: 0.2rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid var(--line); }
    h3 { font-size: 1.1rem; margin-bottom: 0.2rem; } h4 { margin: 0.6rem 0 0.2rem; font-size: 1rem; }
    .lede, .note { color: var(--muted); } .note { font-size: 0.9rem; margin: 0.1rem 0; }
    code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: 0.88rem; }
    pre { background: #f5f6f8; border: 1px solid var(--line); padding: 0.6rem; white-space: pre-wrap; word-break: break-word; }
    table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
    .num { text-align: right; white-space: nowrap; } .failing { font-size: 0.9rem; }
    .barcell { width: 45%; } .bar { display: inline-block; height: 0.9rem; background: var(--bar); border: 1px solid var(--bar); min-width: 1px; }
    .bar.low { background: var(--fail); border-color: var(--fail); } .bar.mid { background: var(--error); border-color: var(--error); } .bar.high { background: var(--pass); border-color: var(--pass); }
    .cards { display: flex; flex-wrap: wrap; gap: 0.6rem; } .card { border: 1px solid var(--line); border-radius: 6px; padding: 0.4rem 0.8rem; min-width: 7rem; }
    .card dt { color: var(--muted); font-size: 0.85rem; } .card dd { margin: 0; font-size: 1.4rem; font-weight: 600; }
    .card.pass dd { color: var(--pass); } .card.fail dd { color: var(--fail); } .card.error dd { color: var(--error); } .card.muted dd { color: var(--muted); font-size: 1rem; font-weight: normal; padding-top: 0.3rem; }
    .card dd a { color: inherit; } .hidden { position: absolute; left: -10000px; } h2.part { font-size: 1.45rem; border-bottom: 2px solid var(--ink); margin-top: 2.6rem; }
    .scroll { overflow-x: auto; } .warning { border-left: 3px solid var(--error); padding-left: 0.6rem; }
    table.class td.failing { max-width: 28rem; overflow-wrap: break-word; } .card dd a { text-decoration: none; }
    .status { font-size: 0.8rem; font-weight: 600; padding: 0.05rem 0.4rem; border-radius: 4px; border: 1px solid currentColor; }
    .status.pass { color: var(--pass); } .status.fail { color: var(--fail); } .status.error { color: var(--error); }
    .score { color: var(--muted); font-weight: normal; } .student { border-top: 1px solid var(--line); padding-top: 0.4rem; }
    .failure { border-left: 3px solid var(--fail); padding-left: 0.8rem; margin: 0.6rem 0; } .passed { font-size: 0.9rem; color: var(--muted); }
    a { color: var(--bar); }
    .ontime { color: var(--pass); } .late { color: var(--fail); font-weight: 600; } .grace { color: var(--error); }
    .adjusted { font-size: 0.75rem; color: var(--error); border: 1px solid currentColor; border-radius: 4px; padding: 0 0.25rem; }
    .cluster { border-top: 3px solid var(--line); padding-top: 0.2rem; margin: 1.2rem 0; }
    .pair { margin: 0.6rem 0 1rem; } .pair h4 { margin-bottom: 0.3rem; }
    .fragments { font-size: 0.85rem; margin: 0.2rem 0 0.5rem; padding-left: 1.2rem; }
    .sides { display: grid; grid-template-columns: 1fr 1fr; gap: 0.6rem; width: min(96vw, 96rem); margin-left: calc(50% - min(48vw, 48rem)); }
    .side { border: 1px solid var(--line); border-radius: 4px; overflow: hidden; min-width: 0; }
    .side h5 { margin: 0; padding: 0.25rem 0.5rem; background: #f5f6f8; border-bottom: 1px solid var(--line); font-size: 0.85rem; }
    table.code { border-collapse: collapse; width: 100%; font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: 0.75rem; line-height: 1.4; }
    table.code td { border: 0; padding: 0 0.4rem; vertical-align: top; white-space: pre-wrap; overflow-wrap: anywhere; }
    table.code td.ln { color: var(--muted); text-align: right; width: 3.8rem; white-space: nowrap; user-select: none; border-right: 1px solid var(--line); }
    table.code tr.shared td.ln { color: var(--ink); }
    .f0 { background: #ffe08a; } .f1 { background: #a8e6cf; } .f2 { background: #b8d8ff; } .f3 { background: #ffc4d6; }
    .f4 { background: #d9c8ff; } .f5 { background: #ffd1a6; } .f6 { background: #bff0f0; } .f7 { background: #e2f0a8; }
    .fragno { display: inline-block; font: 600 0.62rem/1.2 system-ui, sans-serif; color: #fff; background: #444; border-radius: 3px; padding: 0 0.2rem; margin-right: 0.35rem; vertical-align: 0.05rem; float: left; }
    .swatch { display: inline-block; width: 0.8rem; height: 0.8rem; border-radius: 2px; vertical-align: -0.1rem; margin-right: 0.3rem; }
    @media (max-width: 40rem) {
      body { font-size: 14px; margin: 1rem auto; padding: 0 0.6rem; } h1 { font-size: 1.3rem; }
      .card { min-width: 0; flex: 1 1 6.5rem; padding: 0.3rem 0.5rem; } .card dd { font-size: 1.15rem; }
      th, td { padding: 0.25rem 0.3rem; } .barcell { width: 22%; } .bars th .note { font-size: 0.8rem; } .bars td.num { white-space: normal; } .bars code { overflow-wrap: anywhere; }
      .sides { grid-template-columns: 1fr; width: 100%; margin-left: 0; }
      table.class, table.class tbody { display: block; } table.class thead { display: none; }
      table.class tr { display: flex; flex-wrap: wrap; gap: 0 0.6rem; border-bottom: 1px solid var(--line); padding: 0.3rem 0; }
      table.class td { border: 0; padding: 0; } table.class td.failing { flex-basis: 100%; max-width: none; overflow-wrap: anywhere; color: var(--muted); }
    }
    @media print {
      body { margin: 0; max-width: none; font-size: 11pt; } a { color: inherit; text-decoration: none; }
      .bar, .status, .swatch, table.code td, .fragno { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
      .sides { width: 100%; margin-left: 0; } .scroll { overflow: visible; }
      h2.break { break-before: page; } .student, .failure, tr { break-inside: avoid; } pre { white-space: pre-wrap; }
    }
    """
}
