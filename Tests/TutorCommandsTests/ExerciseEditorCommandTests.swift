import Foundation
import Testing
@testable import TutorCommands
import TutorCourse
import TutorGrading
import TutorTerminal

/// `exercises start` and `exercises editor` writing the folder's compilation database, and
/// every way they refuse, on a course whose exercises have no hidden tests to build.
@Suite struct ExerciseEditorCommandTests {
    let course: URL
    let work: URL
    let cache: URL

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-editor-\(UUID().uuidString)")
        course = base.appendingPathComponent("course")
        // A folder URL, as the process's working directory is, so relative paths resolve inside it.
        work = base.appendingPathComponent("work", isDirectory: true)
        cache = base.appendingPathComponent("cache")
        for name in ["ThumbnailCache", "ImageStore"] {
            let folder = course.appendingPathComponent("Exercises/\(name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "# \(name)\n\nBuild it.\n".write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
            try "final class \(name) {}\n".write(to: folder.appendingPathComponent("\(name).swift"), atomically: true, encoding: .utf8)
            let mode = name == "ImageStore" ? "swift_language_mode = 6\n" : ""
            try "title = \"\(name)\"\norder = 1\nlessons = [\"03-count-limits\"]\ninitializer = \"\(name)()\"\n\(mode)"
                .write(to: folder.appendingPathComponent("exercise.toml"), atomically: true, encoding: .utf8)
        }
        for folder in ["Lessons", "Quizzes"] {
            try FileManager.default.createDirectory(at: course.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    var database: URL { work.appendingPathComponent("exercises/compile_commands.json") }

    func run(_ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let (console, output) = Console.capture()
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_CACHE_HOME": cache.path, "CACHETUTOR_HOME": work.appendingPathComponent("home").path, "CACHETUTOR_PREBUILD": "0",
        ]
        let context = CommandContext(console: console, environment: environment, workingDirectory: work)
        return (Cachetutor.main(arguments + ["--course", course.path], context: context), output)
    }

    func write(_ text: String, to relative: String) throws {
        let url = work.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func startWritesEveryExerciseFileInTheDatabase() throws {
        #expect(run(["exercises", "start", "ThumbnailCache"]).0 == .success)
        let (code, output) = run(["exercises", "start", "ImageStore"])
        #expect(code == .success)
        #expect(output.out.contains("cachetutor exercises editor"), "the tests are not built, so it says how to finish: \(output.out)")
        let entries = try JSONDecoder().decode([CompilationDatabase.Entry].self, from: Data(contentsOf: database))
        #expect(entries.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["ImageStore.swift", "ThumbnailCache.swift"])
        let modes = entries.map { entry in entry.arguments.firstIndex(of: "-swift-version").map { entry.arguments[$0 + 1] } }
        #expect(modes == ["6", "5"], "each exercise's own language mode")
        #expect(entries.allSatisfy { $0.arguments.contains { $0.hasPrefix(cache.appendingPathComponent("cachetutor/editor/").path) } },
                "the modules come through the editor's link in the cache")
    }

    @Test func startKeepsADatabaseItDidNotWrite() throws {
        let foreign = #"[{"directory": "/src", "file": "/src/main.c", "arguments": ["cc", "-c", "main.c"]}]"#
        try write(foreign, to: "exercises/compile_commands.json")
        let (code, output) = run(["exercises", "start", "ThumbnailCache"])
        #expect(code == .success, "the starter is there; only the editor's part was refused")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("exercises/ThumbnailCache.swift").path))
        #expect(output.err.contains("exercises/compile_commands.json already exists and was not written by cachetutor"), "\(output.err)")
        #expect(try String(contentsOf: database, encoding: .utf8) == foreign)
    }

    @Test func editorLeavesADatabaseItDidNotWriteBeforeBuildingAnything() throws {
        try write("final class ThumbnailCache {}\n", to: "exercises/ThumbnailCache.swift")
        try write("notes\n", to: "exercises/compile_commands.json")
        let (code, output) = run(["exercises", "editor"])
        // This course has no hidden tests: had it tried to build them, it would have failed otherwise.
        #expect(code == .usage, "\(output.err)")
        #expect(output.err.contains("exercises/compile_commands.json already exists and was not written by cachetutor, so it was left as it is"))
        #expect(output.err.split(separator: "\n").count == 1)
        #expect(try String(contentsOf: database, encoding: .utf8) == "notes\n")
    }

    @Test func editorNeedsTheFolder() {
        let (code, output) = run(["exercises", "editor"])
        #expect(code == .noInput)
        #expect(output.err.contains("exercises: no such folder; start an exercise first ('cachetutor exercises start NAME')"), "\(output.err)")
        let (named, elsewhere) = run(["exercises", "editor", "mine"])
        #expect(named == .noInput)
        #expect(elsewhere.err.contains("mine: no such folder"))
    }

    @Test func editorNeedsAnExerciseFileInIt() throws {
        try write("let notes = 1\n", to: "exercises/notes.swift")
        let (code, output) = run(["exercises", "editor"])
        #expect(code == .noInput)
        #expect(output.err.contains("exercises: holds no exercise file (ImageStore.swift, ThumbnailCache.swift); start one with 'cachetutor exercises start NAME'"), "\(output.err)")
        #expect(!FileManager.default.fileExists(atPath: database.path))
    }

    @Test func aFileIsMatchedByTheTypeItDeclares() throws {
        try write("final class ThumbnailCache {}\n", to: "exercises/mine.swift")
        try write("let notes = 1\n", to: "exercises/notes.swift")
        let setup = EditorSetup(folder: work.appendingPathComponent("exercises"), catalog: try ExerciseCatalog(folder: course.appendingPathComponent("Exercises")),
                                course: try CourseLocator.locate(option: course.path, environment: [:], workingDirectory: work),
                                environment: [:], workingDirectory: work)
        let (files, others) = try setup.exerciseFiles()
        #expect(files.map(\.exercise.name) == ["ThumbnailCache"])
        #expect(files.map(\.file.lastPathComponent) == ["mine.swift"])
        #expect(others.map(\.lastPathComponent) == ["notes.swift"])
    }

    @Test func startSaysWhatTheEditorSeesOnceAndOnlyWhatIsTrue() {
        #expect(ExercisesCommand.startNote(editor: .linked, building: false)?.hasPrefix("Now your editor's Swift language server (sourcekit-lsp) compiles it as check does") == true)
        #expect(ExercisesCommand.startNote(editor: .written, building: true)?.contains("being built in the background") == true)
        #expect(ExercisesCommand.startNote(editor: .written, building: true)?.contains("then your editor's") == true)
        #expect(ExercisesCommand.startNote(editor: .written, building: false)?.hasPrefix("Run 'cachetutor exercises editor'") == true)
        #expect(ExercisesCommand.startNote(editor: .refused("x"), building: true)?.contains("sourcekit-lsp") == false, "the warning already said why the editor was not set up")
        #expect(ExercisesCommand.startNote(editor: .refused("x"), building: false) == nil)
    }

    @Test func namesAreListedAsASentence() {
        #expect(ExerciseEditorCommand.listed(["a.swift"]) == "a.swift")
        #expect(ExerciseEditorCommand.listed(["a.swift", "b.swift"]) == "a.swift and b.swift")
        #expect(ExerciseEditorCommand.listed(["a.swift", "b.swift", "c.swift"]) == "a.swift, b.swift and c.swift")
    }
}
