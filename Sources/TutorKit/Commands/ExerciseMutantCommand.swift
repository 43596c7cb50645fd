import Foundation
import TutorCourse
import TutorGrading
import TutorTerminal

/// `cachetutor exercises mutant NAME MUTANT`: prints a mutant as a whole file, its patch
/// applied to the reference, for an author reading it and for the corpus tests.
///
///     $ cachetutor exercises mutant ThumbnailCache 07-hit-without-return > /tmp/ThumbnailCache.swift
enum ExerciseMutantCommand {
    static let spec = CommandSpec(
        name: "mutant",
        abstract: "Print a mutant as a whole file: its patch applied to the reference.",
        discussion: "MUTANT is a file in the exercise's .grading/Mutants, named with or without '.diff', or a path to a patch. A patch that no longer applies is reported as FILE:LINE and exits 65.",
        arguments: [
            ArgumentSpec(name: "NAME", help: "The exercise.", completion: .exercises),
            ArgumentSpec(name: "MUTANT", help: "The mutant (07-hit-without-return), or a path to a .diff."),
        ],
        examples: ["cachetutor exercises mutant ThumbnailCache 07-hit-without-return"]
    )

    static func run(_ parsed: ParsedCommand, catalog: ExerciseCatalog, in context: CommandContext) throws -> ExitCode {
        let exercise = try catalog.exercise(named: parsed.positionals[0])
        let mutants = ExerciseMutants(exercise: exercise.definition)
        let given = parsed.positionals[1]
        let byName = exercise.definition.mutantsDirectory.appendingPathComponent(given.hasSuffix(".\(ExerciseMutants.fileExtension)") ? given : "\(given).\(ExerciseMutants.fileExtension)")
        let file = FileManager.default.fileExists(atPath: byName.path) ? byName : URL(fileURLWithPath: given, relativeTo: context.workingDirectory).standardizedFileURL
        guard FileManager.default.fileExists(atPath: file.path) else {
            context.console.error("\(given): no such mutant of \(exercise.name) (looked in \(ExercisesCommand.displayPath(exercise.definition.mutantsDirectory, from: context.workingDirectory)))")
            return .noInput
        }
        switch mutants.source(of: file) {
        case let .source(text):
            context.console.write(text.hasSuffix("\n") ? text : text + "\n")
            return .success
        case let .problem(line, message):
            context.console.error("\(ExercisesCommand.displayPath(file, from: context.workingDirectory)):\(line): \(message)")
            return .dataError
        }
    }
}
