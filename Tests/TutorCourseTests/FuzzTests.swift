import CacheEngine
import Testing
@testable import TutorCourse
import TutorTerminal

/// Random documents built from the pieces lessons are made of: the parsers and the
/// renderer must never crash, and every error must point inside the file.
@Suite struct FuzzTests {
    static let pieces = [
        "# Title", ":::goal", ":::page A page", ":::try Do it", ":::hint", ":::", ":::quiz q", ":::exercise E",
        ":::tryit", ":::page", "setup: set a 1", "expect: evicted a by cost", "expect: count <= 2", "expect: bogus",
        "hint: look", "key: value", "", "  ", "text with *emphasis* and `code`", "**strong", "_under_score_",
        "```swift compile", "```", "~~~", "- item", "  - nested", "1. one", "10) ten", "> quote", "| a | b |",
        "|---|:-:|", "| 1 |", "---", "## Heading", "    indented code?", "\\*escaped\\*", "`unclosed", "#\"raw\"#",
        "let s = \"\\(x) \\\"q\\\"\" /* open", "*/ done", "\"\"\"", "\t tab", "ünïcödé 漢字 🙂", "\r",
    ]

    @Test func parserAndRendererSurviveRandomDocuments() {
        var generator = SplitMix64(seed: 2026)
        for _ in 0..<400 {
            let count = Int.random(in: 0..<40, using: &generator)
            let lines = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }
            let text = lines.joined(separator: "\n")
            let (lesson, errors) = LessonParser.check(text, file: "Lessons/01-fuzz.md")
            let lineCount = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1
            for error in errors {
                if let line = error.line { #expect((1...lineCount).contains(line), "\(error.message) in:\n\(text)") }
            }
            let renderer = MarkdownRenderer(style: TerminalStyle(colorEnabled: Bool.random(using: &generator), width: Int.random(in: 20...100, using: &generator)))
            let rendered = renderer.render(markdown: text)
            #expect(rendered.allSatisfy { TextWrapper.visibleWidth($0) <= renderer.style.width }, "\(text)")
            if let lesson {
                for index in lesson.pages.indices { _ = renderer.render(page: index, of: lesson) }
            }
        }
    }

    @Test func highlighterGivesBackEveryLine() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("ab1 _\"\\()#`/*@$.\t<>{}x9\u{1F642}")
        for _ in 0..<2000 {
            let line = String((0..<Int.random(in: 0..<24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            var highlighter = SwiftHighlighter()
            #expect(highlighter.tokens(in: line).map(\.text).joined() == line, "\(line.debugDescription)")
            _ = highlighter.tokens(in: line)
        }
    }

    @Test func inlineMarkupKeepsEveryWord() {
        var generator = SplitMix64(seed: 11)
        let words = ["a", "*", "**", "_", "`", "``", "\\", "b*", "*c", "d_e", " "]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined()
            let letters = InlineMarkup.spans(text).map(\.text).joined().filter { $0.isLetter }
            #expect(letters == text.filter { $0.isLetter }, "\(text.debugDescription)")
        }
    }
}
