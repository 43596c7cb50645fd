import Foundation

/// One student's file, found in the class folder and ready to grade.
public struct Submission: Sendable, Equatable {
    /// The student, named after the file (`alice.swift`) or folder (`alice/`) the work came in.
    public var student: String
    /// Where the file is.
    public var file: URL
    /// The file's path relative to the class folder (`alice/ThumbnailCache.swift`), as reports show it.
    public var relativePath: String

}
