import Foundation
import TutorGrading
import TutorProgress
import TutorTerminal

/// `exercises hint` and `exercises solution`: help that comes from the exercise's folder.
enum ExerciseHelp {
    /// Prints hint `point` of `exercise`, or all of its hints.
    static func hint(_ exercise: ExerciseCatalog.Exercise, point: String?, in context: CommandContext) throws -> ExitCode {
        let hintsFile = exercise.definition.hints
        guard let text = try? String(contentsOf: hintsFile, encoding: .utf8) else {
            throw ExerciseHelpError.noHints(path: hintsFile.path)
        }
        let console = context.console
        let numbers = ExerciseContent.hintNumbers(in: text).sorted()
        let wanted: [Int]
        if let point {
            guard let number = Int(point), numbers.contains(number) else {
                throw ExerciseHelpError.noSuchPoint(point, exercise: exercise.name, known: numbers)
            }
            wanted = [number]
        } else {
            wanted = numbers
        }
        for number in wanted {
            guard let hint = ExerciseContent.hint(number, in: text) else { continue }
            console.line(console.style.paint("Hint for contract point \(number)", .bold))
            console.wrapped(hint, indent: "  ")
            console.line("")
        }
        console.line("The contract: \(ExercisesCommand.displayPath(exercise.definition.readme, from: context.workingDirectory))")
        return .success
    }

    /// Prints the reference solution once the learner has passed, or what is left.
    static func solution(_ exercise: ExerciseCatalog.Exercise, force: Bool, in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let checks = try ProgressStore.openIfPresent(environment: context.environment, warn: console.warning)?.checks(exercise: exercise.name) ?? []
        let standing = ExerciseStanding(checks: checks)
        guard standing.hasPassed || force else {
            let left: String
            switch standing {
            case .notStarted: left = "you have not checked it yet: 'cachetutor exercises start \(exercise.name)', then 'cachetutor check exercises/\(exercise.name).swift'"
            case .notCompiling: left = "your last check did not compile"
            case let .inProgress(passed, total, _):
                let failing = checks.last?.failedTests ?? []
                left = "your last check passed \(passed) of \(total); still failing: " + failing.prefix(5).joined(separator: ", ") + (failing.count > 5 ? ", …" : "")
            case .passed: left = ""
            }
            console.line("The \(exercise.name) solution opens once a check of yours passes every test; \(left).")
            console.line("Stuck? 'cachetutor exercises hint \(exercise.name)' gives a nudge per contract point.")
            return .testsFailed
        }
        let reference = exercise.definition.referenceDirectory.appendingPathComponent("\(exercise.name).swift")
        guard let text = try? String(contentsOf: reference, encoding: .utf8) else {
            throw ExerciseHelpError.noSolution(path: reference.path)
        }
        console.line(console.style.paint("The reference solution of \(exercise.name)", .bold) + (standing.hasPassed ? "" : " (shown with --force)"))
        console.line("Its comments say which contract point each part keeps; yours may differ and still be right.")
        console.line("")
        console.write(text.hasSuffix("\n") ? text : text + "\n")
        return .success
    }
}

/// A hint or solution that cannot be shown.
enum ExerciseHelpError: UserFacingError {
    case noHints(path: String)
    case noSuchPoint(String, exercise: String, known: [Int])
    case noSolution(path: String)

    var message: String {
        switch self {
        case let .noHints(path): "\(path): missing or unreadable; this exercise has no hints"
        case let .noSuchPoint(point, exercise, known):
            "\(exercise) has no hint for point '\(point)'; its hints are for points " + known.map(String.init).joined(separator: ", ")
        case let .noSolution(path): "\(path): missing or unreadable; this exercise has no reference solution"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .noSuchPoint: .usage
        case .noHints, .noSolution: .noInput
        }
    }
}
