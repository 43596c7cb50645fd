import TutorTerminal

/// `cachetutor grade`: grade a folder of submissions in parallel, with a gradebook and reports.
enum GradeCommand: Command {
    static let spec = CommandSpec(
        name: "grade",
        abstract: "Grade a folder of submissions in parallel, with a gradebook and reports.",
        examples: ["cachetutor grade submissions/ --format csv"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        throw NotBuiltYet(command: spec.name)
    }
}
