/// Ctrl-C came while a child ran, or before it could start: what a ``ProcessRunner`` may
/// throw instead of an outcome, which a build reports as ``GradingError/interrupted``.
public struct ProcessInterrupted: Error, CustomStringConvertible, Sendable {
    /// The program that was stopped or not started.
    public var executable: String

    /// A value naming the program.
    public init(executable: String) {
        self.executable = executable
    }

    public var description: String { "\(executable): stopped (Ctrl-C)" }
}
