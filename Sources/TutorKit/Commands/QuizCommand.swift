import TutorTerminal

/// `cachetutor quiz`: take a lesson's quiz (or all of them), scored and explained.
enum QuizCommand: Command {
    static let spec = CommandSpec(
        name: "quiz",
        abstract: "Take a lesson's quiz (or all of them), scored and explained.",
        examples: ["cachetutor quiz eviction"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        throw NotBuiltYet(command: spec.name)
    }
}
