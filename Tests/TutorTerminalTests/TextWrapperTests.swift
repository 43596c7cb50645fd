import Testing
@testable import TutorTerminal

@Suite struct TextWrapperTests {
    @Test func wrapsAtWordBoundaries() {
        let lines = TextWrapper.wrap("a cache keeps what is cheap to lose", width: 12)
        #expect(lines == ["a cache", "keeps what", "is cheap to", "lose"])
        #expect(lines.allSatisfy { TextWrapper.visibleWidth($0) <= 12 })
    }

    @Test(arguments: [20, 40, 80, 120])
    func neverExceedsTheWidth(width: Int) {
        let text = String(repeating: "evictsObjectsWithDiscardedContent is a property of NSCache. ", count: 8)
        for line in TextWrapper.wrap(text, width: width, indent: "  ") {
            #expect(TextWrapper.visibleWidth(line) <= width, "\(line)")
        }
    }

    @Test func splitsAWordLongerThanTheLine() {
        let lines = TextWrapper.wrap("abcdefghijklmnop", width: 5)
        #expect(lines == ["abcde", "fghij", "klmno", "p"])
    }

    @Test func keepsLineBreaksAndBlankLines() {
        #expect(TextWrapper.wrap("one\n\ntwo", width: 40) == ["one", "", "two"])
    }

    @Test func indentsContinuationLines() {
        let lines = TextWrapper.wrap("- one two three four", width: 10, indent: "", continuationIndent: "  ")
        #expect(lines == ["- one two", "  three", "  four"])
    }

    @Test func escapeSequencesTakeNoColumns() {
        let style = TerminalStyle(colorEnabled: true, width: 80)
        let painted = style.paint("cost", .bold, .red)
        #expect(painted != "cost")
        #expect(TextWrapper.visibleWidth(painted) == 4)
        let lines = TextWrapper.wrap("\(painted) \(painted) \(painted)", width: 9)
        #expect(lines.count == 2)
    }

    @Test func wideCharactersTakeTwoColumns() {
        #expect(TextWrapper.visibleWidth("キャッシュ") == 10)
        #expect(TextWrapper.visibleWidth("é") == 1)
        #expect(TextWrapper.visibleWidth("e\u{301}") == 1)
    }

    @Test func padMeasuresVisibleWidth() {
        let style = TerminalStyle(colorEnabled: true, width: 80)
        let padded = TextWrapper.pad(style.paint("ok", .green), to: 5)
        #expect(TextWrapper.visibleWidth(padded) == 5)
    }
}
