import Foundation

/// Reads a class folder from the disk into the listing ``SubmissionDiscovery`` decides on.
///
/// Links are never followed (a downloaded folder is not trusted to point only inside
/// itself), student folders are read a few levels deep, and only Swift files within
/// the size limit have their bytes read.
public struct ClassFolderScanner: Sendable {
    /// How deep inside a student folder Swift files are looked for.
    public var maximumDepth: Int
    /// Files larger than this are not read.
    public var sizeLimit: Int

    /// A scanner with the given limits.
    public init(maximumDepth: Int = 4, sizeLimit: Int = SubmissionDiscovery.defaultSizeLimit) {
        self.maximumDepth = maximumDepth
        self.sizeLimit = sizeLimit
    }

    /// The entries of `folder`, sorted by name.
    ///
    /// - Throws: ``GradebookError/folderMissing(_:)`` or ``GradebookError/folderUnreadable(_:reason:)``.
    public func scan(_ folder: URL) throws -> [ClassFolderItem] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw GradebookError.folderMissing(folder.path)
        }
        guard isDirectory.boolValue else { throw GradebookError.notAFolder(folder.path) }
        do {
            return try items(in: folder, depth: 0)
        } catch {
            throw GradebookError.folderUnreadable(folder.path, reason: error.localizedDescription)
        }
    }

    private func items(in folder: URL, depth: Int) throws -> [ClassFolderItem] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return names.map { name in
            let url = folder.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0 else { return ClassFolderItem(name: name, kind: .other) }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return ClassFolderItem(name: name, kind: .file(facts(of: url, size: Int(info.st_size), name: name)))
            case S_IFDIR:
                let children = depth < maximumDepth && !name.hasPrefix(".") ? ((try? items(in: url, depth: depth + 1)) ?? []) : []
                return ClassFolderItem(name: name, kind: .folder(children))
            default:
                return ClassFolderItem(name: name, kind: .other)
            }
        }
    }

    private func facts(of url: URL, size: Int, name: String) -> FileFacts {
        guard name.lowercased().hasSuffix(".swift"), size <= sizeLimit else { return FileFacts(size: size, content: .unread) }
        guard let data = FileManager.default.contents(atPath: url.path) else { return FileFacts(size: size, content: .binary) }
        return FileFacts(size: data.count, content: Self.classify(Array(data)))
    }

    /// What `bytes` are: text, empty (nothing or only white space), or binary (NUL or not UTF-8).
    public static func classify(_ bytes: [UInt8]) -> FileContent {
        if bytes.contains(0) { return .binary }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .binary }
        return text.allSatisfy(\.isWhitespace) ? .empty : .text
    }
}
