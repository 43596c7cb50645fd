import Testing
@testable import TutorTerminal

@Suite struct TerminalStyleTests {
    @Test func plainStyleWritesNoEscapes() {
        #expect(TerminalStyle.plain.paint("x", .bold) == "x")
    }

    @Test func noColorTurnsColourOffEvenWhenForced() {
        // A pipe is never a terminal, so detection starts with colour off; CACHETUTOR_COLOR=always
        // forces it on, a set NO_COLOR turns it off even then, and only an empty NO_COLOR
        // leaves it alone.
        let forced = TerminalStyle.detect(fileDescriptor: -1, environment: ["CACHETUTOR_COLOR": "always"])
        #expect(forced.colorEnabled)
        let noColor = TerminalStyle.detect(fileDescriptor: -1, environment: ["NO_COLOR": "1", "CACHETUTOR_COLOR": "always"])
        #expect(!noColor.colorEnabled)
        #expect(noColor.paint("x", .red) == "x")
        let emptyNoColor = TerminalStyle.detect(fileDescriptor: -1, environment: ["NO_COLOR": "", "CACHETUTOR_COLOR": "always"])
        #expect(emptyNoColor.colorEnabled)
    }

    @Test func widthComesFromColumnsWhenNotATerminal() {
        #expect(TerminalStyle.detect(fileDescriptor: -1, environment: ["COLUMNS": "132"]).width == 132)
        #expect(TerminalStyle.detect(fileDescriptor: -1, environment: [:]).width == 80)
        #expect(TerminalStyle.detect(fileDescriptor: -1, environment: ["COLUMNS": "nonsense"]).width == 80)
    }

    @Test func paintCombinesAttributes() {
        let style = TerminalStyle(colorEnabled: true, width: 80)
        #expect(style.paint("x", .bold, .green) == "\u{1B}[1;32mx\u{1B}[0m")
    }

    @Test func consoleCaptureSeparatesStreams() {
        let (console, output) = Console.capture()
        console.line("result")
        console.error("bad input")
        #expect(output.out == "result\n")
        #expect(output.err == "cachetutor: bad input\n")
    }
}
