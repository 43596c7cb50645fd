import Foundation
import TutorCourse
import TutorTerminal

/// One `cachetutor` subcommand: its declaration and what it does.
///
/// Each command lives in a file of its own (`CheckCommand.swift`); it parses nothing
/// itself, reads its values from the ``ParsedCommand`` and returns the exit status.
protocol Command {
    /// The declaration that drives both parsing and help.
    static var spec: CommandSpec { get }
    /// Runs the command. Throwing a ``UserFacingError`` prints its message and exits with its code.
    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode
}

/// What every command may need from the outside world, passed in so tests can supply their own.
public struct CommandContext: Sendable {
    /// Where output goes.
    public var console: Console
    /// The environment variables (never read from the process directly below this point).
    public var environment: [String: String]
    /// The working directory that relative paths are resolved against.
    public var workingDirectory: URL
    /// The terminal `learn` and `quiz` read from (the process's own, unless a test gives one).
    public var terminal: TerminalSeam

    /// A context over explicit values.
    public init(console: Console, environment: [String: String], workingDirectory: URL, terminal: TerminalSeam = .standard) {
        self.console = console
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.terminal = terminal
    }

    /// The course chosen by `--course`, `CACHETUTOR_COURSE`, the working directory or the build.
    func course(_ parsed: ParsedCommand) throws -> CourseLocation {
        try CourseLocator.locate(option: parsed.value("course"), environment: environment, workingDirectory: workingDirectory)
    }

    /// `path` made absolute against the working directory.
    func resolve(_ path: String) -> URL {
        URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
    }
}
