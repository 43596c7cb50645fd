import Testing
@testable import TutorTerminal
#if canImport(Glibc)
import Glibc
#endif

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

    /// A terminal that says it is dumb cannot draw escape codes: no colour, unless forced.
    @Test func aDumbTerminalGetsNoColour() throws {
        let main = openPseudoTerminal(O_RDWR | O_NOCTTY)
        try #require(main >= 0)
        defer { close(main) }
        try #require(grantPseudoTerminal(main) == 0 && unlockPseudoTerminal(main) == 0)
        let name = try #require(pseudoTerminalName(main))
        let terminal = open(String(cString: name), O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        defer { close(terminal) }
        #expect(TerminalStyle.detect(fileDescriptor: terminal, environment: ["TERM": "xterm-256color"]).colorEnabled)
        let dumb = TerminalStyle.detect(fileDescriptor: terminal, environment: ["TERM": "dumb"])
        #expect(!dumb.colorEnabled)
        #expect(dumb.isTerminal, "still a terminal: prompts and line editing stay")
        #expect(TerminalStyle.detect(fileDescriptor: terminal, environment: ["TERM": "dumb", "CACHETUTOR_COLOR": "always"]).colorEnabled)
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

// glibc's pseudo-terminal calls, which Swift's Glibc module leaves out.
@_silgen_name("posix_openpt") private func openPseudoTerminal(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantPseudoTerminal(_ descriptor: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockPseudoTerminal(_ descriptor: Int32) -> Int32
@_silgen_name("ptsname") private func pseudoTerminalName(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>?
