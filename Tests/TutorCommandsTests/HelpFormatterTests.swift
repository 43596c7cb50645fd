import Testing
@testable import TutorCommands
import TutorTerminal

@Suite struct HelpFormatterTests {
    let formatter = HelpFormatter(parser: ArgumentParser(root: ArgumentParserTests.root), style: .plain)

    @Test func rootHelpListsEveryCommandWithAnAbstract() {
        let help = formatter.help(for: [])
        for command in ArgumentParserTests.root.subcommands {
            #expect(help.contains("  \(command.name)"), "\(command.name) missing")
            #expect(help.contains(command.abstract))
        }
        #expect(help.contains("USAGE: tool COMMAND"))
    }

    @Test func commandHelpDescribesOptionsAndChoices() {
        let help = formatter.help(for: ["quiz"])
        #expect(help.contains("USAGE: tool quiz [LESSON] [--shuffle] [--seed N] [--format FORMAT]"))
        #expect(help.contains("-f, --format FORMAT"))
        #expect(help.contains("(text|json)"))
        #expect(help.contains("-h, --help"))
    }

    @Test func helpIsPlainWithoutColour() {
        #expect(!formatter.help(for: ["quiz"]).contains("\u{1B}"))
    }

    @Test func helpWrapsToTheWidth() {
        let narrow = HelpFormatter(parser: Cachetutor.parser, style: TerminalStyle(colorEnabled: false, width: 50))
        // Example command lines are copied into a shell, so they are never broken.
        for line in narrow.help(for: []).split(separator: "\n") where !line.hasPrefix("  $ ") {
            #expect(TextWrapper.visibleWidth(String(line)) <= 50, "\(line)")
        }
    }
}
