import Testing
@testable import TutorTerminal

@Suite struct CompilerTextTests {
    /// Found by the fuzzer: a caret line longer than its source line (the compiler counts
    /// columns in bytes) made the narrow-terminal window start past the line's end.
    @Test func aCaretPastTheEndOfTheSourceLineDoesNotCrash() {
        let message = "File.swift:12:5: error: cannot find 'x' in scope\n        cts: init(generator:)\n" + String(repeating: " ", count: 34) + "^\n"
        let lines = CompilerText.lines(message, width: 12)
        #expect(lines.contains { $0.contains("cts:") || $0.contains("…") })
    }

    @Test func aCaretUnderMultiByteTextKeepsTheWholeWindow() {
        let source = "let s = \"" + String(repeating: "東", count: 40) + "\"; x"
        let caret = String(repeating: " ", count: source.utf8.count - 1) + "^"
        let lines = CompilerText.sourceWithCaret(source, caret, room: 30)
        #expect(lines.count == 2)
        #expect(lines[0].count <= 30)
    }
}
