import Foundation
import TutorTerminal

/// The report for people, in two lengths.
///
/// In full (`check --verbose`, and a report file): a header, one line per test, every
/// failure explained with the lesson to read, the score, and what to do next.
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
///
/// Brief (what `check` prints in a terminal), one screen however much fails: the first
/// failure in full with the hint for its contract point, the failures that share one cause
/// once under it ("10 tests need the NSCache<NSString, UIImage> first"), the rest one line
/// per contract point, the score and what to do next.
///
/// Every line fits `style.width`: text wraps at word boundaries, and the table of tests
/// becomes a list when its columns do not fit.
public struct TextReportFormatter: Sendable {
    /// How much the report says.
    public enum Detail: Sendable {
        /// One screen: the first failure in full, the others grouped and one line each.
        case brief
        /// Every test, every failure in full.
        case full
    }

    /// Colours and width.
    public var style: TerminalStyle
    /// How much it says.
    public var detail: Detail
    /// The hint for a contract point (the exercise's `hints.md`), shown under the first failure.
    public var hint: @Sendable (Int) -> String?

    /// A formatter for `style`.
    public init(style: TerminalStyle, detail: Detail = .full, hint: @escaping @Sendable (Int) -> String? = { _ in nil }) {
        self.style = style
        self.detail = detail
        self.hint = hint
    }

    private var width: Int { style.width }

    /// The whole report as lines ending in a newline.
    public func format(_ report: GradingReport) -> String {
        var lines = wrap(style.paint(report.exercise, .bold) + ": " + MessageText.escaped(report.file), continuation: "  ")
        lines.append("")
        if report.status == .error {
            lines += compilerLines(report)
            return lines.joined(separator: "\n") + "\n"
        }
        let problems = report.tests.filter { $0.status != .pass }
        switch detail {
        case .full:
            lines += table(report.tests)
            for test in problems {
                lines.append("")
                lines += section(test, lesson: true, hint: nil)
            }
        case .brief:
            lines += briefProblems(problems)
        }
        if !(detail == .brief && problems.isEmpty) { lines.append("") }
        var score = style.paint("\(report.score)/\(report.maxScore) tests passed.", report.status == .pass ? .green : .yellow, .bold)
        if detail == .brief, problems.count > 1 { score += " " + style.paint("(--verbose shows every test in full)", .dim) }
        lines += wrap(score)
        if let first = problems.first, detail == .brief, Self.sharedPoints(first, problems) >= Self.crossCutting {
            lines += wrap("Next: fix what the failure of \(first.name) says first, then check again.")
        } else if let first = problems.first {
            let lesson = first.lesson ?? "01-why-cache"
            lines += wrap(detail == .brief ? "Next: fix \(first.name) first (see lesson \(lesson)), then check again."
                : "Next: fix \(first.name) first (read lesson \(lesson)), then run the check again.")
            if let point = first.point, detail == .full || hint(point) == nil {
                lines += wrap("Stuck? 'cachetutor exercises hint \(report.exercise) \(point)' gives a nudge for contract point \(point).")
            }
        } else {
            // The commands on lines of their own, never cut by a wrap.
            lines += wrap("Next: every hidden test passes. Compare with the reference:")
            lines.append("  cachetutor exercises solution \(report.exercise)")
            lines += wrap("then pick the next exercise from 'cachetutor exercises'.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Parts

    /// "Did not compile." and the compiler's messages (brief: the first three).
    private func compilerLines(_ report: GradingReport) -> [String] {
        var lines = [style.paint("Did not compile.", .red, .bold), ""]
        let message = report.compilerMessage ?? ""
        let diagnostics = CompilerText.diagnostics(message)
        let shown = detail == .brief ? Array(diagnostics.prefix(Self.briefDiagnostics)) : diagnostics
        lines += CompilerText.lines(shown.joined(separator: "\n"), width: width, indent: "  ")
        if shown.count < diagnostics.count {
            let more = diagnostics.count - shown.count
            lines += wrap(style.paint("(\(more) more compiler message\(more == 1 ? "" : "s"); --verbose shows them all)", .dim), indent: "  ")
        }
        lines.append("")
        lines += wrap("Next: fix the first error above (the others often follow from it), then run the check again.")
        return lines
    }

    /// How many contract points have a test failing with the very message `first` failed with.
    static func sharedPoints(_ first: TestResult, _ problems: [TestResult]) -> Int {
        guard let message = first.message, !message.isEmpty else { return 1 }
        return Set(problems.filter { $0.message == message }.map { $0.point.map(String.init) ?? $0.name }).count
    }

    /// From this many contract points on, a shared failure is no one point's.
    static let crossCutting = 3

    /// The compiler messages a brief report shows.
    static let briefDiagnostics = 3

    /// One line per test, in columns when they fit `width`, else as a list.
    private func table(_ tests: [TestResult]) -> [String] {
        let nameWidth = (tests.map(\.name.count).max() ?? 0) + 2
        // The widest label ("NO RESULT") and one space.
        let labelWidth = TestStatus.allCases.map { Self.label($0).count }.max()! + 1
        let summaryWidth = width - 2 - labelWidth - nameWidth
        if summaryWidth >= Self.narrowestSummary {
            return tests.map { test in
                let label = style.paint(Self.label(test.status).padding(toLength: labelWidth, withPad: " ", startingAt: 0), color(test.status), .bold)
                return "  " + label + test.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + TextWrapper.clip(test.summary, width: summaryWidth)
            }
        }
        return tests.flatMap { test in
            let head = style.paint(Self.label(test.status), color(test.status), .bold) + " " + test.name
            return wrap(head, indent: "  ", continuation: "    ") + ["    " + TextWrapper.clip(test.summary, width: width - 4)]
        }
    }

    /// The narrowest summary column the table keeps before it becomes a list.
    static let narrowestSummary = 20

    /// One failure in full: heading, message, the lesson, the hint, what it printed.
    private func section(_ test: TestResult, lesson: Bool, hint hintText: String?) -> [String] {
        // Brief, the first failure names its contract point (whose hint follows), and its
        // status only when it is not a plain failure.
        var tags = [Self.label(test.status).lowercased()]
        if hintText != nil, let point = test.point {
            tags = (test.status == .fail ? [] : tags) + ["point \(point)"]
        }
        let heading = style.paint(test.name, .bold) + " " + style.paint("(\(tags.joined(separator: ", ")))", color(test.status)) + ": " + test.summary
        var lines = wrap(heading, continuation: "  ")
        lines += wrap(test.message ?? "no details were reported", indent: "  ")
        if lesson, let name = test.lesson { lines += wrap(style.paint("read: lesson \(name)", .cyan), indent: "  ") }
        if let hintText {
            lines += wrap(style.paint("Hint:", .cyan) + " " + hintText, indent: "  ")
        }
        let output = test.output.trimmingCharacters(in: .whitespacesAndNewlines)
        if !output.isEmpty {
            lines.append("  " + style.paint("output:", .dim))
            let shown = output.split(separator: "\n", omittingEmptySubsequences: false).prefix(detail == .brief ? 3 : 6)
            for line in shown { lines += TextWrapper.fit("    " + line, width: width) }
        }
        return lines
    }

    /// The failures of a brief report: the first in full, those sharing a cause once, the
    /// rest one line per contract point.
    private func briefProblems(_ problems: [TestResult]) -> [String] {
        guard let first = problems.first else { return [] }
        // A message that ends tests of several contract points (a deadlock in every call, an
        // init that crashes) has a cause none of those points owns: the first point's hint
        // and lesson would send the learner the wrong way.
        let points = Self.sharedPoints(first, problems)
        let crossCutting = points >= Self.crossCutting
        var lines = section(first, lesson: false, hint: crossCutting ? nil : first.point.flatMap(hint))
        if crossCutting {
            lines += wrap("The same failure ends tests of \(points) contract points, so its cause is in code they all run, not in point \(first.point.map(String.init) ?? first.name) alone.", indent: "  ")
        }
        let rest = Array(problems.dropFirst())

        // Failures with the very same message share a cause.
        var byMessage: [String: [TestResult]] = [:]
        var messageOrder: [String] = []
        for test in problems {
            guard let message = test.message, !message.isEmpty else { continue }
            if byMessage[message] == nil { messageOrder.append(message) }
            byMessage[message, default: []].append(test)
        }
        var grouped = Set<String>()
        for message in messageOrder {
            let tests = byMessage[message, default: []].filter { $0.name != first.name }
            let sharesWithFirst = first.message == message
            // Within one contract point, a shared message is that point's one line below.
            let points = Set(tests.map { $0.point.map(String.init) ?? $0.name })
            guard (tests.count >= 2 && points.count >= 2) || (sharesWithFirst && !tests.isEmpty) else { continue }
            grouped.formUnion(tests.map(\.name))
            lines.append("")
            lines += wrap(groupText(tests.map(\.name), message: message, likeFirst: sharesWithFirst ? first.name : nil), continuation: "  ")
        }

        let others = rest.filter { !grouped.contains($0.name) }
        guard !others.isEmpty else { return lines }
        lines.append("")
        lines.append(style.paint(others.contains { $0.point != nil } ? "Also failing, by contract point:" : "Also failing:", .bold))
        var pointOrder: [String] = []
        var byPoint: [String: [TestResult]] = [:]
        for test in others {
            let key = test.point.map { "\($0)" } ?? "test " + test.name
            if byPoint[key] == nil { pointOrder.append(key) }
            byPoint[key, default: []].append(test)
        }
        for key in pointOrder {
            let tests = byPoint[key, default: []]
            var names = tests[0].name
            if tests.count == 2 { names += " and " + tests[1].name }
            if tests.count > 2 { names += " and \(tests.count - 1) more" }
            var line = (tests[0].point.map { "\($0) · " } ?? "") + style.paint(names, color(tests[0].status))
            let room = width - 2 - TextWrapper.visibleWidth(line) - 2
            if room >= Self.narrowestMessage, let message = tests[0].message, case let clipped = TextWrapper.clip(message, width: room), clipped != "…" {
                line += ": " + clipped
            }
            lines += wrap(line, indent: "  ", continuation: "      ")
        }
        return lines
    }

    /// The fewest columns a one-line failure's message is cut to; with less, only names show.
    static let narrowestMessage = 12

    /// "10 tests need the NSCache<NSString, UIImage> first (see uses_nscache): a, b, …" for
    /// the harness's "this test needs X that …" messages, else "2 tests (a, b) fail the same
    /// way: MESSAGE". With `likeFirst`, the tests fail as that one (shown above) does.
    func groupText(_ names: [String], message: String, likeFirst: String?) -> String {
        let count = names.count == 1 ? "1 more test" : (likeFirst == nil ? "\(names.count) tests" : "\(names.count) more tests")
        let verb = names.count == 1 ? "needs" : "need"
        if message.hasPrefix("this test needs "), let that = message.range(of: " that ") {
            let needed = message[message.index(message.startIndex, offsetBy: "this test needs ".count)..<that.lowerBound]
            var see = ""
            if let open = message.range(of: "(see "), let close = message[open.upperBound...].firstIndex(of: ")") {
                see = " (see " + message[open.upperBound..<close] + ")"
            }
            return "\(count) \(verb) \(needed) first\(see): " + names.joined(separator: ", ")
        }
        if let likeFirst {
            return "\(count) (\(names.joined(separator: ", "))) \(names.count == 1 ? "fails" : "fail") as \(likeFirst) does."
        }
        return "\(count) (\(names.joined(separator: ", "))) fail the same way: " + message
    }

    private func wrap(_ text: String, indent: String = "", continuation: String? = nil) -> [String] {
        TextWrapper.wrap(text, width: width, indent: indent, continuationIndent: continuation ?? indent)
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

    /// `text` on one line of `width` columns, cut at a word boundary.
    static func clip(_ text: String, to width: Int) -> String {
        TextWrapper.clip(text, width: width)
    }
}
