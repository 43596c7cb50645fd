import Foundation
import Testing
import TutorTestSupport

/// What a learner's editor sees once `exercises start` and `exercises editor` have set a
/// folder up: the toolchain's own sourcekit-lsp, driven over JSON-RPC, on the course's
/// starters. An empty list of errors counts only because a typo in the same file gets the
/// compiler's error at its line.
@Suite(.serialized, .enabled(if: LanguageServer.executable != nil, "sourcekit-lsp is not on the PATH"))
struct EditorEndToEndTests {
    /// A learner's folder with two exercises started and the editor set up, made once.
    struct Folder: Sendable {
        var home: URL
        var work: URL
        func file(_ exercise: String) -> URL { work.appendingPathComponent("exercises/\(exercise).swift") }
    }

    static let folder: Result<Folder, any Error> = Result {
        let home = try Cachetutor.temporaryFolder("editor")
        let work = home.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for exercise in ["ThumbnailCache", "ProfileStore"] {
            let started = try Cachetutor.run(["exercises", "start", exercise], home: home, workingDirectory: work)
            guard started.status == 0 else { throw LanguageServer.Failure(description: "exercises start \(exercise): \(started.stderr)") }
        }
        let editor = try Cachetutor.run(["exercises", "editor"], home: home, workingDirectory: work)
        guard editor.status == 0 else { throw LanguageServer.Failure(description: "exercises editor: \(editor.stderr)") }
        return Folder(home: home, work: work)
    }

    /// A server on the folder, as an editor opened on it starts one.
    func server(_ folder: Folder) throws -> LanguageServer {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.home.path
        return try LanguageServer(executable: try #require(LanguageServer.executable), workspace: folder.work, environment: environment)
    }

    /// `file`'s text with the first line containing `marker` changed by `edit`, and that line's number.
    func edited(_ file: URL, at marker: String, _ edit: (String) -> String) throws -> (text: String, line: Int) {
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(marker) }, "no line with \(marker) in \(file.lastPathComponent)")
        lines[index] = edit(lines[index])
        return (lines.joined(separator: "\n"), index + 1)
    }

    @Test(arguments: ["ThumbnailCache", "ProfileStore"])
    func theUntouchedStarterHasNoError(exercise: String) throws {
        let folder = try Self.folder.get()
        let server = try server(folder)
        defer { server.close() }
        let file = folder.file(exercise)
        try server.open(file)
        let published = try server.publishedErrors(for: file)
        #expect(published.isEmpty, "published for the starter: \(published)")
        let asked = try server.errors(in: file)
        #expect(asked.isEmpty, "answered for the starter: \(asked)")
    }

    @Test(arguments: [("ThumbnailCache", "UIImage"), ("ProfileStore", "ProfileFetching")])
    func aTypoGetsTheCompilersErrorAtItsLine(exercise: String, type: String) throws {
        let folder = try Self.folder.get()
        let server = try server(folder)
        defer { server.close() }
        let file = folder.file(exercise)
        // The first use of the type in code, not in the starter's comments.
        let (text, line) = try edited(file, at: "private let") { $0.replacingOccurrences(of: type, with: type + "e") }
        try server.open(file, text: text)
        let expected = "Cannot find type '\(type)e' in scope"
        let published = try server.publishedErrors(for: file)
        #expect(published.contains { $0.line == line && $0.message == expected }, "published: \(published)")
        let asked = try server.errors(in: file)
        #expect(asked.map(\.line) == [line], "answered: \(asked)")
        #expect(asked.first?.message == expected)
    }

    @Test(arguments: [("ThumbnailCache", "UIImage"), ("ProfileStore", "Profile")])
    func completionKnowsTheEnginesNSCache(exercise: String, value: String) throws {
        let folder = try Self.folder.get()
        let server = try server(folder)
        defer { server.close() }
        let file = folder.file(exercise)
        let declared = try edited(file, at: "private let") { $0 + "\n    private let cache = NSCache<NSString, \(value)>()" }
        var lines = declared.text.components(separatedBy: "\n")
        // The class's own initialiser, not one the starter's comments show.
        let initializer = try #require(lines.firstIndex { $0.hasPrefix("    init(") })
        lines.insert("        cache.", at: initializer + 1)
        try server.open(file, text: lines.joined(separator: "\n"))
        let offered = try server.completions(in: file, line: initializer + 1, character: "        cache.".count)
        // How sourcekit-lsp spells setObject(_:forKey:cost:) in an item's filterText.
        #expect(offered.contains("setObject(:forKey:cost:)"), "offered: \(offered)")
        // Only the course engine has this member, so the NSCache is the grader's, not Foundation's.
        #expect(offered.contains("oversizeAdmission"), "offered: \(offered)")
    }

    /// A check points the editor's link at the harness it used, as it must after an upgrade
    /// has built a new one under a new name.
    @Test func checkPointsTheEditorAtTheHarnessItUsed() throws {
        let folder = try Self.folder.get()
        let database = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.work.appendingPathComponent("exercises/compile_commands.json")))
        let entry = try #require((database as? [[String: Any]])?.first { ($0["file"] as? String) == folder.file("ThumbnailCache").path })
        let arguments = try #require(entry["arguments"] as? [String])
        let link = try #require(arguments.firstIndex(of: "-I").map { arguments[$0 + 1] })
        let harness = try FileManager.default.destinationOfSymbolicLink(atPath: link)
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: harness + "-removed-by-an-upgrade")
        let checked = try Cachetutor.run(["check", "exercises/ThumbnailCache.swift"], home: folder.home, workingDirectory: folder.work)
        #expect(checked.status == 1, "\(checked.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == harness)
    }

    /// The database beside the file changes nothing for `check`: the starter gets the same
    /// verdict as a copy of it in a folder without one.
    @Test func checkGradesTheFileAsWithoutTheEditor() throws {
        let folder = try Self.folder.get()
        let bare = folder.home.appendingPathComponent("bare/exercises")
        try FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder.file("ThumbnailCache"), to: bare.appendingPathComponent("ThumbnailCache.swift"))
        let beside = try Cachetutor.run(["check", "exercises/ThumbnailCache.swift"], home: folder.home, workingDirectory: folder.work)
        let alone = try Cachetutor.run(["check", "exercises/ThumbnailCache.swift"], home: folder.home, workingDirectory: bare.deletingLastPathComponent())
        #expect(beside.status == 1, "\(beside.stdout)\(beside.stderr)")
        #expect(beside.status == alone.status)
        let verdict = { (output: String) in output.split(separator: "\n").first { $0.contains("tests passed") } }
        #expect(verdict(beside.stdout) != nil)
        #expect(verdict(beside.stdout) == verdict(alone.stdout))
    }
}
