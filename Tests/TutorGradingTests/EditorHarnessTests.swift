import Foundation
import Testing
@testable import TutorGrading

/// The editor's link to an exercise's harness: one name per exercise and course, moved in
/// one step to whichever harness was prepared last.
@Suite struct EditorHarnessTests {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("editor-harness-\(UUID().uuidString)")

    func exercise(_ name: String, course: String) -> ExerciseDefinition {
        ExerciseDefinition(name: name, directory: URL(fileURLWithPath: "/\(course)/Exercises/\(name)"),
                           manifest: ExerciseManifest(title: name, order: 1, lessons: [], initializer: "\(name)()"))
    }

    func harness(_ folder: String) throws -> Harness {
        let directory = cache.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("typealias NSCache = CacheEngine.Cache\n".utf8).write(to: directory.appendingPathComponent("Adapter.swift"))
        return Harness(directory: directory, runnerDirectory: directory, tests: [], sandboxPaths: SandboxPaths(libraries: []), auditor: directory.appendingPathComponent("audit"))
    }

    @Test func theLinkFollowsTheLatestHarness() throws {
        defer { try? FileManager.default.removeItem(at: cache) }
        let editor = EditorHarness(cacheRoot: cache, exercise: exercise("ThumbnailCache", course: "course"))
        #expect(!editor.isLinked && !editor.isReady)
        try editor.link(to: try harness("harness-ThumbnailCache-old"))
        #expect(editor.isLinked && editor.isReady)
        try editor.link(to: try harness("harness-ThumbnailCache-new"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: editor.folder.path) == cache.appendingPathComponent("harness-ThumbnailCache-new").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: editor.folder.deletingLastPathComponent().path) == [editor.folder.lastPathComponent],
                "no staging link is left behind")
        try FileManager.default.removeItem(at: cache.appendingPathComponent("harness-ThumbnailCache-new"))
        #expect(editor.isLinked && !editor.isReady, "a pruned harness leaves a link that check points again")
    }

    @Test func eachCourseHasItsOwnLink() {
        let first = EditorHarness(cacheRoot: cache, exercise: exercise("ThumbnailCache", course: "one"))
        let second = EditorHarness(cacheRoot: cache, exercise: exercise("ThumbnailCache", course: "two"))
        #expect(first.folder != second.folder)
        #expect(first.folder == EditorHarness(cacheRoot: cache, exercise: exercise("ThumbnailCache", course: "one")).folder)
        #expect(first.folder.lastPathComponent.hasPrefix("ThumbnailCache-"))
        #expect(first.moduleCache == second.moduleCache)
        #expect(first.prelude == first.folder.appendingPathComponent("Adapter.swift"))
    }
}
