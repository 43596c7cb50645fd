import Foundation

/// Where a learner stands on one exercise, from their saved checks.
public enum ExerciseStanding: Sendable, Equatable {
    /// Never checked.
    case notStarted
    /// Checked, and the last check did not compile or run.
    case notCompiling(lastChecked: Date)
    /// Checked, and the last check passed `passed` of `total` tests; never passed whole.
    case inProgress(passed: Int, total: Int, lastChecked: Date)
    /// Some check passed every test; `date` is the first time.
    case passed(on: Date)

    /// The standing the checks of one exercise, oldest first, show. Passing once counts,
    /// whatever came after: the solution is open from then on, as in rustlings.
    public init(checks: [CheckRecord]) {
        if let first = checks.first(where: { $0.status == "pass" }) {
            self = .passed(on: first.date)
        } else if let last = checks.last {
            self = last.status == "error" ? .notCompiling(lastChecked: last.date) : .inProgress(passed: last.passed, total: last.total, lastChecked: last.date)
        } else {
            self = .notStarted
        }
    }

    /// Whether the learner has passed the exercise.
    public var hasPassed: Bool {
        if case .passed = self { return true }
        return false
    }
}
