import Foundation
import TutorCourse
import TutorProgress
import TutorGrading
import TutorQuiz
import TutorREPL
import TutorTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `cachetutor learn`: read the lessons in a line-editing REPL with a live cache playground.
///
///     $ cachetutor learn            # resume where you left off
///     $ cachetutor learn eviction   # open lesson 5
enum LearnCommand: Command {
    static let spec = CommandSpec(
        name: "learn",
        abstract: "Read the lessons in a line-editing REPL with a live cache playground.",
        discussion: "Without LESSON, learn reopens the lesson and page you left. Inside, 'help' lists the commands; Enter turns the page; Tab completes; Ctrl-D or 'quit' leaves and saves. When standard input is not a terminal, commands are read line by line without prompts, so a script can drive it.",
        arguments: [ArgumentSpec(name: "LESSON", help: "A lesson by number (5), name (eviction) or id (05-eviction).", isOptional: true)],
        examples: ["cachetutor learn", "cachetutor learn 05", "printf 'next\\nquit\\n' | cachetutor learn eviction"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        let location = try context.course(parsed)
        let course = try Course.load(from: location, displayRoot: displayRoot(of: location, in: context))
        let console = context.console
        let progress: any LearnProgress
        do {
            progress = try ProgressStore.open(environment: context.environment) { console.warning($0) }
        } catch {
            console.warning("progress will not be saved this time: \(userFacingMessage(error))")
            progress = MemoryLearnProgress()
        }

        let terminal = context.terminal
        let interactive = terminal.isInteractive
        let reader = terminal.makeReader(DataDirectory.historyFile(environment: context.environment))
        defer { reader.close() }

        let session = LearnSession(
            course: course, reader: reader.lines, console: console, progress: progress,
            services: services(context: context, course: location, echoAnswers: !interactive),
            screenHeight: interactive ? terminal.rows() : nil,
            interactive: interactive,
            remeasure: interactive ? { (Console.standard(environment: context.environment), terminal.rows()) } : nil
        )
        let completion = session.completionProvider
        reader.complete { completion.candidates(for: $0) }
        if let store = progress as? ProgressStore, let due = try? store.dueReviewCards(), !due.isEmpty {
            console.wrapped(console.style.paint("\(due.count) quiz question\(due.count == 1 ? " is" : "s are") due for review: run 'cachetutor quiz review' (or 'quiz review --all' to mix in every lesson you have opened).", .dim))
        }
        try session.run(startingAt: parsed.positionals.first)
        return .success
    }

    /// `quiz` and `check` inside the REPL run the same code as the commands of those names,
    /// `run` the same sandbox;
    /// from a pipe, quiz answers are echoed into the transcript as `cachetutor quiz` does.
    private static func services(context: CommandContext, course: CourseLocation, echoAnswers: Bool) -> LearnSession.Services {
        // One example runner for the session, made on the first 'run' (it builds or finds
        // the example harness and probes the sandbox once).
        let examples = LazyExampleRunner()
        return LearnSession.Services(
            runQuiz: { name, shuffle, reader, console in
                var quizContext = context
                quizContext.console = console
                // A new seed for each attempt; it is saved with the attempt.
                let options = QuizSession.Options(shuffle: shuffle, seed: QuizCommand.freshSeed(), echoAnswers: echoAnswers)
                try QuizCommand.takeQuiz(named: name, reader: reader, options: options, course: course, context: quizContext)
            },
            check: { path, mode, console in
                var checkContext = context
                checkContext.console = console
                if mode == .watch {
                    _ = try CheckCommand.watch(path: path, exercise: nil, jobs: nil, returnsOnEnter: true, course: course, context: checkContext)
                } else {
                    _ = try CheckCommand.check(path: path, exercise: nil, jobs: nil, verbose: mode == .verbose, course: course, context: checkContext)
                }
            },
            runSwift: { code, displayPath in
                // Ctrl-C stops the run (and a first run's build) and comes back to the prompt.
                let progress = BuildProgressLine(console: context.console)
                defer { progress.endLine() }
                let runner = try examples.runner(environment: context.environment, buildProgress: progress.handler)
                let (run, hasStatements) = try Interrupt.catching { try SwiftStepCheck.run(code, displayPath: displayPath, runner: runner) }
                let outcome: LearnSession.SwiftRunReport.Outcome
                switch run.outcome {
                case .ran: outcome = .ran(SwiftStepCheck.swiftRun(run))
                case let .failed(problem): outcome = .failed(problem, output: run.output)
                case let .didNotCompile(message): outcome = .didNotCompile(message)
                }
                return LearnSession.SwiftRunReport(outcome: outcome, hasStatements: hasStatements)
            },
            examplesFolder: (try? ProgressStore.location(environment: context.environment))?
                .deletingLastPathComponent().appendingPathComponent("examples", isDirectory: true),
            openEditor: { file in ExternalEditor(environment: context.environment)?.edit(file) ?? false },
            prepare: { exercise in BackgroundPrepare.start(exercise: exercise, course: course, context: context) }
        )
    }

    /// How lesson files are named in messages: relative to the working directory when inside it.
    private static func displayRoot(of location: CourseLocation, in context: CommandContext) -> String {
        let root = location.root.standardizedFileURL.path
        let base = context.workingDirectory.standardizedFileURL.path
        if root == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return root.hasPrefix(prefix) ? String(root.dropFirst(prefix.count)) : root
    }
}
