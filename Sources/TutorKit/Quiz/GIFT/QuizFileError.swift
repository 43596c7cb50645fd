import Foundation
import TutorTerminal

/// A quiz file or folder that cannot be found or read.
public enum QuizFileError: UserFacingError, Equatable {
    /// The file or folder does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// A folder holds no `.gift` files.
    case noQuizFiles(path: String)

    public var message: String {
        switch self {
        case let .unreadable(path, reason): return "\(path): \(reason)"
        case let .noQuizFiles(path): return "\(path): no .gift files in this folder"
        }
    }

    public var exitCode: ExitCode { .noInput }

    /// A short reason for a failed read of `url`.
    static func describe(_ error: any Error, at url: URL) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "is a folder, not a .gift file" }
        if !FileManager.default.isReadableFile(atPath: url.path) { return "permission denied" }
        return "cannot be read (\((error as NSError).localizedDescription))"
    }
}
