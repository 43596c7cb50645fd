import Foundation

/// When a student handed their work in, and where that time was read.
///
/// Reports say where each time came from, because they are not equally strong: a
/// commit's date is what the student's machine said when they committed (git lets
/// anyone set it), a file's modification time is what the download left, and a line of
/// `--timestamps` is what the instructor's LMS export recorded.
public struct SubmissionTime: Sendable, Equatable {
    /// Where a submission time was read.
    public enum Source: Sendable, Equatable {
        /// The committer date of the last commit of the student's repository.
        case git(commit: String)
        /// The submission file's modification time.
        case fileModified
        /// A line of the `--timestamps` file.
        case timestampsFile

        /// How the gradebook stores it (`git:1a2b3c4`, `file`, `timestamps`).
        public var stored: String {
            switch self {
            case let .git(commit): "git:" + commit
            case .fileModified: "file"
            case .timestampsFile: "timestamps"
            }
        }

        /// Reads what ``stored`` wrote; anything unknown reads as a file time.
        public init(stored: String) {
            if stored.hasPrefix("git:") {
                self = .git(commit: String(stored.dropFirst(4)))
            } else {
                self = stored == "timestamps" ? .timestampsFile : .fileModified
            }
        }

        /// A few words for reports (`commit 1a2b3c4`, `file time`, `--timestamps`).
        public var description: String {
            switch self {
            case let .git(commit): "commit " + String(commit.prefix(7))
            case .fileModified: "file time"
            case .timestampsFile: "--timestamps"
            }
        }
    }

    /// The moment.
    public var date: Date
    /// Where it was read.
    public var source: Source

    /// A time and its source.
    public init(date: Date, source: Source) {
        self.date = date
        self.source = source
    }
}
