import TutorTerminal

/// `cachetutor lessons`: list the course's lessons.
enum LessonsCommand: Command {
    static let spec = CommandSpec(
        name: "lessons",
        abstract: "List the course's lessons.",
        examples: ["cachetutor lessons"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        throw NotBuiltYet(command: spec.name)
    }
}
