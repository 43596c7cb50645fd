import Foundation
import TutorCourse
import TutorGrading
import TutorProgress
import TutorTerminal

/// `cachetutor exercises`: list the exercises with where the learner stands, copy a
/// starter, show a hint or (once passed) the solution, and let an author verify the set.
///
///     $ cachetutor exercises
///     $ cachetutor exercises start ProfileStore
///     $ cachetutor exercises hint ProfileStore 3
///     $ cachetutor exercises solution ProfileStore
///     $ cachetutor exercises verify
enum ExercisesCommand: Command {
    static let spec = CommandSpec(
        name: "exercises",
        abstract: "List the exercises and your standing, copy a starter, show hints and solutions, verify them.",
        discussion: "Each exercise has a README with its contract and a starter file. 'start' copies the starter into exercises/ under the current folder and never overwrites a file that is already there; it also writes exercises/compile_commands.json, so an editor running sourcekit-lsp compiles the file as check does ('exercises editor' redoes that for a folder).",
        subcommands: [
            CommandSpec(
                name: "start",
                abstract: "Copy an exercise's starter file to ./exercises/NAME.swift.",
                arguments: [ArgumentSpec(name: "NAME", help: "The exercise, as 'cachetutor exercises' lists it.", completion: .exercises)],
                examples: ["cachetutor exercises start ProfileStore"]
            ),
            CommandSpec(
                name: "hint",
                abstract: "Show the hint for one contract point.",
                discussion: "A failing check names the contract point of its first failing test and shows its hint; the hint is a nudge, not the answer. Without POINT, the hint for the point your last check failed first, else which points have hints.",
                arguments: [
                    ArgumentSpec(name: "NAME", help: "The exercise.", completion: .exercises),
                    ArgumentSpec(name: "POINT", help: "The contract point's number (default: the one your last check failed first).", isOptional: true),
                ],
                options: [.flag("all", help: "Every hint at once (the last ones come close to the solution).")],
                examples: ["cachetutor exercises hint ThumbnailCache 6", "cachetutor exercises hint ThumbnailCache"]
            ),
            CommandSpec(
                name: "solution",
                abstract: "Show the reference solution of an exercise you have passed.",
                discussion: "The solution opens once a check of yours has passed every test, as in rustlings; until then this says what is left and exits 1.",
                arguments: [ArgumentSpec(name: "NAME", help: "The exercise.", completion: .exercises)],
                options: [.flag("force", help: "Show it anyway (for instructors).")],
                examples: ["cachetutor exercises solution ThumbnailCache"]
            ),
            CommandSpec(
                name: "verify",
                abstract: "Check exercises as an author: reference, starter, mutants, metadata.",
                discussion: """
                For each exercise (default: all): the reference passes every hidden test under each engine eviction policy (lru, fifo, seeded random, foundation), --runs times; the starter compiles and fails; each mutant in .grading/Mutants (a patch against the reference) applies, compiles and fails at least the tests its header names; each solution in .grading/Correct passes; every test names a lesson of the course and a contract point of the README, and every point has a hint. \
                Prints a table, then one FILE:LINE: message per problem. Exit status: 0 all good, 65 some problem, 70 the grader could not run.
                """,
                arguments: [ArgumentSpec(name: "NAME", help: "Exercises to verify (default: every one).", isOptional: true, isRepeating: true, completion: .exercises)],
                options: [
                    OptionSpec(name: "runs", valueName: "N", help: "Runs of the reference under each policy (default 5)."),
                    OptionSpec(name: "jobs", short: "j", valueName: "N", help: "Tests run at once (default: four per core)."),
                ],
                examples: ["cachetutor exercises verify", "cachetutor exercises verify ProfileStore --runs 10"]
            ),
            ExerciseMutantCommand.spec,
            ExercisePrepareCommand.spec,
            ExerciseEditorCommand.spec,
        ],
        examples: ["cachetutor exercises", "cachetutor exercises start ThumbnailCache"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        let course = try context.course(parsed)
        let catalog = try ExerciseCatalog(folder: course.exercises)
        switch parsed.path.last {
        case "start":
            return try start(try catalog.exercise(named: parsed.positionals[0]), catalog: catalog, course: course, in: context)
        case "hint":
            return try ExerciseHelp.hint(try catalog.exercise(named: parsed.positionals[0]), point: parsed.positionals.dropFirst().first, all: parsed.flag("all"), in: context)
        case "prepare":
            return try ExercisePrepareCommand.run(parsed, catalog: catalog, course: course, in: context)
        case "solution":
            return try ExerciseHelp.solution(try catalog.exercise(named: parsed.positionals[0]), force: parsed.flag("force"), in: context)
        case "verify":
            return try ExerciseVerifyCommand.run(parsed, catalog: catalog, course: course, in: context)
        case "mutant":
            return try ExerciseMutantCommand.run(parsed, catalog: catalog, in: context)
        case "editor":
            return try ExerciseEditorCommand.run(parsed, catalog: catalog, course: course, in: context)
        default:
            return list(catalog, in: context)
        }
    }

    private static func list(_ catalog: ExerciseCatalog, in context: CommandContext) -> ExitCode {
        let console = context.console
        guard !catalog.exercises.isEmpty else {
            console.line("This course has no exercises yet.")
            return .success
        }
        let store = try? ProgressStore.openIfPresent(environment: context.environment, warn: { _ in })
        let formatter = ProgressSummaryFormatter(style: console.style)
        console.line(console.style.paint("Exercises", .bold))
        for (index, exercise) in catalog.exercises.enumerated() {
            let standing = ExerciseStanding(checks: (try? store?.checks(exercise: exercise.name)) ?? [])
            console.line("")
            console.line("  \(index + 1). " + console.style.paint(exercise.name, .bold) + "  " + formatter.standingText(standing))
            console.wrapped(exercise.summary, indent: "     ")
            console.line("     " + console.style.paint("practises " + exercise.definition.manifest.lessons.joined(separator: ", "), .gray))
        }
        console.line("")
        console.line("Start one with 'cachetutor exercises start NAME'; its README explains the contract.")
        return .success
    }

    private static func start(_ exercise: ExerciseCatalog.Exercise, catalog: ExerciseCatalog, course: CourseLocation, in context: CommandContext) throws -> ExitCode {
        let relativePath = "exercises/\(exercise.name).swift"
        let destination = context.workingDirectory.appendingPathComponent("exercises", isDirectory: true).appendingPathComponent("\(exercise.name).swift")
        guard let starter = FileManager.default.contents(atPath: exercise.starter.path) else {
            throw ExerciseStartError.missingStarter(name: exercise.name, path: exercise.starter.path)
        }
        if FileManager.default.fileExists(atPath: destination.path) {
            throw ExerciseStartError.alreadyStarted(path: relativePath)
        }
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            // O_EXCL: if the file appeared since the check above, it is still not overwritten.
            try starter.write(to: destination, options: .withoutOverwriting)
        } catch CocoaError.fileWriteFileExists {
            throw ExerciseStartError.alreadyStarted(path: relativePath)
        } catch {
            throw ExerciseStartError.cannotWrite(path: relativePath, reason: error.localizedDescription)
        }
        let console = context.console
        console.line("Created \(relativePath) from the \(exercise.name) starter.")
        console.line("")
        console.line("Next:")
        console.line("  1. Read the contract: \(displayPath(exercise.definition.readme, from: context.workingDirectory))")
        console.line("  2. Edit \(relativePath) where it says TODO.")
        console.line("  3. Run: cachetutor check \(relativePath)")
        let editor = EditorSetup(folder: destination.deletingLastPathComponent(), catalog: catalog, course: course,
                                 environment: context.environment, workingDirectory: context.workingDirectory).setUpForStarter(of: exercise)
        // The hidden tests build once per exercise; started now, they are usually ready by
        // the first check, and the editor's link to them is made when they are.
        let building = editor != .linked && BackgroundPrepare.start(exercise: exercise.name, course: course, context: context)
        console.line("")
        if case let .refused(reason) = editor { console.warning(reason) }
        if let note = startNote(editor: editor, building: building) { console.wrapped(console.style.paint(note, .gray)) }
        return .success
    }

    /// What `start` says last: whether the tests are being built and what the editor sees.
    static func startNote(editor: EditorSetup.Outcome, building: Bool) -> String? {
        let server = "your editor's Swift language server (sourcekit-lsp)"
        let background = "Its hidden tests are being built in the background, once, so your first check is quick"
        switch (editor, building) {
        case (.linked, _): return "Now \(server) compiles it as check does (see exercises/\(CompilationDatabase.fileName))."
        case (.written, true): return "\(background); then \(server) knows the course's types too."
        case (.written, false): return "Run 'cachetutor exercises editor' to let \(server) know the course's types."
        case (.refused, true): return background + "."
        case (.refused, false): return nil
        }
    }

    static func displayPath(_ url: URL, from folder: URL) -> String {
        let base = folder.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
