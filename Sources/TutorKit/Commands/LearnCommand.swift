import TutorTerminal

/// `cachetutor learn`: read the lessons in a line-editing REPL with a live cache playground.
enum LearnCommand: Command {
    static let spec = CommandSpec(
        name: "learn",
        abstract: "Read the lessons in a line-editing REPL with a live cache playground.",
        examples: ["cachetutor learn 05"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        throw NotBuiltYet(command: spec.name)
    }
}
