import Foundation
import Testing
@testable import TutorGradebook

@Suite struct SubmissionDiscoveryTests {
    let root = URL(fileURLWithPath: "/class")
    let discovery = SubmissionDiscovery(exercise: "ThumbnailCache")

    @Test func findsOneFilePerStudent() {
        let found = discovery.discover([.file("bob.swift"), .file("alice.swift")], in: root)
        #expect(found.submissions.map(\.student) == ["alice", "bob"])
        #expect(found.submissions[0].relativePath == "alice.swift")
        #expect(found.submissions[0].file.path == "/class/alice.swift")
        #expect(found.skipped.isEmpty)
    }

    @Test func findsTheExerciseFileInAStudentFolder() {
        let found = discovery.discover([
            .folder("alice", [.file("ThumbnailCache.swift"), .file("Helpers.swift"), .file("README.md")]),
            .folder("bob", [.folder("Sources", [.file("thumbnailcache.swift")]), .folder(".git", [.file("x.swift")])]),
            .folder("carol", [.file("Solution.swift"), .file("notes.txt")]),
        ], in: root)
        #expect(found.submissions.map(\.relativePath) == ["alice/ThumbnailCache.swift", "bob/Sources/thumbnailcache.swift", "carol/Solution.swift"])
        #expect(found.skipped.isEmpty)
    }

    @Test func skipsEverythingElseWithAReason() {
        let found = discovery.discover([
            .file("notes.txt"),
            .file("erin.swift", size: 0, content: .empty),
            .file("gus.swift", content: .binary),
            .file("huge.swift", size: 300 * 1024, content: .unread),
            .folder("frank", [.file("A.swift"), .file("B.swift")]),
            .folder("ivy", [.file("readme.md")]),
            .file(".DS_Store"),
            ClassFolderItem(name: "link.swift", kind: .other),
        ], in: root)
        #expect(found.submissions.isEmpty)
        let reasons = Dictionary(uniqueKeysWithValues: found.skipped.map { ($0.path, $0.reason) })
        #expect(reasons["notes.txt"] == .notSwift)
        #expect(reasons["erin.swift"] == .empty)
        #expect(reasons["gus.swift"] == .binary)
        #expect(reasons["huge.swift"] == .tooLarge(size: 300 * 1024, limit: 256 * 1024))
        #expect(reasons["frank/"] == .severalCandidates(["frank/A.swift", "frank/B.swift"]))
        #expect(reasons["ivy/"] == .noSwiftFile)
        #expect(reasons[".DS_Store"] == .hidden)
        #expect(reasons["link.swift"] == .notRegularFile)
        #expect(found.skipped.count == 8)
        #expect(found.skipped.first { $0.path == "erin.swift" }?.student == "erin")
        #expect(found.skipped.first { $0.path == "notes.txt" }?.student == nil)
    }

    @Test func neverGuessesBetweenTwoSubmissionsOfOneStudent() {
        let found = discovery.discover([.file("alice.swift"), .folder("alice", [.file("ThumbnailCache.swift")]), .file("bob.swift")], in: root)
        #expect(found.submissions.map(\.student) == ["bob"])
        #expect(found.skipped.map(\.path) == ["alice.swift", "alice/ThumbnailCache.swift"])
        #expect(found.skipped.allSatisfy { $0.reason == .severalCandidates(["alice.swift", "alice/ThumbnailCache.swift"]) })
    }

    @Test func twoExerciseFilesInOneFolderAreSeveralCandidates() {
        let found = discovery.discover([.folder("alice", [.file("ThumbnailCache.swift"), .folder("old", [.file("ThumbnailCache.swift")])])], in: root)
        #expect(found.submissions.isEmpty)
        #expect(found.skipped.first?.reason == .severalCandidates(["alice/ThumbnailCache.swift", "alice/old/ThumbnailCache.swift"]))
    }

    @Test func reasonsReadAsWords() {
        #expect(SkipReason.tooLarge(size: 300 * 1024, limit: 256 * 1024).description == "too large (300 KiB; the limit is 256 KiB)")
        #expect(SkipReason.severalCandidates(["a.swift", "b.swift"]).description == "2 candidate files: a.swift, b.swift")
    }
}

@Suite struct ClassFolderScannerTests {
    @Test func readsTheDiskWithoutFollowingLinks() throws {
        let root = try temporaryFolder("scan")
        defer { try? FileManager.default.removeItem(at: root) }
        try write(["alice.swift": "let x = 1\n", "bob/ThumbnailCache.swift": "class A {}\n", "erin.swift": "\n\n", "notes.txt": "hi"], under: root)
        try Data([0x63, 0x00, 0x64]).write(to: root.appendingPathComponent("gus.swift"))
        try Data([0xC3, 0x28]).write(to: root.appendingPathComponent("hal.swift"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("ivy.swift").path, withDestinationPath: "/etc/hostname")
        let items = try ClassFolderScanner().scan(root)
        #expect(items.map(\.name) == ["alice.swift", "bob", "erin.swift", "gus.swift", "hal.swift", "ivy.swift", "notes.txt"])
        let kinds = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.kind) })
        #expect(kinds["alice.swift"] == .file(FileFacts(size: 10, content: .text)))
        #expect(kinds["erin.swift"] == .file(FileFacts(size: 2, content: .empty)))
        #expect(kinds["gus.swift"] == .file(FileFacts(size: 3, content: .binary)))
        #expect(kinds["hal.swift"] == .file(FileFacts(size: 2, content: .binary)))
        #expect(kinds["ivy.swift"] == .other)
        #expect(kinds["notes.txt"] == .file(FileFacts(size: 2, content: .unread)))
        let found = SubmissionDiscovery(exercise: "ThumbnailCache").discover(items, in: root)
        #expect(found.submissions.map(\.student) == ["alice", "bob"])
    }

    @Test func aMissingFolderIsNamed() {
        #expect(throws: GradebookError.folderMissing("/no/such/class")) { try ClassFolderScanner().scan(URL(fileURLWithPath: "/no/such/class")) }
    }
}
