import TutorTerminal

/// Why a database could not be opened, read or written.
///
/// Each case names the file, so the one-line message tells the user where to look:
///
///     cachetutor: /home/ada/.local/share/cachetutor/progress.sqlite3: was written by a newer cachetutor (schema 3; this one knows 1); upgrade cachetutor
public enum StorageError: UserFacingError, Equatable {
    /// The file or its folder could not be created or opened.
    case cannotOpen(path: String, reason: String)
    /// A statement failed; `reason` is SQLite's own message.
    case sqlite(path: String, operation: String, reason: String)
    /// The file was written by a newer version of the program, which we must not overwrite.
    case newerSchema(path: String, found: Int32, supported: Int32)
    /// No location could be worked out for the progress file.
    case noLocation(reason: String)

    public var message: String {
        switch self {
        case let .cannotOpen(path, reason):
            return "\(path): cannot open the database: \(reason)"
        case let .sqlite(path, operation, reason):
            return "\(path): \(operation) failed: \(reason)"
        case let .newerSchema(path, found, supported):
            return "\(path): was written by a newer cachetutor (schema \(found); this one knows \(supported)); upgrade cachetutor or set CACHETUTOR_HOME to use another folder"
        case let .noLocation(reason):
            return "no place to keep your progress: \(reason); set CACHETUTOR_HOME to a writable folder"
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .cannotOpen, .noLocation: return .noInput
        case .newerSchema: return .dataError
        case .sqlite: return .software
        }
    }
}
