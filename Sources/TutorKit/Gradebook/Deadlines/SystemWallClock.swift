import Foundation

/// The machine's clock.
public struct SystemWallClock: WallClock {
    /// The system clock.
    public init() {}

    public var now: Date { Date() }
}
