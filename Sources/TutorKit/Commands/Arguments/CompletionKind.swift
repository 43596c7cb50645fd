/// What a shell completion offers for an argument or an option's value.
public enum CompletionKind: Sendable, Equatable {
    /// Nothing to offer (a number, free text).
    case nothing
    /// Files, only those ending in `.EXTENSION` when given.
    case files(extension: String?)
    /// Folders.
    case directories
    /// The course's lessons (`05-eviction`), asked of `cachetutor completions --list` at completion time.
    case lessons
    /// The course's quizzes.
    case quizzes
    /// The course's exercises.
    case exercises
    /// A fixed set of words.
    case choices([String])

    /// The usual meaning of a placeholder: `FILE` and `RESULTS` are files, `DIR` and
    /// `FOLDER` folders, `LESSON`, `QUIZ` and `EXERCISE` the course's own, anything else nothing.
    public init(placeholder: String) {
        switch placeholder {
        case "FILE", "RESULTS": self = .files(extension: nil)
        case "DIR", "FOLDER": self = .directories
        case "LESSON": self = .lessons
        case "QUIZ": self = .quizzes
        case "EXERCISE": self = .exercises
        default: self = .nothing
        }
    }

    /// The `cachetutor completions --list` value for the course's names, if this is one.
    var listName: String? {
        switch self {
        case .lessons: "lessons"
        case .quizzes: "quizzes"
        case .exercises: "exercises"
        default: nil
        }
    }
}
