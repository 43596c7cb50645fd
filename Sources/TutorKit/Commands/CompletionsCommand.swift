import Foundation
import TutorCourse
import TutorGrading
import TutorTerminal

/// `cachetutor completions bash|zsh|fish`: a completion script for the shell, generated
/// from the command declarations; `--list KIND` prints the course's names for the scripts.
///
///     $ source <(cachetutor completions bash)
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
        bash: add 'source <(cachetutor completions bash)' to ~/.bashrc. \
        zsh: 'cachetutor completions zsh > ~/.zfunc/_cachetutor' with ~/.zfunc on $fpath before compinit. \
        fish: 'cachetutor completions fish > ~/.config/fish/completions/cachetutor.fish'. \
        Lesson, quiz and exercise names are read from the course each time you press Tab.
        """,
        arguments: [ArgumentSpec(name: "SHELL", help: "bash, zsh or fish.", isOptional: true, completion: .choices(["bash", "zsh", "fish"]))],
        options: [OptionSpec(name: "list", valueName: "KIND", help: "Print the course's names of one kind, one per line (the scripts use it).", choices: ["lessons", "quizzes", "exercises"])],
        examples: ["cachetutor completions bash", "cachetutor completions fish > ~/.config/fish/completions/cachetutor.fish"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        if let kind = parsed.value("list") {
            try names(of: kind, course: context.course(parsed)).forEach(context.console.line)
            return .success
        }
        let script = CompletionScript(root: Cachetutor.rootSpec, globalOptions: Cachetutor.globalOptions)
        switch parsed.positionals.first {
        case "bash": context.console.write(script.bash())
        case "zsh": context.console.write(script.zsh())
        case "fish": context.console.write(script.fish())
        default: throw CompletionsUsageError(shell: parsed.positionals.first)
        }
        return .success
    }

    /// Lesson ids, quiz names or exercise names of `course`.
    static func names(of kind: String, course: CourseLocation) throws -> [String] {
        func stems(_ folder: URL, _ suffix: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(suffix) && $0.first?.isNumber == true }
                .map { String($0.dropLast(suffix.count)) }
                .sorted()
        }
        switch kind {
        case "lessons": return stems(course.lessons, ".md")
        // `quiz all` and `quiz review` are quizzes too, as the command line takes them.
        case "quizzes": return stems(course.quizzes, ".gift") + ["all", "review"]
        default: return try ExerciseCatalog(folder: course.exercises).exercises.map(\.name)
        }
    }
}

/// `completions` without a shell it knows.
struct CompletionsUsageError: UserFacingError {
    let shell: String?
    var message: String {
        guard let shell else { return "completions needs a shell: bash, zsh or fish (e.g. 'cachetutor completions bash')" }
        return "no completion script for '\(shell)'; the shells are bash, zsh and fish"
    }
    var exitCode: ExitCode { .usage }
}
