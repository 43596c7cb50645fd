import Testing
import TutorCourse

@Suite struct MarkdownParserTests {
    @Test func headingsParagraphsAndRules() {
        #expect(MarkdownParser.parse("## Keys ##\nOne line\nand the next.\n\n---\n#NotAHeading") == [
            .heading(level: 2, text: "Keys"),
            .paragraph("One line and the next."),
            .rule,
            .paragraph("#NotAHeading"),
        ])
    }

    @Test func bulletedListWithContinuationAndNesting() {
        let text = """
        - first item
          continues here
        - second
          - nested a
          - nested b
        * other marker starts a new item
        """
        #expect(MarkdownParser.parse(text) == [
            .list(ordered: false, start: 1, items: [
                [.paragraph("first item continues here")],
                [.paragraph("second"), .list(ordered: false, start: 1, items: [[.paragraph("nested a")], [.paragraph("nested b")]])],
                [.paragraph("other marker starts a new item")],
            ]),
        ])
    }

    @Test func numberedListKeepsItsStartAndLooseItems() {
        #expect(MarkdownParser.parse("3. three\n\n4. four\nlazy line\n\nAfter.") == [
            .list(ordered: true, start: 3, items: [[.paragraph("three")], [.paragraph("four lazy line")]]),
            .paragraph("After."),
        ])
    }

    @Test func emphasisIsNotAListMarker() {
        #expect(MarkdownParser.parse("**Strong** start\n*emphasis* start") == [.paragraph("**Strong** start *emphasis* start")])
    }

    @Test func quotesHoldBlocks() {
        #expect(MarkdownParser.parse("> A quote\n> - with a list\n\nText") == [
            .quote([.paragraph("A quote"), .list(ordered: false, start: 1, items: [[.paragraph("with a list")]])]),
            .paragraph("Text"),
        ])
    }

    @Test func tables() {
        let text = """
        | limit | default | meaning |
        |---|:---:|--:|
        | `countLimit` | 0 | no \\| limit |
        | `a|b` | 1 |
        """
        #expect(MarkdownParser.parse(text) == [
            .table(MarkdownTable(
                header: ["limit", "default", "meaning"],
                alignments: [.left, .center, .right],
                rows: [["`countLimit`", "0", "no | limit"], ["`a|b`", "1", ""]]
            )),
        ])
    }

    @Test func fencedCodeKeepsLinesAndInfo() {
        let text = "Before\n```swift compile\nlet a = 1\n\n  indented\n```\n~~~\n```\n~~~\nAfter"
        #expect(MarkdownParser.parse(text, firstLine: 10) == [
            .paragraph("Before"),
            .code(CodeBlock(language: "swift", compiles: true, lines: ["let a = 1", "", "  indented"], line: 11)),
            .code(CodeBlock(language: nil, compiles: false, lines: ["```"], line: 16)),
            .paragraph("After"),
        ])
    }

    @Test func codeInsideAListItem() {
        let text = "- item\n\n  ```swift\n  let x = 1\n  ```\n- next"
        #expect(MarkdownParser.parse(text) == [
            .list(ordered: false, start: 1, items: [
                [.paragraph("item"), .code(CodeBlock(language: "swift", compiles: false, lines: ["let x = 1"], line: 3))],
                [.paragraph("next")],
            ]),
        ])
    }
}
