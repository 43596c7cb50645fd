import Foundation
import TutorTerminal

/// `cachetutor exercises`: list the exercises, or copy a starter to ./exercises/.
///
///     $ cachetutor exercises
///     $ cachetutor exercises start ThumbnailCache
enum ExercisesCommand: Command {
    static let spec = CommandSpec(
        name: "exercises",
        abstract: "List the exercises, or copy a starter to ./exercises/.",
        discussion: "Each exercise has a README with its contract and a starter file. 'start' copies the starter into exercises/ under the current folder and never overwrites a file that is already there.",
        subcommands: [
            CommandSpec(
                name: "start",
                abstract: "Copy an exercise's starter file to ./exercises/NAME.swift.",
                arguments: [ArgumentSpec(name: "NAME", help: "The exercise, as 'cachetutor exercises' lists it.")],
                examples: ["cachetutor exercises start ThumbnailCache"]
            ),
        ],
        examples: ["cachetutor exercises", "cachetutor exercises start ThumbnailCache"]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        let course = try context.course(parsed)
        let catalog = try ExerciseCatalog(folder: course.exercises)
        if parsed.path.last == "start", let name = parsed.positionals.first {
            return try start(try catalog.exercise(named: name), in: context)
        }
        return list(catalog, in: context)
    }

    private static func list(_ catalog: ExerciseCatalog, in context: CommandContext) -> ExitCode {
        let console = context.console
        guard !catalog.exercises.isEmpty else {
            console.line("This course has no exercises yet.")
            return .success
        }
        console.line(console.style.paint("Exercises", .bold))
        for exercise in catalog.exercises {
            console.line("")
            console.line("  " + console.style.paint(exercise.name, .bold))
            console.wrapped(exercise.summary, indent: "    ")
        }
        console.line("")
        console.line("Start one with 'cachetutor exercises start NAME'; its README explains the contract.")
        return .success
    }

    private static func start(_ exercise: ExerciseCatalog.Exercise, in context: CommandContext) throws -> ExitCode {
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
        console.line("  1. Read the contract: \(displayPath(exercise.starter.deletingLastPathComponent().appendingPathComponent("README.md"), from: context.workingDirectory))")
        console.line("  2. Edit \(relativePath) where it says TODO.")
        console.line("  3. Run: cachetutor check \(relativePath)")
        return .success
    }

    private static func displayPath(_ url: URL, from folder: URL) -> String {
        let base = folder.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
