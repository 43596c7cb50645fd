import Foundation

/// How late one submission was against its deadline, and the points that costs.
public struct LateAssessment: Sendable, Equatable {
    /// The deadline that applied, if any.
    public var deadline: Date?
    /// Seconds after the deadline; 0 when on time or when no deadline or time is known.
    public var lateBy: Double
    /// Whether it was late, but within the grace period.
    public var forgiven: Bool
    /// Points taken.
    public var penalty: Double

    /// A submission without any lateness.
    public static let onTime = LateAssessment(deadline: nil, lateBy: 0, forgiven: false, penalty: 0)

    /// Whether it came in after the deadline (forgiven or not).
    public var isLate: Bool { lateBy > 0 }
}
