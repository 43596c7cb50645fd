/// An entry of the class folder that is not graded, and why: nothing is dropped silently.
public struct SkippedEntry: Sendable, Equatable, Codable {
    /// The entry's path relative to the class folder (`notes.txt`, `bob/`).
    public var path: String
    /// The student the entry stands for, when it looks like one's submission (`bob.swift`
    /// that is empty, `carol/` with two Swift files); nil for stray files such as `notes.txt`.
    public var student: String?
    /// Why it was skipped.
    public var reason: SkipReason

}

/// Why an entry of the class folder was not graded.
public enum SkipReason: Sendable, Equatable, Codable {
    /// Not a `.swift` file.
    case notSwift
    /// No bytes or only white space.
    case empty
    /// NUL bytes or not UTF-8.
    case binary
    /// Over the size limit.
    case tooLarge(size: Int, limit: Int)
    /// More than one file could be the student's submission.
    case severalCandidates([String])
    /// A student folder with no Swift file in it.
    case noSwiftFile
    /// A symbolic link, socket or device rather than a regular file or folder.
    case notRegularFile
    /// A name starting with a dot (`.DS_Store`, `.git`).
    case hidden

    /// The reason in a few words, for reports (`empty file`, `2 candidate files: a.swift, b.swift`).
    public var description: String {
        switch self {
        case .notSwift: "not a Swift file"
        case .empty: "empty file"
        case .binary: "binary or not UTF-8 text"
        case let .tooLarge(size, limit): "too large (\(size / 1024) KiB; the limit is \(limit / 1024) KiB)"
        case let .severalCandidates(names): "\(names.count) candidate files: \(names.joined(separator: ", "))"
        case .noSwiftFile: "no Swift file in the folder"
        case .notRegularFile: "not a regular file or folder (a link or a device)"
        case .hidden: "hidden entry"
        }
    }
}
