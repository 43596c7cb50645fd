import Testing
import TutorTerminal

@Suite struct MessageTextTests {
    @Test func controlCharactersAreSpeltOutNotPassedToTheTerminal() {
        #expect(MessageText.escaped("found '\u{1B}[2Jx'") == "found '\\u{1B}[2Jx'")
        #expect(MessageText.escaped("a\tb\r\nc\0d\u{7F}") == "a\\tb\\r\\nc\\0d\\u{7F}")
        #expect(MessageText.escaped("next\u{85}line\u{2028}") == "next\\u{85}line\\u{2028}")
    }

    @Test func bidirectionalOverridesAreSpeltOut() {
        #expect(MessageText.escaped("admin\u{202E}txt.exe") == "admin\\u{202E}txt.exe")
        #expect(MessageText.escaped("\u{2066}x\u{2069}") == "\\u{2066}x\\u{2069}")
    }

    @Test func ordinaryTextIsLeftAlone() {
        let text = "Quizzes/05-eviction.gift:12:3: answer text 'café 東京 \\{' has no marker"
        #expect(MessageText.escaped(text) == text)
        #expect(MessageText.excerpt("short") == "short")
    }

    @Test func anExcerptKeepsTheStartOfAHugeLine() {
        let line = String(repeating: "x", count: 100_000)
        #expect(MessageText.excerpt(line) == String(repeating: "x", count: 60) + "…")
        #expect(MessageText.excerpt("\u{1B}\u{1B}\u{1B}", limit: 12) == "\\u{1B}\\u{1B}…")
        // Found by the fuzzer: the limit counted the input, so 60 control bytes made 360 characters.
        #expect(MessageText.excerpt(String(repeating: "\u{10}", count: 500)).count <= 61)
    }
}

/// Every diagnostic goes through the console, which spells control characters out once
/// for all of them.
@Suite struct ConsoleDiagnosticTests {
    @Test func anErrorCannotRepaintTheTerminalOrBreakItsLine() {
        let (console, output) = Console.capture()
        console.error("--jobs needs a positive whole number, not '\u{1B}[2J\nfake: all passed'")
        #expect(output.err == "cachetutor: --jobs needs a positive whole number, not '\\u{1B}[2J\\nfake: all passed'\n")
    }

    @Test func aWarningIsSpeltOutTooAndAnEscapedOneStaysAsItIs() {
        let (console, output) = Console.capture()
        console.warning("file 'a\u{202E}b.swift'")
        console.warning(MessageText.escaped("file 'a\u{202E}b.swift'"))
        #expect(output.err == String(repeating: "cachetutor: warning: file 'a\\u{202E}b.swift'\n", count: 2))
    }
}
