import Foundation
import TutorREPL
import TutorTerminal

/// `cachetutor learn`: read the lessons in a line-editing REPL with a live cache playground.
enum LearnCommand: Command {
    static let spec = CommandSpec(
        name: "learn",
        abstract: "Read the lessons in a line-editing REPL with a live cache playground.",
        examples: ["cachetutor learn 05"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        let reader = EditLineReader(historyFile: DataDirectory.historyFile(environment: context.environment))
        reader.completer = { _ in ["next", "nexus", "back", "été"] }
        loop: while true {
            switch reader.readLine(prompt: "\u{1}\u{1B}[1m\u{1}05 eviction 2/4 ›\u{1}\u{1B}[0m\u{1} ") {
            case let .line(text): context.console.line("got [\(text)]")
                if text == "quit" { break loop }
            case .interrupted: context.console.line("(interrupted)")
            case .endOfInput: context.console.line("(eof)"); break loop
            }
        }
        reader.close()
        return .success
    }
}
