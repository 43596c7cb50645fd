import Foundation
import Testing
@testable import TutorCommands
import TutorTerminal
import TutorTestSupport

@Suite struct ExercisesCommandTests {
    let course: URL
    let work: URL

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-exercises-\(UUID().uuidString)")
        course = base.appendingPathComponent("course")
        work = base.appendingPathComponent("work")
        for folder in ["Lessons", "Quizzes", "Exercises/ThumbnailCache", "Exercises/ProfileStore", "Exercises/notes-only"] {
            try FileManager.default.createDirectory(at: course.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try "# ThumbnailCache\n\nCache thumbnails\nin front of a generator.\n\n## More\n\nDetails.\n"
            .write(to: course.appendingPathComponent("Exercises/ThumbnailCache/README.md"), atomically: true, encoding: .utf8)
        try "final class ThumbnailCache {}\n"
            .write(to: course.appendingPathComponent("Exercises/ThumbnailCache/ThumbnailCache.swift"), atomically: true, encoding: .utf8)
        try "# ProfileStore\n\nKeep fifty profiles.\n"
            .write(to: course.appendingPathComponent("Exercises/ProfileStore/README.md"), atomically: true, encoding: .utf8)
        for (name, order) in [("ThumbnailCache", 2), ("ProfileStore", 1)] {
            try "title = \"\(name)\"\norder = \(order)\nlessons = [\"03-count-limits\"]\ninitializer = \"\(name)()\"\n"
                .write(to: course.appendingPathComponent("Exercises/\(name)/exercise.toml"), atomically: true, encoding: .utf8)
        }
        try "# Notes\n\nNot an exercise: no exercise.toml.\n"
            .write(to: course.appendingPathComponent("Exercises/notes-only/README.md"), atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let (console, output) = Console.capture()
        let context = CommandContext(console: console, environment: [:], workingDirectory: work)
        return (Cachetutor.main(arguments + ["--course", course.path], context: context), output)
    }

    @Test func listsExercisesWithTheirFirstParagraph() throws {
        let (code, output) = run(["exercises"])
        #expect(code == .success)
        #expect(output.out.contains("ThumbnailCache"))
        #expect(output.out.contains("Cache thumbnails in front of a generator."))
        #expect(output.out.contains("Keep fifty profiles."))
        #expect(!output.out.contains("Details."))
        #expect(!output.out.contains("notes-only"), "a folder without an exercise.toml is not an exercise")
        #expect(output.out.contains("not started"))
        let profile = try #require(output.out.range(of: "ProfileStore"))
        let thumbnail = try #require(output.out.range(of: "ThumbnailCache"))
        #expect(profile.lowerBound < thumbnail.lowerBound, "exercises are listed in their course order")
    }

    @Test func startCopiesTheStarter() throws {
        let (code, output) = run(["exercises", "start", "ThumbnailCache"])
        #expect(code == .success)
        #expect(output.out.contains("cachetutor check exercises/ThumbnailCache.swift"))
        let copied = try String(contentsOf: work.appendingPathComponent("exercises/ThumbnailCache.swift"), encoding: .utf8)
        #expect(copied == "final class ThumbnailCache {}\n")
    }

    @Test func startNeverOverwritesExistingWork() throws {
        let destination = work.appendingPathComponent("exercises/ThumbnailCache.swift")
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "// my work\n".write(to: destination, atomically: true, encoding: .utf8)
        let (code, output) = run(["exercises", "start", "ThumbnailCache"])
        #expect(code == .usage)
        #expect(output.err.contains("exercises/ThumbnailCache.swift already exists"))
        #expect(try String(contentsOf: destination, encoding: .utf8) == "// my work\n")
    }

    @Test func misspelledNameGetsASuggestion() {
        let (code, output) = run(["exercises", "start", "ThumbnailCahce"])
        #expect(code == .usage)
        #expect(output.err.contains("did you mean 'ThumbnailCache'?"))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("exercises").path))
    }

    @Test func unrelatedNameListsTheExercises() {
        let (code, output) = run(["exercises", "start", "Zebra"])
        #expect(code == .usage)
        #expect(output.err.contains("the exercises are: ProfileStore, ThumbnailCache"))
    }

    @Test func caseDifferencesAreForgiven() {
        let (code, _) = run(["exercises", "start", "thumbnailcache"])
        #expect(code == .success)
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("exercises/ThumbnailCache.swift").path))
    }

    @Test func missingStarterIsReported() {
        let (code, output) = run(["exercises", "start", "ProfileStore"])
        #expect(code == .noInput)
        #expect(output.err.contains("ProfileStore.swift: missing"))
    }

    @Test func hintsAreShownByPoint() throws {
        try "# Hints\n\n1. Start small.\n2. Then grow.\n".write(to: course.appendingPathComponent("Exercises/ThumbnailCache/hints.md"), atomically: true, encoding: .utf8)
        let (code, output) = run(["exercises", "hint", "ThumbnailCache", "2"])
        #expect(code == .success)
        #expect(output.out.contains("Hint for contract point 2"))
        #expect(output.out.contains("Then grow."))
        #expect(!output.out.contains("Start small."))
        let (missing, error) = run(["exercises", "hint", "ThumbnailCache", "7"])
        #expect(missing == .usage)
        #expect(error.err.contains("ThumbnailCache has no hint for point '7'; its hints are for points 1, 2"))
    }

    @Test func aBrokenManifestIsNamedWithItsLine() throws {
        try "title = \"T\"\norder = soon\n".write(to: course.appendingPathComponent("Exercises/ProfileStore/exercise.toml"), atomically: true, encoding: .utf8)
        let (code, output) = run(["exercises"])
        #expect(code == .dataError)
        #expect(output.err.contains("Exercises/ProfileStore/exercise.toml:2: 'order' has a value that is not"))
    }

    @Test func firstParagraphSkipsHeadingsAndJoinsLines() {
        #expect(ExerciseCatalog.firstParagraph(of: "# T\n\n## Sub\none\ntwo\n\nthree") == "one two")
        #expect(ExerciseCatalog.firstParagraph(of: "") == "")
    }

    /// Swift takes "\r\n" for one Character, so splitting on "\n" left a Windows-saved README
    /// one line long, and its summary was the whole file.
    @Test func firstParagraphOfACRLFReadmeIsItsFirstParagraph() {
        #expect(ExerciseCatalog.firstParagraph(of: "# T\r\n\r\none\r\ntwo\r\n\r\nthree\r\n") == "one two")
    }

    @Test func aCRLFSourceDeclaresItsType() {
        #expect(ExerciseSelection.declares("import Foundation\r\nfinal class ThumbnailCache\r\n{\r\n}\r\n", type: "ThumbnailCache"))
    }

    @Test func theRealCourseListsThumbnailCache() throws {
        let catalog = try ExerciseCatalog(folder: PackageRoot.appending("Exercises"))
        let exercise = try catalog.exercise(named: "ThumbnailCache")
        #expect(exercise.summary.contains("NSCache"))
        #expect(FileManager.default.fileExists(atPath: exercise.starter.path))
    }
}

@Suite struct ExerciseSelectionTests {
    let catalog: ExerciseCatalog

    init() throws {
        catalog = try ExerciseCatalog(folder: PackageRoot.appending("Exercises"))
    }

    @Test func theOptionThenTheFileNameThenTheDeclaredType() throws {
        #expect(try ExerciseSelection.choose(option: "thumbnailcache", fileName: "x.swift", source: "", in: catalog).name == "ThumbnailCache")
        #expect(try ExerciseSelection.choose(option: nil, fileName: "ThumbnailCache.swift", source: "", in: catalog).name == "ThumbnailCache")
        #expect(try ExerciseSelection.choose(option: nil, fileName: "07-bug.swift", source: "import Foundation\nfinal class ThumbnailCache: NSObject {\n}\n", in: catalog).name == "ThumbnailCache")
    }

    @Test func aFileThatSaysNothingIsAUsageErrorNamingTheWayOut() {
        #expect(throws: ExerciseSelectionError.self) {
            try ExerciseSelection.choose(option: nil, fileName: "mine.swift", source: "final class Thumbs {}\n", in: catalog)
        }
        let error = ExerciseSelectionError(file: "mine.swift", known: ["A", "B"], candidates: [])
        #expect(error.message == "mine.swift: cannot tell which exercise this is for: its name and its types match no exercise (A, B); name the file after the exercise (A.swift) or pass --exercise NAME")
        #expect(error.exitCode == .usage)
    }

    @Test func declarationsAreWholeWords() {
        #expect(ExerciseSelection.declares("struct ProfileStore<T> {}", type: "ProfileStore"))
        #expect(!ExerciseSelection.declares("final class ProfileStoreTests {}", type: "ProfileStore"))
        #expect(!ExerciseSelection.declares("let x = ProfileStore()", type: "ProfileStore"))
    }
}
