import TutorTerminal

/// `cachetutor check`: compile one exercise file and run the hidden tests against it.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Compile one exercise file and run the hidden tests against it.",
        examples: ["cachetutor check exercises/ThumbnailCache.swift"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        throw NotBuiltYet(command: spec.name)
    }
}
