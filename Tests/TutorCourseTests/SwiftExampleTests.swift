import Testing
@testable import TutorCourse

@Suite struct SwiftExampleTests {
    @Test func declarationsStayAtFileScopeAndBecomePrivate() {
        let block = CodeBlock(language: "swift", compiles: true, lines: [
            "import Foundation",
            "final class Loader {",
            "    func load() {}",
            "}",
            "",
            "let loader = Loader()",
            "loader.load()",
            "@MainActor func draw() {}",
            "extension Loader: CustomStringConvertible { var description: String { \"l\" } }",
            "public struct Open {}",
            "[1, 2]",
            "    .map { $0 }",
        ], line: 10)
        let items = SwiftExample.items(of: block.lines, firstLine: 11)
        #expect(items.map(\.kind) == [
            .importLine, .declaration(privateAt: 0, name: "Loader"), .declaration(privateAt: 0, name: "loader"), .statement,
            .declaration(privateAt: 11, name: "draw"), .declaration(privateAt: nil, name: nil), .declaration(privateAt: nil, name: "Open"), .statement,
        ])
        #expect(items.map(\.line) == [11, 12, 16, 17, 18, 19, 20, 21])
        #expect(items[1].lines.count == 3)
        #expect(items.last?.lines.count == 2)
        let source = SwiftExample(lessonFile: "Lessons/05-x.md", imports: ["Foundation"]).source(for: block, privatizing: ["Loader", "draw"])
        #expect(source.contains("private final class Loader {"))
        #expect(source.contains("@MainActor private func draw() {}"))
        #expect(source.contains("#sourceLocation(file: \"Lessons/05-x.md\", line: 16)\nlet loader = Loader()"))
        #expect(source.contains("#sourceLocation(file: \"Lessons/05-x.md\", line: 17)\nloader.load()"))
        #expect(source.contains("private func example10() throws {"))
    }

    @Test func bracesInStringsAndCommentsDoNotCount() {
        let items = SwiftExample.items(of: ["let a = \"{\" // {", "print(a)"], firstLine: 1)
        #expect(items.count == 2)
    }

    @Test func onlyNamesDeclaredTwiceBecomePrivate() {
        let first = CodeBlock(language: "swift", compiles: true, lines: ["final class Key {}", "let cache = 1"], line: 1)
        let second = CodeBlock(language: "swift", compiles: true, lines: ["let cache = Key()"], line: 5)
        let files = SwiftExample(lessonFile: "L.md", imports: []).files(for: [first, second])
        #expect(files.map(\.name) == ["Example1.swift", "Example5.swift"])
        #expect(files[0].text.contains("\nfinal class Key {}"))
        #expect(files[0].text.contains("\nprivate let cache = 1"))
        #expect(files[1].text.contains("\nprivate let cache = Key()"))
    }
}
