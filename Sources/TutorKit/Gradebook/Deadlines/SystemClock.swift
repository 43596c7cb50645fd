import Foundation

/// The machine's clock.
public struct SystemClock: Clock {
    /// The system clock.
    public init() {}

    public var now: Date { Date() }
}
