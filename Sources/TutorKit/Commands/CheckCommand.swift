import Foundation
import TutorGrading
import TutorProgress
import TutorTerminal

/// `cachetutor check`: compile one exercise file and run the hidden tests against it.
///
///     $ cachetutor check exercises/ThumbnailCache.swift
///     $ cachetutor check ThumbnailCache.swift --format json --output results.json
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Compile one exercise file and run the hidden tests against it.",
        discussion: """
        Each hidden test checks one point of the exercise's contract and runs in its own sandboxed process, so a crash or a hang fails only that test. \
        Exit status: 0 every test passed, 1 some test failed, 2 the file did not compile, 65 not a Swift text file, 66 no such file.
        """,
        arguments: [ArgumentSpec(name: "FILE", help: "The exercise file to check (ThumbnailCache.swift); its name, or the type it declares, picks the exercise.")],
        options: [
            OptionSpec(name: "exercise", valueName: "NAME", help: "The exercise the file is for, when its name does not say."),
            OptionSpec(name: "format", valueName: "FORMAT", help: "text (default), json (Exercism results.json v2) or junit (JUnit XML).", choices: ReportFormat.allCases.map(\.rawValue)),
            OptionSpec(name: "output", short: "o", valueName: "FILE", help: "Write the report to FILE instead of standard output."),
            OptionSpec(name: "jobs", short: "j", valueName: "N", help: "Tests run at once (default: four per core; tests mostly wait)."),
        ],
        examples: [
            "cachetutor check exercises/ThumbnailCache.swift",
            "cachetutor check mine.swift --exercise ProfileStore",
            "cachetutor check ThumbnailCache.swift --format json --output results.json",
        ]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        guard let path = parsed.positionals.first else { throw CheckUsageError.missingFile }
        let format = ReportFormat(rawValue: parsed.value("format") ?? "text") ?? .text
        let file = context.resolve(path)
        let source = try SubmissionReader.read(file, displayPath: path)
        let course = try context.course(parsed)
        let exercise = try ExerciseSelection.choose(
            option: parsed.value("exercise"), fileName: file.lastPathComponent, source: source,
            in: try ExerciseCatalog(folder: course.exercises)
        )
        var configuration = GraderConfiguration(environment: context.environment)
        configuration.exercise = exercise.name
        configuration.exercisesFolder = course.exercises
        if let jobs = parsed.value("jobs") {
            guard let count = Int(jobs), count > 0 else { throw CheckUsageError.badJobs(jobs) }
            configuration.jobs = count
        }

        let grader = try Grader(configuration: configuration)
        let report = try grader.grade(source: source, displayPath: path)
        // The learner runs their own code, so the check goes on; it says what was missing.
        if let isolation = report.isolation, !isolation.isComplete, let sandbox = try? grader.prepareSandbox() {
            context.console.warning("tests ran without \(isolation.missingLayers.joined(separator: ", ")) isolation (\(sandbox.fallbackReasons.joined(separator: "; "))); for full isolation install bubblewrap")
        }
        let text = try format.render(report, style: parsed.value("output") == nil ? context.console.style : .plain)
        if let output = parsed.value("output") {
            let url = context.resolve(output)
            do {
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                throw CheckOutputError(file: output, reason: (error as NSError).localizedDescription)
            }
        } else {
            context.console.write(text)
        }
        record(report, in: context)
        switch report.status {
        case .pass: return .success
        case .fail: return .testsFailed
        case .error: return .couldNotRun
        }
    }

    /// Saves the check in the learner's progress; a failure to save never fails the check.
    private static func record(_ report: GradingReport, in context: CommandContext) {
        do {
            let store = try ProgressStore.open(environment: context.environment, warn: { context.console.warning($0) })
            try store.recordCheck(CheckRecord(
                exercise: report.exercise, file: report.file, status: report.status.rawValue,
                passed: report.score, total: report.maxScore,
                failedTests: report.tests.filter { $0.status != .pass }.map(\.name),
                durationMilliseconds: report.durationMilliseconds
            ))
        } catch let error as any UserFacingError {
            context.console.warning("this check was not saved to your progress: \(error.message)")
        } catch {
            context.console.warning("this check was not saved to your progress: \(error)")
        }
    }
}

/// A `check` command line that names no file or a bad job count.
enum CheckUsageError: UserFacingError {
    case missingFile
    case badJobs(String)

    var message: String {
        switch self {
        case .missingFile: "check needs the exercise file to check, e.g. 'cachetutor check ThumbnailCache.swift'"
        case let .badJobs(value): "--jobs needs a positive whole number, not '\(value)'"
        }
    }

    var exitCode: ExitCode { .usage }
}

/// The report could not be written to the file `--output` names.
struct CheckOutputError: UserFacingError {
    let file: String
    let reason: String
    var message: String { "\(file): cannot write the report (\(reason))" }
    var exitCode: ExitCode { .cannotCreate }
}
