import TutorTerminal

/// Why `cachetutor exercises editor` could not set a folder up for an editor.
enum EditorSetupError: UserFacingError, Equatable {
    /// The folder to set up is not there, or is not a folder.
    case noFolder(path: String)
    /// The folder holds no file any exercise is for.
    case noExerciseFiles(path: String, known: [String])
    /// A `compile_commands.json` that cachetutor did not write is in the way.
    case foreignDatabase(path: String)
    /// The database could not be written.
    case cannotWrite(path: String, reason: String)

    var message: String {
        switch self {
        case let .noFolder(path):
            "\(path): no such folder; start an exercise first ('cachetutor exercises start NAME'), or name the folder that holds your exercise files"
        case let .noExerciseFiles(path, known):
            "\(path): holds no exercise file (\(known.map { "\($0).swift" }.joined(separator: ", "))); start one with 'cachetutor exercises start NAME'"
        case let .foreignDatabase(path):
            "\(path) already exists and was not written by cachetutor, so it was left as it is; move it away, then run 'cachetutor exercises editor' again"
        case let .cannotWrite(path, reason):
            "\(path): cannot write the editor's compilation database: \(reason)"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .noFolder, .noExerciseFiles: .noInput
        // As `exercises start` does for a file in the way: the learner's own, kept.
        case .foreignDatabase: .usage
        case .cannotWrite: .cannotCreate
        }
    }
}
