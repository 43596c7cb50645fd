import Foundation
import TutorGrading

/// The sentences every report uses for what changed a grade besides the tests, so that a
/// late penalty or an adjustment reads the same in the terminal, a CSV, the HTML page and
/// a student's Gradescope results.
///
///     GradeNotes.lateness(grade.late, time: time)   // "1 d 2 h late (commit 1a2b3c4): −2"
///     GradeNotes.adjustment(bonus)                  // "+1: test 4 regraded by hand"
public enum GradeNotes {
    /// How late a submission was and what it cost; nil when it was on time or no
    /// deadline or time is known.
    public static func lateness(_ late: LateAssessment, time: SubmissionTime?) -> String? {
        guard late.isLate else { return nil }
        let source = time.map { " (\($0.source.description))" } ?? ""
        if late.forgiven { return "\(DurationText.format(late.lateBy)) late\(source), within the grace period" }
        return "\(DurationText.format(late.lateBy)) late\(source): " + (late.penalty > 0 ? "−" + Points.format(late.penalty) : "no penalty")
    }

    /// One adjustment and its reason.
    public static func adjustment(_ adjustment: Adjustment) -> String {
        "\(adjustment.signedPoints.replacingOccurrences(of: "-", with: "−")): \(adjustment.reason)"
    }

    /// The grade's arithmetic when anything changed it (`20 − 2 + 1 = 19`), else nil.
    public static func arithmetic(_ grade: FinalGrade) -> String? {
        guard grade.isAdjusted else { return nil }
        var text = Points.format(grade.raw)
        if grade.penalty > 0 { text += " − " + Points.format(grade.penalty) }
        for adjustment in grade.adjustments {
            text += adjustment.points > 0 ? " + " + Points.format(adjustment.points) : " − " + Points.format(-adjustment.points)
        }
        return text + " = " + Points.format(grade.final)
    }

    /// The weights a report's scores use, in one phrase every format shows:
    /// `one point per test, out of 20` or `weights.txt, out of 30: concurrent_access 7, …, every other test 1`.
    public static func weights(_ report: ClassReport) -> String {
        let outOf = "out of " + Points.format(report.maxPoints)
        guard report.weights != .equal else { return "one point per test, " + outOf }
        let file = report.scoring.flatMap { $0.weights == report.weights && !$0.weightsFile.isEmpty ? $0.weightsFile + ", " : nil } ?? ""
        return file + outOf + ": " + report.weights.summary
    }

    /// What this run changed in how the exercise is scored, as one sentence, or nil.
    public static func scoringChanges(_ report: ClassReport) -> String? {
        guard !report.scoringChanges.isEmpty else { return nil }
        return "this run changes " + report.scoringChanges.joined(separator: "; and ")
            + " for every student of \(report.exercise), kept in the gradebook from now on (give the earlier ones again to go back)"
    }

    /// The exercise's deadline rules in one sentence, or nil without a deadline.
    public static func deadlines(_ deadlines: Deadlines) -> String? {
        guard !deadlines.isEmpty else { return nil }
        var parts: [String] = []
        if let due = deadlines.due { parts.append("due \(Timestamp.readable(due))") } else { parts.append("no common deadline") }
        if !deadlines.extensions.isEmpty { parts.append("\(deadlines.extensions.count) \(deadlines.extensions.count == 1 ? "extension" : "extensions")") }
        switch deadlines.policy {
        case .none: parts.append("lateness is shown, not penalised")
        case .zero: parts.append("a late submission scores 0")
        case let .rate(percent, unit, cap):
            // A no-break space keeps "50 %" on one line wherever the sentence is wrapped.
            parts.append("late penalty \(Points.format(percent))\u{A0}% of the maximum per \(unit.rawValue)" + (cap.map { ", at most \(Points.format($0))\u{A0}%" } ?? ""))
        }
        if deadlines.grace > 0 { parts.append("grace \(DurationText.format(deadlines.grace))") }
        return parts.joined(separator: "; ")
    }
}

extension GradeNotes {
    /// What a student reads about one exercise: the failing tests (or that all passed), the
    /// lateness and each adjustment with its reason. Moodle's feedback column holds it.
    public static func feedback(_ cell: CourseReport.Cell, time: SubmissionTime?) -> String {
        var parts: [String] = []
        switch cell {
        case let .graded(result, grade):
            if result.report.status == .error {
                let first = result.report.compilerMessage?.split(separator: "\n").first.map(String.init) ?? "no compiler message"
                parts.append("Did not compile: \(CappedText.cap(first, bytes: CappedText.cellBytes))")
            } else if result.failingTests.isEmpty {
                parts.append("All \(result.report.tests.count) hidden tests passed.")
            } else {
                parts.append("Failing tests: \(result.failingTests.joined(separator: ", ")).")
            }
            if let late = lateness(grade.late, time: time) { parts.append("Handed in \(late).") }
            parts += grade.adjustments.map { "Adjusted \(adjustment($0))." }
        case let .notGraded(reason):
            parts.append("Not graded: \(reason).")
        case let .missing(zero):
            parts.append(zero ? "Nothing handed in by the deadline." : "Nothing handed in yet.")
        }
        return parts.joined(separator: " ")
    }
}
