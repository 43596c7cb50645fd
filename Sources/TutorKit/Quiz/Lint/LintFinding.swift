import TutorTerminal

/// One problem lint found in a quiz file.
public struct LintFinding: Sendable, Equatable {
    /// How bad a finding is.
    public enum Severity: String, Sendable, Comparable {
        /// The quiz is valid but could be better (missing feedback, portability).
        case warning
        /// The quiz is broken or cannot be scored as meant (exit 65).
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// How bad it is.
    public var severity: Severity
    /// The file as the user named it.
    public var file: String
    /// Where in the file.
    public var location: GIFTSourceLocation
    /// What is wrong, in one line.
    public var message: String

    /// A finding.
    public init(_ severity: Severity, file: String, at location: GIFTSourceLocation, _ message: String) {
        self.severity = severity
        self.file = file
        self.location = location
        // Messages quote question text, which may hold anything a file can.
        self.message = MessageText.escaped(message)
    }

    /// `file:line:column: error: message`, the way compilers and editors expect it.
    public var formatted: String {
        "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}
