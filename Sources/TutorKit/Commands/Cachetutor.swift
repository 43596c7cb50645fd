import Foundation
import TutorTerminal

/// The `cachetutor` command line: the list of commands, and the one entry point that
/// parses arguments, runs a command and turns any error into a message and an exit code.
///
///     $ cachetutor --help
///     $ cachetutor check exercises/ThumbnailCache.swift
public enum Cachetutor {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    /// Every subcommand, in the order `--help` lists them.
    static var commands: [any Command.Type] {
        [
            LearnCommand.self,
            QuizCommand.self,
            CheckCommand.self,
            GradeCommand.self,
            LessonsCommand.self,
            ExercisesCommand.self,
            ProgressCommand.self,
            CompletionsCommand.self,
        ]
    }

    /// Options every command accepts.
    static let globalOptions = [
        OptionSpec(name: "course", valueName: "DIR", help: "The course folder (default: CACHETUTOR_COURSE, else the nearest folder upward holding Lessons/, Quizzes/ and Exercises/, else the built-in course)."),
    ]

    /// The whole command tree: what parses, what `--help` prints, what completion scripts offer.
    static let rootSpec = CommandSpec(
        name: "cachetutor",
        abstract: "a terminal course companion for caching with NSCache.",
        discussion: "Read lessons and play with a live cache (learn), take quizzes (quiz), check your exercise against hidden tests (check), or grade a whole class (grade).",
        subcommands: commands.map { $0.spec }
    )

    static let parser = ArgumentParser(root: rootSpec, globalOptions: globalOptions)

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], context: CommandContext) -> ExitCode {
        let console = context.console
        do {
            switch try parser.parse(arguments) {
            case .version:
                console.line("cachetutor \(version)")
                return .success
            case let .help(path):
                guard parser.command(at: path) != nil else {
                    throw UsageError.unknownCommand(path.joined(separator: " "), suggestion: Suggestion.nearest(to: path[0], in: rootSpec.subcommands.map(\.name)), parent: "cachetutor")
                }
                console.write(HelpFormatter(parser: parser, style: console.style).help(for: path))
                return .success
            case let .run(parsed):
                guard let name = parsed.path.first, let command = commands.first(where: { $0.spec.name == name }) else {
                    console.write(HelpFormatter(parser: parser, style: console.style).help(for: []))
                    return .usage
                }
                return try command.run(parsed, in: context)
            }
        } catch let error as any UserFacingError {
            console.error(error.message)
            return error.exitCode
        } catch {
            console.error("internal error: \(error)")
            return .software
        }
    }
}
