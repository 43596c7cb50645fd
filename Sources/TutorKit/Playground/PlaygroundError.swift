import TutorTerminal

/// Why a line of playground input could not be run; the message says how to fix it.
public enum PlaygroundError: UserFacingError, Equatable {
    /// An empty line.
    case empty
    /// The first word is no playground command.
    case unknownCommand(String, suggestion: String?)
    /// A known command with missing, extra or wrong words.
    case malformed(command: String, problem: String)
    /// `cache new` with an option it does not have.
    case unknownOption(String, suggestion: String?)
    /// An option given without its value.
    case missingValue(option: String)
    /// A value that should be a whole number ≥ 0.
    case notANumber(String, what: String)
    /// A value outside a fixed set (`pressure severe`).
    case unknownValue(String, what: String, allowed: [String], suggestion: String?)

    public var message: String {
        switch self {
        case .empty:
            return "type a playground command; 'help' lists them"
        case let .unknownCommand(word, suggestion):
            return "unknown playground command '\(word)'" + Self.didYouMean(suggestion)
        case let .malformed(command, problem):
            return "\(command): \(problem); usage: \(PlaygroundCommand.usage[command] ?? command)"
        case let .unknownOption(option, suggestion):
            return "cache new has no option '\(option)'" + Self.didYouMean(suggestion)
                + (suggestion == nil ? "; options: \(PlaygroundCommand.cacheOptions.joined(separator: ", "))" : "")
        case let .missingValue(option):
            return "\(option) needs a value; usage: \(PlaygroundCommand.usage["cache"]!)"
        case let .notANumber(text, what):
            return "\(what) must be a whole number ≥ 0, not '\(text)'"
        case let .unknownValue(text, what, allowed, suggestion):
            return "\(what): '\(text)' is not one of \(allowed.joined(separator: ", "))" + Self.didYouMean(suggestion)
        }
    }

    public var exitCode: ExitCode { .usage }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
