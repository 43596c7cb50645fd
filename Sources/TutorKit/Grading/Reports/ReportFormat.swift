import TutorTerminal

/// The ways a report can be written: for people, for Exercism-style tooling, for CI.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Lines for a terminal or a log.
    case text
    /// Exercism test-runner `results.json`, version 2, with cachetutor's extra fields.
    case json
    /// JUnit XML.
    case junit

    /// The report rendered in this format; `style`, `detail` and `hint` (a contract
    /// point's hint, for a brief report) matter only for text.
    ///
    /// - Throws: ``ReportEncodingError`` when the JSON encoder fails.
    public func render(_ report: GradingReport, style: TerminalStyle = .plain, detail: TextReportFormatter.Detail = .full,
                       hint: @escaping @Sendable (Int) -> String? = { _ in nil }) throws(ReportEncodingError) -> String {
        switch self {
        case .text: TextReportFormatter(style: style, detail: detail, hint: hint).format(report)
        case .json: try ExercismJSONFormatter.format(report)
        case .junit: JUnitReportFormatter.format(report)
        }
    }
}
