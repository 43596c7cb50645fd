import Foundation
import TutorPlayground

/// Decides what Tab offers for the line typed so far: commands first, then what each
/// command takes (lesson names, playground keys, option values, files).
///
/// Pure apart from ``listFiles``, so it is tested without a terminal:
///
///     let provider = CompletionProvider(lessonNames: ["05-eviction", "eviction"], keys: { ["a", "b"] })
///     provider.candidates(for: "open ev")   // ["eviction"]
///     provider.candidates(for: "get ")      // ["a", "b"]
public struct CompletionProvider {
    /// Lesson names that `open` and `reset` accept (ids and slugs).
    public var lessonNames: [String]
    /// The keys the playground cache holds now.
    public var keys: () -> [String]
    /// Entries of a folder for `check FILE`: names, with `/` after folders.
    public var listFiles: (String) -> [String]
    /// The number of pages in the lesson being read, for `page N`.
    public var pageCount: () -> Int

    /// A provider over the course's lesson names and the playground's live keys.
    public init(
        lessonNames: [String],
        keys: @escaping () -> [String],
        pageCount: @escaping () -> Int = { 0 },
        listFiles: @escaping (String) -> [String] = CompletionProvider.listDirectory
    ) {
        self.lessonNames = lessonNames
        self.keys = keys
        self.pageCount = pageCount
        self.listFiles = listFiles
    }

    /// Every word that could stand where the last word of `line` is being typed (the
    /// caller keeps those that start with it).
    public func candidates(for line: String) -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let completingNewWord = line.isEmpty || line.last == " "
        let done = completingNewWord ? words : Array(words.dropLast())
        guard let command = done.first else {
            return LearnCommandName.allCases.map(\.rawValue) + PlaygroundCommand.names.filter { $0 != "help" }
        }
        let argumentIndex = done.count - 1
        switch command {
        case "open", "o", "reset":
            return argumentIndex == 0 ? lessonNames : []
        case "page", "p":
            return argumentIndex == 0 && pageCount() > 0 ? (1...pageCount()).map(String.init) : []
        case "help", "?":
            return argumentIndex == 0 ? LearnCommandName.allCases.map(\.rawValue) + PlaygroundCommand.names : []
        case "check":
            guard argumentIndex == 0 else { return [] }
            let typed = completingNewWord ? "" : (words.last ?? "")
            return fileCandidates(typed)
        case "get", "remove", "set":
            return argumentIndex == 0 ? keys() : []
        case "pressure":
            return argumentIndex == 0 ? PlaygroundCommand.PressureLevel.allCases.map(\.rawValue) : []
        case "delegate":
            return argumentIndex == 0 ? ["on", "off"] : []
        case "cache":
            if argumentIndex == 0 { return ["new"] }
            if done.last == "--policy" { return PlaygroundCommand.PolicyChoice.allCases.map(\.rawValue) }
            if ["--count", "--cost", "--seed"].contains(done.last ?? "") { return [] }
            return PlaygroundCommand.cacheOptions.filter { !done.contains($0) }
        default:
            return []
        }
    }

    /// Paths that extend `typed`: the entries of its folder, each prefixed with that folder.
    private func fileCandidates(_ typed: String) -> [String] {
        let folder: String
        if let slash = typed.lastIndex(of: "/") {
            folder = String(typed[...slash])
        } else {
            folder = ""
        }
        return listFiles(folder).map { folder + $0 }
    }

    /// The entries of `folder` (relative to the working directory), `/` after folders,
    /// hidden ones left out.
    public static func listDirectory(_ folder: String) -> [String] {
        let path = folder.isEmpty ? "." : (folder as NSString).expandingTildeInPath
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { name in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(name), isDirectory: &isDirectory)
            return exists && isDirectory.boolValue ? name + "/" : name
        }
    }
}
