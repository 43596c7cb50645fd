import Foundation
import TutorGrading
import TutorTerminal

/// One screen of `check --watch`: what the learner needs after a save, and nothing else.
///
///     ProfileStore · exercises/ProfileStore.swift · checked at 14:03:41
///
///     7 of 12 passing  ███████·····
///
///     First to fix: hit_skips_network
///       the client was asked for "u1" although the cache held it …
///       Read lesson 03-count-limits · 'cachetutor exercises hint ProfileStore 2'
///
///     Watching for saves · Ctrl-C to stop
struct WatchScreen {
    /// What the check found, or why it could not run.
    enum Outcome {
        case report(GradingReport)
        case problem(String)
    }

    var style: TerminalStyle
    /// How the file is named to the learner.
    var displayPath: String
    /// The exercise after this one in the course, if any.
    var nextExercise: String?
    /// The last line: how to leave.
    var footer: String

    /// The screen for `outcome`, checked at `time` (`14:03:41`).
    func lines(for outcome: Outcome, exercise: String, time: String) -> [String] {
        var lines = TextWrapper.wrap(style.paint(exercise, .bold) + " · " + MessageText.escaped(displayPath) + " · checked at " + time, width: style.width, continuationIndent: "  ") + [""]
        switch outcome {
        case let .problem(message):
            lines.append(style.paint("Cannot check the file: ", .red) + message)
            lines.append("Save it again and it is checked again.")
        case let .report(report):
            lines += reportLines(report)
        }
        lines += ["", style.paint(footer, .gray)]
        return lines
    }

    private func reportLines(_ report: GradingReport) -> [String] {
        if report.status == .error {
            let compiler = CompilerText.lines(CompilerText.diagnostics(report.compilerMessage ?? "").prefix(3).joined(separator: "\n"), width: style.width, indent: "  ").prefix(20)
            return [style.paint("Does not compile yet", .red, .bold), ""] + compiler + ["", "Fix the first error; the others often follow from it."]
        }
        let total = report.maxScore
        let bar = String(repeating: "█", count: report.score) + String(repeating: "·", count: max(0, total - report.score))
        var lines = [style.paint("\(report.score) of \(total) passing", report.status == .pass ? .green : .yellow, .bold) + "  " + bar, ""]
        guard let first = report.tests.first(where: { $0.status != .pass }) else {
            lines.append(style.paint("Every test passes. Well done!", .green, .bold))
            lines.append("See how the reference solves it: cachetutor exercises solution \(report.exercise)")
            if let nextExercise {
                lines.append("Next exercise: cachetutor exercises start \(nextExercise)")
            } else {
                lines.append("That was the last exercise of the course.")
            }
            return lines
        }
        lines += TextWrapper.wrap("First to fix: " + style.paint(first.name, .bold) + " (" + first.status.rawValue + ")", width: style.width, continuationIndent: "  ")
        lines += TextWrapper.wrap(first.summary, width: style.width, indent: "  ")
        for line in (first.message ?? "").split(separator: "\n").prefix(6) {
            lines += TextWrapper.wrap(String(line), width: style.width, indent: "  ")
        }
        var pointers: [String] = []
        if let lesson = first.lesson { pointers.append("Read lesson \(lesson)") }
        if let point = first.point { pointers.append("'cachetutor exercises hint \(report.exercise) \(point)'") }
        if !pointers.isEmpty { lines += TextWrapper.wrap(pointers.joined(separator: " · "), width: style.width, indent: "  ") }
        return lines
    }
}
