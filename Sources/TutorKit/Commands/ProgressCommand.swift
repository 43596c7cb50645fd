import TutorTerminal

/// `cachetutor progress`: show or export your saved progress.
enum ProgressCommand: Command {
    static let spec = CommandSpec(
        name: "progress",
        abstract: "Show or export your saved progress.",
        examples: ["cachetutor progress"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        throw NotBuiltYet(command: spec.name)
    }
}
