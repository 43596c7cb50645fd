/// Where the grader reads the time, for a check's budget and the durations it reports. One
/// real implementation; tests give a clock they move themselves, so budgets are tested
/// without real sleeps.
public protocol GradingClock: Sendable {
    /// The current instant.
    var now: ContinuousClock.Instant { get }
}

/// The system's monotonic clock.
public struct SystemGradingClock: GradingClock {
    /// The system clock.
    public init() {}

    /// `ContinuousClock.now`.
    public var now: ContinuousClock.Instant { .now }
}
