import Foundation

/// The parts of an exercise's ``Deadlines`` one `grade` command line changes: each of
/// `--due`, `--extensions`, `--late-penalty` and `--grace` given replaces that part, and
/// the rest stays as the gradebook has it, so re-grading with `--only` never needs the
/// deadline typed again.
public struct DeadlineUpdate: Sendable, Equatable {
    /// Whether `--due` was given (`--due none` sets ``due`` to nil and clears it).
    public var setsDue = false
    /// The new deadline, when ``setsDue``.
    public var due: Date?
    /// The new extensions (all of them), when `--extensions` was given.
    public var extensions: [String: Date]?
    /// The new policy, when `--late-penalty` was given.
    public var policy: LatePolicy?
    /// The new grace period in seconds, when `--grace` was given.
    public var grace: Double?

    /// No change.
    public init() {}

    /// Whether nothing is changed.
    public var isEmpty: Bool { !setsDue && extensions == nil && policy == nil && grace == nil }

    /// `deadlines` with this update's parts replaced.
    public func applied(to deadlines: Deadlines) -> Deadlines {
        var updated = deadlines
        if setsDue { updated.due = due }
        if let extensions { updated.extensions = extensions }
        if let policy { updated.policy = policy }
        if let grace { updated.grace = grace }
        return updated
    }
}
