import TutorTerminal

/// An exercise that cannot be found or read.
public enum ExerciseError: UserFacingError, Equatable {
    /// No exercise has that name.
    case unknown(name: String, suggestion: String?, known: [String])
    /// `exercise.toml` is missing or wrong; `line` when the problem is on one.
    case badManifest(path: String, line: Int?, reason: String)

    /// One line naming the file, the line and what is wrong, or the name and the known names.
    public var message: String {
        switch self {
        case let .unknown(name, suggestion, known):
            if let suggestion { return "no exercise named '\(MessageText.excerpt(name))'; did you mean '\(suggestion)'?" }
            let list = known.isEmpty ? "this course has none" : "the exercises are: " + known.joined(separator: ", ")
            return "no exercise named '\(MessageText.excerpt(name))'; \(list)"
        case let .badManifest(path, line, reason):
            return MessageText.escaped("\(path)\(line.map { ":\($0)" } ?? ""): \(reason)")
        }
    }

    /// 64 for a name that does not exist (the command line is wrong), 65 for bad metadata.
    public var exitCode: ExitCode {
        switch self {
        case .unknown: .usage
        case .badManifest: .dataError
        }
    }
}
