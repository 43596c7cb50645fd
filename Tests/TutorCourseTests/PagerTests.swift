import Testing
import TutorCourse

@Suite struct PagerTests {
    @Test func shortPagesAreOneScreen() {
        #expect(Pager(height: 24).screens(lineCount: 23) == [0..<23])
        #expect(Pager(height: 24).screens(lineCount: 0) == [0..<0])
    }

    @Test func longPagesSplitLeavingARowForThePrompt() {
        #expect(Pager(height: 24).screens(lineCount: 50) == [0..<23, 23..<46, 46..<50])
        #expect(Pager(height: 10).screens(lineCount: 18) == [0..<9, 9..<18])
    }

    @Test func screensEndAtABlankLineNearTheirEnd() {
        var lines = (0..<30).map { "line \($0)" }
        lines[20] = ""
        lines[5] = ""
        let screens = Pager(height: 24).screens(for: lines)
        // Line 20 is blank and in the last quarter of the first screen: break there, and skip it.
        #expect(screens == [0..<20, 21..<30])
    }

    @Test func blankLinesEarlyInAScreenDoNotShortenIt() {
        var lines = (0..<30).map { "line \($0)" }
        lines[3] = ""
        #expect(Pager(height: 24).screens(for: lines) == [0..<23, 23..<30])
    }

    @Test func tinyTerminalsStillMakeProgress() {
        let screens = Pager(height: 1).screens(lineCount: 5)
        #expect(screens == [0..<2, 2..<4, 4..<5])
    }
}
