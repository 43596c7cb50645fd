import Foundation
import Testing
@testable import TutorGrading

@Suite struct ExtraTestRegistryTests {
    @Test func findsEveryGroupDeclaredOrExtended() {
        let source = """
        // enum Ignored: HiddenTestGroup
        enum CourseRules: HiddenTestGroup {
        public struct MoreRules : HiddenTestGroup, Sendable {
        extension Legacy: HiddenTestGroup {}
        enum NotAGroup { static let tests = 1 }
        """
        #expect(ExtraTestRegistry.groupNames(in: source) == ["CourseRules", "MoreRules", "Legacy"])
    }

    @Test func withoutExtraFilesTheRegistryIsEmpty() throws {
        #expect(try ExtraTestRegistry.source(suite: "ThumbnailCacheTests", extraTests: []).contains("static let groups: [any HiddenTestGroup.Type] = []"))
    }

    @Test func extraFilesWithoutAGroupAreRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("extra-\(UUID().uuidString).swift")
        try Data("func helper() {}\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: GradingError.self) { try ExtraTestRegistry.source(suite: "ThumbnailCacheTests", extraTests: [file]) }
        try Data("enum Rules: HiddenTestGroup { static let tests: [HiddenTest] = [] }\n".utf8).write(to: file)
        #expect(try ExtraTestRegistry.source(suite: "ThumbnailCacheTests", extraTests: [file]).contains("[Rules.self]"))
    }
}
