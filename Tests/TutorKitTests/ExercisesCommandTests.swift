import Foundation
import Testing
import TutorTerminal
@testable import TutorKit

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

    @Test func firstParagraphSkipsHeadingsAndJoinsLines() {
        #expect(ExerciseCatalog.firstParagraph(of: "# T\n\n## Sub\none\ntwo\n\nthree") == "one two")
        #expect(ExerciseCatalog.firstParagraph(of: "") == "")
    }

    @Test func theRealCourseListsThumbnailCache() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = try ExerciseCatalog(folder: root.appendingPathComponent("Exercises"))
        let exercise = try catalog.exercise(named: "ThumbnailCache")
        #expect(exercise.summary.contains("NSCache"))
        #expect(FileManager.default.fileExists(atPath: exercise.starter.path))
    }
}
