import TutorTerminal

/// A report could not be encoded: cachetutor's own fault, never the submission's, so it is
/// an error (exit 70) rather than an empty `{}` in place of the results.
public struct ReportEncodingError: UserFacingError {
    /// The format being written.
    public var format: String
    /// What the encoder said.
    public var reason: String

    /// An error for `format` with the encoder's `reason`.
    public init(format: String, reason: String) {
        self.format = format
        self.reason = reason
    }

    public var message: String { "cannot write the \(format) report: \(reason)" }
    public var exitCode: ExitCode { .software }
}
