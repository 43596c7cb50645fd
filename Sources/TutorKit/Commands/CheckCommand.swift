import Foundation
import TutorCourse
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
        arguments: [ArgumentSpec(name: "FILE", help: "The exercise file to check (ThumbnailCache.swift); its name, or the type it declares, picks the exercise.", completion: .files(extension: "swift"))],
        options: [
            OptionSpec(name: "exercise", valueName: "EXERCISE", help: "The exercise the file is for, when its name does not say."),
            OptionSpec(name: "format", valueName: "FORMAT", help: "text (default), json (Exercism results.json v2) or junit (JUnit XML).", choices: ReportFormat.allCases.map(\.rawValue)),
            OptionSpec(name: "output", short: "o", valueName: "FILE", help: "Write the report to FILE instead of standard output."),
            OptionSpec(name: "jobs", short: "j", valueName: "N", help: "Tests run at once (default: four per core; tests mostly wait)."),
            .flag("watch", short: "w", help: "Check again each time the file is saved, one screen per check, until Ctrl-C."),
            .flag("verbose", short: "v", help: "Every test, and every failure in full (without it: the first failure in full with its hint, the others grouped by cause and contract point)."),
        ],
        examples: [
            "cachetutor check exercises/ThumbnailCache.swift",
            "cachetutor check mine.swift --exercise ProfileStore",
            "cachetutor check --watch exercises/ProfileStore.swift",
            "cachetutor check --verbose exercises/ThumbnailCache.swift",
            "cachetutor check ThumbnailCache.swift --format json --output results.json",
        ]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        guard let path = parsed.positionals.first else { throw CheckUsageError.missingFile }
        if parsed.flag("watch") {
            if parsed.value("format") != nil || parsed.value("output") != nil { throw CheckUsageError.watchWithReportFile }
            return try watch(path: path, exercise: parsed.value("exercise"), jobs: parsed.value("jobs"), returnsOnEnter: false, course: context.course(parsed), context: context)
        }
        let format = ReportFormat(rawValue: parsed.value("format") ?? "text") ?? .text
        return try check(path: path, exercise: parsed.value("exercise"), jobs: parsed.value("jobs"), format: format,
                         output: parsed.value("output"), verbose: parsed.flag("verbose"), course: context.course(parsed), context: context)
    }

    /// Checks the file at `path` and prints (or, with `output`, writes) the report; also
    /// what `check` inside `learn` runs. Printed, the text report is brief unless `verbose`;
    /// written to a file, it is whole.
    static func check(path: String, exercise: String?, jobs: String?, format: ReportFormat = .text, output: String? = nil,
                      verbose: Bool = false, course: CourseLocation, context: CommandContext) throws -> ExitCode {
        let file = context.resolve(path)
        let source = try SubmissionReader.read(file, displayPath: path)
        let progress = BuildProgressLine(console: context.console)
        defer { progress.endLine() }
        let prepared = try prepare(file: file, source: source, exercise: exercise, jobs: jobs, course: course, context: context, progress: progress)
        let grader = prepared.grader
        // Ctrl-C stops the check (and a first check's build) at once, leaving nothing half-built.
        let report = try Interrupt.catching { try grader.grade(source: source, displayPath: path) }
        followEditor(grader, environment: context.environment)
        // The learner runs their own code, so the check goes on; it says what was missing.
        if let isolation = report.isolation, !isolation.isComplete, let sandbox = try? grader.prepareSandbox() {
            context.console.warning("tests ran without \(isolation.missingLayers.joined(separator: ", ")) isolation (\(sandbox.fallbackReasons.joined(separator: "; "))); for full isolation install bubblewrap")
        }
        let hints = try? String(contentsOf: grader.exercise.hints, encoding: .utf8)
        let text = try format.render(report, style: output == nil ? context.console.style : .plain,
                                     detail: output == nil && !verbose ? .brief : .full,
                                     hint: { point in hints.flatMap { ExerciseContent.hint(point, in: $0) } })
        if let output {
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
        return exitCode(for: report)
    }

    /// `check --watch PATH`, and `watch` inside `learn` (where Enter returns to the lesson).
    static func watch(path: String, exercise: String?, jobs: String?, returnsOnEnter: Bool, course: CourseLocation, context: CommandContext) throws -> ExitCode {
        let file = context.resolve(path)
        let source = try SubmissionReader.read(file, displayPath: path)
        let prepared = try prepare(file: file, source: source, exercise: exercise, jobs: jobs, course: course, context: context,
                                   progress: BuildProgressLine(console: context.console))
        let watcher = try InotifySaveWatcher(file: file, readsEnter: returnsOnEnter)
        let watch = CheckWatch(
            file: file, displayPath: path, exercise: prepared.exercise, nextExercise: prepared.nextExercise,
            grader: prepared.grader, context: context, returnsOnEnter: returnsOnEnter
        )
        return try watch.run(watcher: watcher)
    }

    /// Points an editor set up for the exercise at the harness this check used, which is a
    /// new one after cachetutor or the compiler changed. Best effort: the verdict stands
    /// whatever happens to the link.
    private static func followEditor(_ grader: Grader, environment: [String: String]) {
        let editor = EditorHarness(cacheRoot: HarnessBuilder.cacheRoot(environment: environment), exercise: grader.exercise)
        guard editor.isLinked, let harness = try? grader.prepareHarness() else { return }
        try? editor.link(to: harness)
    }

    /// The grader for the exercise `file` is for, and the exercise after it in the course.
    private static func prepare(file: URL, source: String, exercise option: String?, jobs: String?, course: CourseLocation, context: CommandContext,
                                progress: BuildProgressLine) throws -> (grader: Grader, exercise: String, nextExercise: String?) {
        let catalog = try ExerciseCatalog(folder: course.exercises)
        let exercise = try ExerciseSelection.choose(option: option, fileName: file.lastPathComponent, source: source, in: catalog)
        var configuration = GraderConfiguration(environment: context.environment)
        configuration.exercise = exercise.name
        configuration.exercisesFolder = course.exercises
        configuration.buildProgress = progress.handler
        if let jobs {
            guard let count = Int(jobs), count > 0 else { throw CheckUsageError.badJobs(jobs) }
            configuration.jobs = count
        }
        let next = catalog.exercises.drop { $0.name != exercise.name }.dropFirst().first?.name
        return (try Grader(configuration: configuration), exercise.name, next)
    }

    /// 0 every test passed, 1 some failed, 2 it did not compile or run.
    static func exitCode(for report: GradingReport) -> ExitCode {
        switch report.status {
        case .pass: .success
        case .fail: .testsFailed
        case .error: .couldNotRun
        }
    }

    /// Saves the check in the learner's progress; a failure to save never fails the check.
    static func record(_ report: GradingReport, in context: CommandContext) {
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
    case watchWithReportFile

    var message: String {
        switch self {
        case .missingFile: "check needs the exercise file to check, e.g. 'cachetutor check ThumbnailCache.swift'"
        case let .badJobs(value): "--jobs needs a positive whole number, not '\(value)'"
        case .watchWithReportFile: "--watch shows one screen per save; it takes neither --format nor --output"
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
