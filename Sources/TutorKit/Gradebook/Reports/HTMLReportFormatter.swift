import TutorGrading

/// The class report as one self-contained HTML file: summary, histogram, per-test pass
/// rates, a table of students and a section per student with each failure explained.
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

    /// The HTML text.
    public func format(_ report: ClassReport) -> String {
        let summary = report.summary
        let title = "\(report.exercise): class report"
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>\(e(title))</title>
        <style>\(Self.styleSheet)</style>
        </head>
        <body>
        <header><h1>\(e(title))</h1>
        <p class="lede">\(summary.graded) submissions graded by cachetutor against the hidden tests; scores out of \(Points.format(report.results.first?.maxPoints ?? 0)) points.</p></header>\(report.isolationWarning.map { "<p class=\"warning\"><strong>Warning:</strong> \(e($0))</p>" } ?? "")

        """
        html += overview(summary)
        html += histogram(summary)
        html += passRates(summary)
        html += studentTable(report)
        if let pairs = report.similarity { html += similarity(pairs) }
        if !report.skipped.isEmpty || !report.toolErrors.isEmpty { html += skipped(report) }
        html += "<h2 class=\"break\">Students</h2>\n"
        for (index, result) in report.results.enumerated() { html += studentSection(result, index: index) }
        html += "</body>\n</html>\n"
        return html
    }

    private func overview(_ summary: ClassSummary) -> String {
        let cards: [(String, String, String)] = [
            ("graded", "\(summary.graded)", ""), ("passed", "\(summary.passed)", "pass"), ("failed", "\(summary.failed)", "fail"),
            ("did not compile", "\(summary.errors)", "error"), ("skipped", "\(summary.skipped)", ""),
            ("mean", Points.percent(summary.mean), ""), ("median", Points.percent(summary.median), ""),
        ]
        return "<section><h2>Summary</h2>\n<dl class=\"cards\">\n"
            + cards.map { "<div class=\"\($0.2.isEmpty ? "card" : "card " + $0.2)\"><dt>\(e($0.0))</dt><dd>\(e($0.1))</dd></div>\n" }.joined()
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
        return "<section><h2>Scores</h2>\n<table class=\"bars\"><thead><tr><th>score</th><th>students</th><th class=\"num\">count</th></tr></thead><tbody>\n\(rows)</tbody></table></section>\n"
    }

    private func passRates(_ summary: ClassSummary) -> String {
        let rates = summary.testRates.enumerated().sorted { ($0.element.rate, $0.offset) < ($1.element.rate, $1.offset) }.map(\.element)
        var rows = ""
        for rate in rates {
            let percent = Int((rate.rate * 100).rounded())
            let tone = rate.rate < 0.5 ? "low" : rate.rate < 0.8 ? "mid" : "high"
            rows += "<tr><th scope=\"row\"><code>\(e(rate.name))</code><div class=\"note\">\(e(rate.summary))</div></th><td class=\"barcell\"><span class=\"bar \(tone)\" style=\"width: \(percent)%\"></span></td><td class=\"num\">\(percent) % (\(rate.passed)/\(rate.ran))</td></tr>\n"
        }
        return "<section><h2>Pass rate per test</h2>\n<p class=\"note\">Lowest first: the contract points the class struggles with. Counted over the submissions that compiled.</p>\n<table class=\"bars\"><thead><tr><th>test</th><th>passed</th><th class=\"num\">rate</th></tr></thead><tbody>\n\(rows)</tbody></table></section>\n"
    }

    private func studentTable(_ report: ClassReport) -> String {
        var rows = ""
        for (index, result) in report.results.enumerated() {
            let failing = result.report.status == .error ? firstLine(result.report.compilerMessage) : result.failingTests.joined(separator: ", ")
            rows += "<tr><td><a href=\"#student-\(index)\">\(e(result.student))</a></td><td class=\"num\">\(Points.format(result.points))/\(Points.format(result.maxPoints))</td><td><span class=\"status \(result.report.status.rawValue)\">\(statusLabel(result.report.status))</span></td><td class=\"failing\">\(e(failing))</td></tr>\n"
        }
        return "<section><h2>Class</h2>\n<table class=\"class\"><thead><tr><th>student</th><th class=\"num\">score</th><th>status</th><th>failing tests</th></tr></thead><tbody>\n\(rows)</tbody></table></section>\n"
    }

    private func similarity(_ pairs: [SimilarPair]) -> String {
        guard !pairs.isEmpty else {
            return "<section><h2>Similar submissions</h2>\n<p>No pair of submissions is alike above the threshold.</p></section>\n"
        }
        let rows = pairs.map { "<tr><td>\(e($0.first))</td><td>\(e($0.second))</td><td class=\"num\">\(Points.percent($0.score))</td><td class=\"num\">\($0.shared)</td></tr>\n" }.joined()
        return "<section><h2>Similar submissions</h2>\n<p class=\"note\">Pairs whose normalised token streams share many winnowing fingerprints, as MOSS finds them. A reason to look, not a verdict.</p>\n<table><thead><tr><th>student</th><th>student</th><th class=\"num\">similarity</th><th class=\"num\">shared fingerprints</th></tr></thead><tbody>\n\(rows)</tbody></table></section>\n"
    }

    private func skipped(_ report: ClassReport) -> String {
        var items = report.skipped.map { "<li><code>\(e($0.path))</code>: \(e($0.reason.description))</li>\n" }
        items += report.toolErrors.map { "<li><code>\(e($0.file))</code>: not graded, a problem of the grader's (\(e($0.message)))</li>\n" }
        return "<section><h2>Not graded</h2>\n<ul>\n\(items.joined())</ul></section>\n"
    }

    private func studentSection(_ result: StudentResult, index: Int) -> String {
        var html = "<section class=\"student\" id=\"student-\(index)\">\n<h3>\(e(result.student)) <span class=\"status \(result.report.status.rawValue)\">\(statusLabel(result.report.status))</span> <span class=\"score\">\(Points.format(result.points))/\(Points.format(result.maxPoints))</span></h3>\n"
        html += "<p class=\"note\"><code>\(e(result.file))</code> · SHA-256 <code>\(e(String(result.fileHash.prefix(12))))</code> · graded in \(result.report.durationMilliseconds) ms</p>\n"
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

    /// The compiler's first line, as the text report shows it in the same column.
    private func firstLine(_ message: String?) -> String {
        let line = message?.split(separator: "\n").first.map(String.init) ?? "did not compile"
        return CappedText.cap(line, bytes: CappedText.cellBytes)
    }

    private func e(_ text: String) -> String { XMLText.escape(text) }

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
    .card.pass dd { color: var(--pass); } .card.fail dd { color: var(--fail); } .card.error dd { color: var(--error); }
    .status { font-size: 0.8rem; font-weight: 600; padding: 0.05rem 0.4rem; border-radius: 4px; border: 1px solid currentColor; }
    .status.pass { color: var(--pass); } .status.fail { color: var(--fail); } .status.error { color: var(--error); }
    .score { color: var(--muted); font-weight: normal; } .student { border-top: 1px solid var(--line); padding-top: 0.4rem; }
    .failure { border-left: 3px solid var(--fail); padding-left: 0.8rem; margin: 0.6rem 0; } .passed { font-size: 0.9rem; color: var(--muted); }
    a { color: var(--bar); }
    @media print {
      body { margin: 0; max-width: none; font-size: 11pt; } a { color: inherit; text-decoration: none; }
      .bar, .status { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
      h2.break { break-before: page; } .student, .failure, tr { break-inside: avoid; } pre { white-space: pre-wrap; }
    }
    """
}
