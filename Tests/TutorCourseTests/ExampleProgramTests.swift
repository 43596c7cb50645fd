import Testing
import TutorCourse

@Suite struct ExampleProgramTests {
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
        let items = ExampleProgram.items(of: block.lines, firstLine: 11)
        #expect(items.map(\.kind) == [.importLine, .declaration(privateAt: 0), .declaration(privateAt: 0), .statement, .declaration(privateAt: 11), .declaration(privateAt: nil), .declaration(privateAt: nil), .statement])
        #expect(items.map(\.line) == [11, 12, 16, 17, 18, 19, 20, 21])
        #expect(items[1].lines.count == 3)
        #expect(items.last?.lines.count == 2)
        let source = ExampleProgram(lessonFile: "Lessons/05-x.md", imports: ["Foundation"]).source(for: block)
        #expect(source.contains("private final class Loader {"))
        #expect(source.contains("@MainActor private func draw() {}"))
        #expect(source.contains("#sourceLocation(file: \"Lessons/05-x.md\", line: 17)\nloader.load()"))
        #expect(source.contains("private func example10() throws {"))
    }

    @Test func bracesInStringsAndCommentsDoNotCount() {
        let items = ExampleProgram.items(of: ["let a = \"{\" // {", "print(a)"], firstLine: 1)
        #expect(items.count == 2)
    }
}
