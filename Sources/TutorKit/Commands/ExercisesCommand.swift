import TutorTerminal

/// `cachetutor exercises`: list the exercises, or copy a starter to ./exercises/.
enum ExercisesCommand: Command {
    static let spec = CommandSpec(
        name: "exercises",
        abstract: "List the exercises, or copy a starter to ./exercises/.",
        examples: ["cachetutor exercises start ThumbnailCache"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        throw NotBuiltYet(command: spec.name)
    }
}
