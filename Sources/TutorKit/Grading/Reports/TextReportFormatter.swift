import Foundation
import TutorTerminal

/// The report for people: a header, one line per test, the failures explained with the
/// lesson to read, the score, and what to do next.
///
///     ThumbnailCache: exercises/ThumbnailCache.swift
///
///       PASS     uses_nscache                   thumbnails are stored in an NSCache<NSString, UIImage>
///       FAIL     miss_generates_once            loadThumbnail on a miss calls the generator exactly once
///
///     miss_generates_once (fail): loadThumbnail on a miss calls the generator exactly once
///       the generator ran 2 times for one miss; it should run once
///       read: lesson 05-eviction
///
///     18/20 tests passed.
///     Next: fix miss_generates_once, then run the check again.
public struct TextReportFormatter: Sendable {
    /// Colours and width.
    public var style: TerminalStyle

    /// A formatter for `style`.
    public init(style: TerminalStyle) {
        self.style = style
    }

    /// The whole report as lines ending in a newline.
    public func format(_ report: GradingReport) -> String {
        var lines = [style.paint(report.exercise, .bold) + ": " + report.file, ""]
        if report.status == .error {
            lines.append(style.paint("Did not compile.", .red, .bold))
            lines.append("")
            lines.append(contentsOf: (report.compilerMessage ?? "").split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 })
            lines.append("")
            lines.append("Next: fix the first error above (the others often follow from it), then run the check again.")
            return lines.joined(separator: "\n") + "\n"
        }

        let nameWidth = (report.tests.map(\.name.count).max() ?? 0) + 2
        for test in report.tests {
            let label = Self.label(test.status)
            let padded = label.padding(toLength: 9, withPad: " ", startingAt: 0)
            let name = test.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let summaryWidth = max(10, style.width - 2 - 9 - nameWidth)
            lines.append("  " + style.paint(padded, color(test.status), .bold) + name + Self.clip(test.summary, to: summaryWidth))
        }

        let problems = report.tests.filter { $0.status != .pass }
        for test in problems {
            lines.append("")
            let heading = style.paint(test.name, .bold) + " " + style.paint("(\(Self.label(test.status).lowercased()))", color(test.status))
            lines.append(heading + ": " + test.summary)
            for line in TextWrapper.wrap(test.message ?? "no details were reported", width: style.width, indent: "  ") { lines.append(line) }
            if let lesson = test.lesson { lines.append("  " + style.paint("read: lesson \(lesson)", .cyan)) }
            let output = test.output.trimmingCharacters(in: .whitespacesAndNewlines)
            if !output.isEmpty {
                lines.append("  " + style.paint("output:", .dim))
                for line in output.split(separator: "\n", omittingEmptySubsequences: false).prefix(6) {
                    lines.append("    " + Self.clip(String(line), to: max(10, style.width - 4)))
                }
            }
        }

        lines.append("")
        let score = "\(report.score)/\(report.maxScore) tests passed."
        lines.append(style.paint(score, report.status == .pass ? .green : .yellow, .bold))
        if let first = problems.first {
            lines.append("Next: fix \(first.name) first (read lesson \(first.lesson ?? "01-why-cache")), then run the check again.")
            if let point = first.point {
                lines.append("Stuck? 'cachetutor exercises hint \(report.exercise) \(point)' gives a nudge for contract point \(point).")
            }
        } else {
            lines.append("Next: every hidden test passes. Compare with the reference: 'cachetutor exercises solution \(report.exercise)'; then pick the next one from 'cachetutor exercises'.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func label(_ status: TestStatus) -> String {
        switch status {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .crash: "CRASH"
        case .timeout: "TIMEOUT"
        case .incomplete: "NO RESULT"
        }
    }

    private func color(_ status: TestStatus) -> TerminalStyle.Attribute {
        switch status {
        case .pass: .green
        case .fail, .crash: .red
        case .timeout, .incomplete: .magenta
        }
    }

    static func clip(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(1, width - 1))) + "…"
    }
}
