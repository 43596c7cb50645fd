import Foundation
import TutorTerminal

/// Points an instructor gave or took by hand, with the reason: `--adjust alice=+2 --reason "…"`.
///
/// Adjustments belong to a student and an exercise, not to one grading of a file, so a
/// re-grade keeps them; they add up, and each is kept with its time in the gradebook's
/// history (undo one with the opposite adjustment, which shows why too).
public struct Adjustment: Sendable, Equatable {
    /// The exercise.
    public var exercise: String
    /// The student (their folder's name).
    public var student: String
    /// Points added (negative: taken).
    public var points: Double
    /// Why, in the instructor's words.
    public var reason: String
    /// When it was recorded.
    public var madeAt: Date

    /// An adjustment with every field given.
    public init(exercise: String, student: String, points: Double, reason: String, madeAt: Date) {
        self.exercise = exercise
        self.student = student
        self.points = points
        self.reason = reason
        self.madeAt = madeAt
    }

    /// Reads `student=+N` or `student=-N` (a sign is required, so `alice=2` is never read
    /// as "set to 2").
    ///
    /// - Throws: ``GradebookError/badOptionValue(option:value:problem:)``.
    public static func parse(_ text: String) throws -> (student: String, points: Double) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        func bad(_ problem: String) -> GradebookError { .badOptionValue(option: "adjust", value: text, problem: problem) }
        guard parts.count == 2, !parts[0].isEmpty else { throw bad("expected STUDENT=+POINTS or STUDENT=-POINTS, e.g. alice=+2") }
        guard let sign = parts[1].first, sign == "+" || sign == "-" else {
            throw bad("give the change with its sign (+2 or -1.5): an adjustment adds to the grade, it does not set it")
        }
        guard let points = Double(parts[1]), points.isFinite, points != 0 else { throw bad("'\(MessageText.excerpt(parts[1]))' is not a number of points other than 0") }
        return (parts[0], points)
    }

    /// The change as reports show it (`+2`, `-1.5`).
    public var signedPoints: String { (points > 0 ? "+" : "") + Points.format(points) }
}
