import Testing
import TutorTerminal

@Suite struct TextLinesTests {
    @Test func crlfAndLFFilesHaveTheSameLines() {
        #expect(TextLines.split("a = 1\r\nb = 2\r\n") == ["a = 1", "b = 2", ""])
        #expect(TextLines.split("a = 1\nb = 2\n") == ["a = 1", "b = 2", ""])
        #expect(TextLines.split("a\r\n\r\nb") == ["a", "", "b"])
    }

    @Test func aLoneCarriageReturnStaysInItsLine() {
        #expect(TextLines.split("a\rb\nc") == ["a\rb", "c"])
        #expect(TextLines.split("") == [""])
    }
}
