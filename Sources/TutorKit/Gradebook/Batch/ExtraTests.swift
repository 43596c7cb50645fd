import Foundation

/// An instructor's own hidden tests (`--tests DIR`): the Swift files of a folder, and
/// their identity for the cache key.
public struct ExtraTests: Sendable, Equatable {
    /// The test files, sorted by name.
    public var files: [URL]
    /// SHA-256 over every file's name and bytes: any edit re-grades the class.
    public var identity: String

    /// Reads the Swift files directly inside `folder`.
    ///
    /// - Throws: ``GradebookError/folderMissing(_:)``, ``GradebookError/folderUnreadable(_:)``
    ///   or ``GradebookError/noExtraTests(_:)``.
    public static func load(_ folder: URL) throws -> ExtraTests {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GradebookError.folderMissing(folder.path)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw GradebookError.folderUnreadable(folder.path, reason: error.localizedDescription)
        }
        let files = names.filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
        guard !files.isEmpty else { throw GradebookError.noExtraTests(folder.path) }
        var hash = SHA256()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { throw GradebookError.unreadable(file.path) }
            hash.update(file.lastPathComponent + "\n\(data.count)\n")
            hash.update(data)
        }
        return ExtraTests(files: files, identity: hash.hexDigest())
    }
}
