import TutorTerminal

/// Why a submission could not be graded at all: it is missing, or it is not Swift text.
///
///     cachetutor: notes.bin: not a Swift text file: it contains NUL bytes (binary data?)
public enum SubmissionError: UserFacingError, Equatable {
    /// Nothing at the path.
    case missing(file: String)
    /// Something is there but cannot be read (permissions, I/O error).
    case unreadable(file: String, reason: String)
    /// A directory, a device or another non-regular file.
    case notRegularFile(file: String)
    /// Zero bytes.
    case empty(file: String)
    /// Larger than the limit.
    case tooLarge(file: String, bytes: Int, limit: Int)
    /// Holds NUL bytes: binary data, not source.
    case binary(file: String)
    /// Not valid UTF-8; `line` is where the first bad byte is.
    case notUTF8(file: String, line: Int)

    public var message: String {
        switch self {
        case let .missing(file): "\(file): no such file"
        case let .unreadable(file, reason): "\(file): cannot read it (\(reason))"
        case let .notRegularFile(file): "\(file): not a regular file; give the path of your .swift file"
        case let .empty(file): "\(file): the file is empty; start from the exercise's starter file"
        case let .tooLarge(file, bytes, limit): "\(file): \(bytes) bytes is too large for an exercise file (the limit is \(limit / 1024) KiB)"
        case let .binary(file): "\(file): not a Swift text file: it contains NUL bytes (binary data?)"
        case let .notUTF8(file, line): "\(file):\(line): not a Swift text file: the text is not valid UTF-8"
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .missing, .unreadable: .noInput
        case .notRegularFile, .empty, .tooLarge, .binary, .notUTF8: .dataError
        }
    }
}
