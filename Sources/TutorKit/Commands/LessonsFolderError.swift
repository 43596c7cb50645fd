import TutorTerminal

/// Why the DIR given to `cachetutor lessons` holds no lessons to list or lint.
enum LessonsFolderError: UserFacingError, Equatable {
    /// Nothing is at `path`.
    case missing(path: String)
    /// `path` is there but is neither a course folder (holding `Lessons/`) nor a `Lessons` folder.
    case notALessonsFolder(path: String)

    var message: String {
        switch self {
        case let .missing(path): "\(path): no such folder"
        case let .notALessonsFolder(path): "\(path): not a course folder or a Lessons folder (it has no Lessons/)"
        }
    }

    var exitCode: ExitCode { .noInput }
}
