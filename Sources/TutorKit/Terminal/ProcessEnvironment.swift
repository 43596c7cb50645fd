import Foundation

/// The environment variables of this process, read once.
///
/// Code that depends on the environment takes a `[String: String]` parameter that
/// defaults to this, so tests pass their own dictionary instead of mutating the process.
public enum ProcessEnvironment {
    /// A snapshot of `ProcessInfo.processInfo.environment`.
    public static var current: [String: String] { ProcessInfo.processInfo.environment }
}
