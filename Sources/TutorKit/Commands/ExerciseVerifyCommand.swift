import Foundation
import TutorCourse
import TutorGrading
import TutorTerminal

/// `cachetutor exercises verify [NAME…]`: runs ``ExerciseVerifier`` on each exercise and
/// prints a table, then every problem as `FILE:LINE: message`.
enum ExerciseVerifyCommand {
    static func run(_ parsed: ParsedCommand, catalog: ExerciseCatalog, course: CourseLocation, in context: CommandContext) throws -> ExitCode {
        let exercises = parsed.positionals.isEmpty ? catalog.exercises : try parsed.positionals.map { try catalog.exercise(named: $0) }
        var configuration = GraderConfiguration(environment: context.environment)
        if let jobs = parsed.value("jobs") {
            guard let count = Int(jobs), count > 0 else { throw CheckUsageError.badJobs(jobs) }
            configuration.jobs = count
        }
        var runs = 5
        if let value = parsed.value("runs") {
            guard let count = Int(value), count > 0 else { throw VerifyUsageError.badRuns(value) }
            runs = count
        }
        let lessons = Set(((try? FileManager.default.contentsOfDirectory(atPath: course.lessons.path)) ?? [])
            .filter { $0.hasSuffix(".md") && $0.first?.isNumber == true }
            .map { String($0.dropLast(3)) })

        let console = context.console
        var results: [ExerciseVerification] = []
        for exercise in exercises {
            if console.style.isTerminal { console.line(console.style.paint("verifying \(exercise.name)…", .gray)) }
            var verifier = ExerciseVerifier(exercise: exercise.definition, lessons: lessons, configuration: configuration)
            verifier.runs = runs
            results.append(try verifier.verify())
        }
        for line in table(results, runs: runs) { console.line(line) }
        let problems = results.flatMap(\.problems)
        guard !problems.isEmpty else {
            console.line("")
            console.line("Every exercise verified: each reference passed \(runs) runs under each of \(ExerciseVerifier.policies.count) eviction policies, each starter fails, each mutant is caught.")
            return .success
        }
        console.line("")
        for problem in problems {
            console.error("\(ExercisesCommand.displayPath(URL(fileURLWithPath: problem.location), from: context.workingDirectory)): \(problem.message)")
        }
        return .dataError
    }

    /// The summary table: one row per exercise.
    static func table(_ results: [ExerciseVerification], runs: Int) -> [String] {
        let header = ["Exercise", "Tests", "Mutants caught", "Slowest test", "Problems"]
        let rows = results.map { result -> [String] in
            [
                result.exercise, String(result.testCount), "\(result.mutantsCaught)/\(result.mutantCount)",
                result.slowestTest.map { "\($0.name) \($0.milliseconds) ms" } ?? "-", String(result.problems.count),
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { TextWrapper.visibleWidth($0[column]) }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.indices.map { TextWrapper.pad(row[$0], to: widths[$0]) }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}

/// A `verify` command line with a bad run count.
enum VerifyUsageError: UserFacingError {
    case badRuns(String)

    var message: String {
        switch self {
        case let .badRuns(value): "--runs needs a positive whole number, not '\(value)'"
        }
    }

    var exitCode: ExitCode { .usage }
}
