import Foundation

/// Where the date and time of day come from, wherever "now" decides something: a missing
/// submission counts as 0 only once its deadline has passed, and adjustments and runs are
/// dated. (Deadlines are calendar moments, so this is a wall clock, not a monotonic one.)
///
/// ``SystemWallClock`` is the real one; tests pass a fixed moment.
public protocol WallClock: Sendable {
    /// The current moment.
    var now: Date { get }
}
