import Foundation
import Testing
@testable import TutorGrading

/// The editor's compilation database: the grader's command per file, and which existing
/// files it may replace.
@Suite struct CompilationDatabaseTests {
    let line = SubmissionCommandLine(
        languageMode: 6, modules: URL(fileURLWithPath: "/cache/editor/ImageStore-abc"),
        prelude: URL(fileURLWithPath: "/cache/editor/ImageStore-abc/Adapter.swift"),
        moduleCache: URL(fileURLWithPath: "/cache/editor/module-cache"), macroFlags: ["-Xfrontend", "-load-plugin-executable"]
    )
    let file = URL(fileURLWithPath: "/home/learner/exercises/ImageStore.swift")

    @Test func theGradersCommandLineIsTheOneThatWasInlineBefore() {
        let object = URL(fileURLWithPath: "/work/Submission.o")
        #expect(line.arguments(source: file, output: object, sanitized: true) ==
            HarnessBuilder.submissionFlags(languageMode: 6) + HarnessBuilder.sanitizerFlags + ["-Xfrontend", "-load-plugin-executable"]
            + ["-I", "/cache/editor/ImageStore-abc", "-o", object.path, file.path, "/cache/editor/ImageStore-abc/Adapter.swift"]
            + ["-module-cache-path", "/cache/editor/module-cache"])
    }

    @Test func anEntryIsTheGradersCommandWithoutItsOutput() {
        let entry = CompilationDatabase.entry(for: file, compiler: "/usr/bin/swiftc", commandLine: line)
        #expect(entry.directory == "/home/learner/exercises")
        #expect(entry.file == file.path)
        let graded = line.arguments(source: file, output: URL(fileURLWithPath: "/work/Submission.o"))
        #expect(entry.arguments == ["/usr/bin/swiftc"] + graded.filter { $0 != "-o" && $0 != "/work/Submission.o" })
        #expect(entry.arguments.contains("-strict-memory-safety"))
        let mode = entry.arguments.firstIndex(of: "-swift-version").map { entry.arguments[$0 + 1] }
        #expect(mode == "6", "the exercise's own language mode")
    }

    @Test func encodingIsStableAndSortedByFile() throws {
        let other = URL(fileURLWithPath: "/home/learner/exercises/CurrentUserStore.swift")
        let database = CompilationDatabase(entries: [file, other].map { CompilationDatabase.entry(for: $0, compiler: "swiftc", commandLine: line) })
        let reversed = CompilationDatabase(entries: database.entries.reversed())
        #expect(database.encoded() == reversed.encoded())
        let decoded = try JSONDecoder().decode([CompilationDatabase.Entry].self, from: database.encoded())
        #expect(decoded.map(\.file) == [other.path, file.path])
        #expect(String(decoding: database.encoded(), as: UTF8.self).contains("\"/home/learner/exercises/ImageStore.swift\""), "slashes are not escaped")
    }

    @Test func onlyADatabaseCachetutorWroteIsReplaceable() {
        let ours = CompilationDatabase(entries: [CompilationDatabase.entry(for: file, compiler: "swiftc", commandLine: line)]).encoded()
        #expect(CompilationDatabase.isGenerated(ours))
        let cmake = Data(#"[{"directory": "/src", "file": "/src/main.c", "arguments": ["cc", "-c", "main.c"]}]"#.utf8)
        #expect(!CompilationDatabase.isGenerated(cmake))
        let commandStyle = Data(#"[{"directory": "/src", "file": "main.c", "command": "cc -c main.c"}]"#.utf8)
        #expect(!CompilationDatabase.isGenerated(commandStyle))
        let otherFile = Data(#"[{"directory": "/x", "file": "/x/a.swift", "arguments": ["swiftc", "-module-name", "Submission", "/x/b.swift"]}]"#.utf8)
        #expect(!CompilationDatabase.isGenerated(otherFile), "an entry that does not compile its own file")
        #expect(!CompilationDatabase.isGenerated(Data()))
        #expect(!CompilationDatabase.isGenerated(Data("[]".utf8)))
        #expect(!CompilationDatabase.isGenerated(Data("my notes".utf8)))
    }
}
