/// One student's grade on one exercise with its parts kept apart, as nbgrader's export
/// keeps them: what the tests gave, what lateness took, what the instructor adjusted.
///
/// `final = max(0, raw − penalty + adjustment)`, where the penalty is never more than
/// `raw` (``LatePolicy/penalty(raw:maxPoints:lateBy:)``).
///
///     let grade = FinalGrade(raw: 18, maxPoints: 20, late: assessment, adjustments: [bonus])
///     grade.final   // 18 − 2 + 1 = 17
public struct FinalGrade: Sendable, Equatable {
    /// Points the tests gave.
    public var raw: Double
    /// Points available.
    public var maxPoints: Double
    /// How late it was and what that cost.
    public var late: LateAssessment
    /// The instructor's adjustments, oldest first.
    public var adjustments: [Adjustment]

    /// A grade from its parts.
    public init(raw: Double, maxPoints: Double, late: LateAssessment = .onTime, adjustments: [Adjustment] = []) {
        self.raw = raw
        self.maxPoints = maxPoints
        self.late = late
        self.adjustments = adjustments
    }

    /// Points lateness took.
    public var penalty: Double { late.penalty }

    /// The sum of the adjustments.
    public var adjustment: Double { adjustments.reduce(0) { $0 + $1.points } }

    /// The grade that counts.
    public var final: Double { max(0, raw - penalty + adjustment) }

    /// Whether anything besides the tests changed the grade (a penalty or an adjustment).
    public var isAdjusted: Bool { penalty != 0 || !adjustments.isEmpty }
}
