import Foundation
import TutorGrading
import TutorProgress
import TutorTerminal

/// `exercises hint` and `exercises solution`: help that comes from the exercise's folder.
enum ExerciseHelp {
    /// Prints hint `point` of `exercise`. Without a point: the hint for the point the
    /// learner's last check failed first, else which points have hints; never every hint at
    /// once unless `all` (the last ones come close to the solution).
    static func hint(_ exercise: ExerciseCatalog.Exercise, point: String?, all: Bool = false, in context: CommandContext) throws -> ExitCode {
        let hintsFile = exercise.definition.hints
        guard let text = try? String(contentsOf: hintsFile, encoding: .utf8) else {
            throw ExerciseHelpError.noHints(path: hintsFile.path)
        }
        let console = context.console
        let numbers = ExerciseContent.hintNumbers(in: text).sorted()
        let readme = ExercisesCommand.displayPath(exercise.definition.readme, from: context.workingDirectory)
        var wanted: [Int]
        var because: String?
        if let point {
            guard let number = Int(point), numbers.contains(number) else {
                throw ExerciseHelpError.noSuchPoint(point, exercise: exercise.name, known: numbers)
            }
            wanted = [number]
        } else if all {
            wanted = numbers
        } else if let (number, test) = lastFailedPoint(of: exercise, in: context), numbers.contains(number) {
            wanted = [number]
            because = "your last check failed \(test) first"
        } else {
            let range = numbers.count > 1 ? "\(numbers.first!)–\(numbers.last!)" : numbers.map(String.init).joined()
            console.wrapped("\(exercise.name) has one hint per contract point (\(range)), each a nudge for one sentence of the contract in \(readme).")
            console.wrapped("Name the point you are on: 'cachetutor exercises hint \(exercise.name) \(numbers.first ?? 1)'. A failing check names its first failing point and shows its hint; '--all' shows every hint at once (the last ones come close to the solution).")
            return .success
        }
        if wanted.isEmpty { wanted = numbers }
        for number in wanted {
            guard let hint = ExerciseContent.hint(number, in: text) else { continue }
            console.wrapped(console.style.paint("Hint for contract point \(number)", .bold) + (because.map { " (\($0))" } ?? ""))
            console.wrapped(hint, indent: "  ")
            console.line("")
        }
        console.wrapped("The contract: \(readme)")
        return .success
    }

    /// The contract point of the first test the learner's last check of `exercise` failed,
    /// from the exercise's list of points and the tests that guard them.
    static func lastFailedPoint(of exercise: ExerciseCatalog.Exercise, in context: CommandContext) -> (Int, String)? {
        guard let store = try? ProgressStore.openIfPresent(environment: context.environment, warn: { _ in }),
              let last = (try? store.checks(exercise: exercise.name))?.last, let first = last.failedTests.first,
              let list = try? String(contentsOf: exercise.definition.gradingDirectory.appendingPathComponent(ContractPoints.fileName), encoding: .utf8),
              let points = try? ContractPoints(parsing: list),
              let entry = points.entries.first(where: { $0.tests.contains(first) })
        else { return nil }
        return (entry.point, first)
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
