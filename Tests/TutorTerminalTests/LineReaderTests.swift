import Testing
@testable import TutorTerminal
import TutorTestSupport

@Suite struct LineReaderTests {
    @Test func scriptedReaderReplaysThenEnds() {
        let reader = ScriptedLineReader(results: [.line("next"), .interrupted, .line("quit")])
        #expect(reader.readLine(prompt: "a› ") == .line("next"))
        #expect(reader.readLine(prompt: "b› ") == .interrupted)
        #expect(reader.readLine(prompt: "c› ") == .line("quit"))
        #expect(reader.readLine(prompt: "d› ") == .endOfInput)
        #expect(reader.prompts == ["a› ", "b› ", "c› ", "d› "])
    }
}
