import Foundation

/// The `compile_commands.json` that tells sourcekit-lsp how each exercise file in a
/// learner's folder is compiled: one entry per file, holding the grader's own command
/// (``SubmissionCommandLine``) without its output, so an editor sees the course engine's
/// `NSCache`, the `UIImage` stand-in and the exercise's provided types, in the exercise's
/// language mode and under strict memory safety, exactly as `check` compiles the file.
///
/// Its paths are absolute and belong to this machine: it is made in the learner's folder,
/// never in the course.
///
///     let database = CompilationDatabase(entries: [CompilationDatabase.entry(for: file, compiler: swiftc, commandLine: line)])
///     try database.encoded().write(to: folder.appendingPathComponent(CompilationDatabase.fileName))
public struct CompilationDatabase: Sendable, Equatable {
    /// One file and the command that compiles it, in the format clangd and sourcekit-lsp read.
    public struct Entry: Codable, Sendable, Equatable {
        /// The folder the command runs in (the file's own).
        public var directory: String
        /// The file the entry is for.
        public var file: String
        /// The compiler, then its arguments.
        public var arguments: [String]

        /// An entry over explicit parts.
        public init(directory: String, file: String, arguments: [String]) {
            self.directory = directory
            self.file = file
            self.arguments = arguments
        }
    }

    /// What the file's name is, in the folder it describes.
    public static let fileName = "compile_commands.json"

    /// The entries, one per exercise file.
    public var entries: [Entry]

    /// A database of `entries`.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entry for the learner's `file`, compiled by `compiler` as `commandLine` says.
    public static func entry(for file: URL, compiler: String, commandLine: SubmissionCommandLine) -> Entry {
        Entry(directory: file.deletingLastPathComponent().path, file: file.path,
              arguments: [compiler] + commandLine.arguments(source: file, output: nil))
    }

    /// The file's bytes: entries sorted by file, keys sorted, so writing it again with
    /// nothing changed changes nothing.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and arrays of strings cannot fail.
        let data = (try? encoder.encode(entries.sorted { $0.file < $1.file })) ?? Data("[]".utf8)
        return data + Data("\n".utf8)
    }

    /// Whether `data` is a database cachetutor wrote, which may be written over: entries
    /// that each compile their one file as the grader does (as module `Submission`, beside
    /// a prelude). Anything else (a build system's own database, a learner's notes, an
    /// empty file) is someone else's and is left alone.
    public static func isGenerated(_ data: Data) -> Bool {
        guard let entries = try? JSONDecoder().decode([Entry].self, from: data), !entries.isEmpty else { return false }
        return entries.allSatisfy { entry in
            let arguments = entry.arguments
            guard let module = arguments.firstIndex(of: "-module-name"), module + 1 < arguments.count else { return false }
            return arguments[module + 1] == "Submission" && arguments.contains(entry.file)
        }
    }
}
