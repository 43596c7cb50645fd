import Foundation

/// Where "now" comes from, wherever it decides something: a missing submission counts
/// as 0 only once its deadline has passed, and adjustments and runs are dated.
///
/// ``SystemClock`` is the real one; tests pass a fixed moment.
public protocol Clock: Sendable {
    /// The current moment.
    var now: Date { get }
}
