import Foundation
import TutorTerminal

/// Turns saved progress into the table `cachetutor progress` (and the REPL's `progress`) prints.
///
///     lesson                               where         try-it  hints  quiz
///     01  Why cache, and why not a dict…   finished      2       0      best 75% (2 attempts)
///     02  Keys                             page 2 of 5   0       1      -
///     03  Count limits                     not started
public struct ProgressSummaryFormatter: Sendable {
    /// A lesson's file stem and title, in course order.
    public struct Lesson: Sendable, Equatable {
        /// The file stem (`05-eviction`).
        public var name: String
        /// The `# Title` of the lesson, or the stem when it has none.
        public var title: String

        /// A lesson entry.
        public init(name: String, title: String) {
            self.name = name
            self.title = title
        }
    }

    /// Colours and width.
    public var style: TerminalStyle

    /// A formatter for `style`.
    public init(style: TerminalStyle) { self.style = style }

    /// The whole summary as lines (no trailing newlines).
    public func lines(lessons: [Lesson], progress: [LessonProgress], resume: ResumePoint?, checks: [CheckRecord], exercises: [String] = [], storePath: String?) -> [String] {
        var output: [String] = []
        if let storePath {
            output.append(style.paint("Your progress", .bold) + " (saved in \(storePath))")
        } else {
            output.append(style.paint("Your progress", .bold) + " (nothing saved yet: start with 'cachetutor learn')")
        }
        output.append("")
        output += lessonTable(lessons: lessons, progress: progress)
        output.append("")
        if let resume {
            output.append("Next: 'cachetutor learn' reopens \(resume.lesson) at page \(resume.page).")
        } else if let first = lessons.first {
            output.append("Next: 'cachetutor learn' starts with \(first.name).")
        }
        output += checkLines(checks, exercises: exercises)
        return output
    }

    private func lessonTable(lessons: [Lesson], progress: [LessonProgress]) -> [String] {
        let byName = Dictionary(progress.map { ($0.lesson, $0) }, uniquingKeysWith: { first, _ in first })
        let titles = Dictionary(lessons.map { ($0.name, $0.title) }, uniquingKeysWith: { first, _ in first })
        let names = lessons.map(\.name) + progress.map(\.lesson).filter { titles[$0] == nil }
        let fixedColumns = 14 + 8 + 7 + 22
        let titleWidth = max(12, min(40, style.width - fixedColumns - 4))
        var rows = [style.paint(pad("lesson", titleWidth + 4) + pad("where", 14) + pad("try-it", 8) + pad("hints", 7) + "quiz", .dim)]
        for name in names {
            let entry = byName[name] ?? LessonProgress(lesson: name)
            let label = pad(number(of: name), 4) + pad(truncate(titles[name] ?? name, to: titleWidth - 1), titleWidth)
            guard !entry.isUntouched else {
                rows.append(label + style.paint("not started", .gray))
                continue
            }
            let place: String
            if entry.finished {
                place = style.paint(pad("finished", 14), .green)
            } else if let page = entry.page {
                place = pad(entry.pageCount.map { "page \(page) of \($0)" } ?? "page \(page)", 14)
            } else {
                place = pad("-", 14)
            }
            let quiz: String
            if entry.quizAttempts == 0 {
                quiz = "-"
            } else {
                let attempts = entry.quizAttempts == 1 ? "1 attempt" : "\(entry.quizAttempts) attempts"
                quiz = entry.bestQuizScore.map { "best \(Int(($0 * 100).rounded()))% (\(attempts))" } ?? "unfinished (\(attempts))"
            }
            rows.append(label + place + pad(String(entry.stepsDone.count), 8) + pad(String(entry.hintsUsed), 7) + quiz)
        }
        return rows
    }

    /// One line per exercise of the course (and any other exercise checked), in course order.
    private func checkLines(_ checks: [CheckRecord], exercises: [String]) -> [String] {
        let byExercise = Dictionary(grouping: checks, by: \.exercise)
        let names = exercises + byExercise.keys.filter { !exercises.contains($0) }.sorted()
        guard !names.isEmpty else { return [] }
        var output = ["", style.paint("Exercises", .bold)]
        let width = names.map(\.count).max() ?? 0
        for name in names {
            let runs = byExercise[name] ?? []
            let runsText = runs.isEmpty ? "" : runs.count == 1 ? "; 1 check" : "; \(runs.count) checks"
            output.append("  " + pad(name, width + 2) + standingText(ExerciseStanding(checks: runs)) + runsText)
        }
        return output
    }

    /// `passed on 2026-12-01 10:00 UTC`, `12 of 20 passing`, `not started`, …
    public func standingText(_ standing: ExerciseStanding) -> String {
        switch standing {
        case .notStarted: style.paint("not started", .gray)
        case let .notCompiling(date): style.paint("does not compile", .red) + " (last check \(Self.dateText(date)))"
        case let .inProgress(passed, total, date): style.paint("\(passed) of \(total) passing", .yellow) + " (last check \(Self.dateText(date)))"
        case let .passed(date): style.paint("passed", .green) + " on \(Self.dateText(date))"
        }
    }

    private func number(of name: String) -> String {
        let digits = name.prefix { $0.isNumber }
        return digits.isEmpty ? "" : String(digits)
    }

    private func pad(_ text: String, _ width: Int) -> String { TextWrapper.pad(text, to: width) }

    private func truncate(_ text: String, to width: Int) -> String {
        guard TextWrapper.visibleWidth(text) > width else { return text }
        return String(text.prefix(max(1, width - 1))) + "…"
    }

    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
