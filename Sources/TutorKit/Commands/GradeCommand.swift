import Foundation
import TutorGradebook
import TutorGrading
import TutorTerminal

/// `cachetutor grade`: grade a folder of submissions in parallel, with a gradebook and reports.
///
///     $ cachetutor grade submissions/
///     $ cachetutor grade submissions/ --weights weights.txt --format csv --output grades.csv
///     $ cachetutor grade submissions/ --shard 3/8 --gradebook shard-3.sqlite3
///     $ cachetutor grade --merge shard-*.sqlite3 --format html --output class.html
///     $ cachetutor grade submissions/ --exercise ProfileStore --due 2026-12-15T23:59Z --late-penalty 10%/day
///     $ cachetutor grade --report --roster roster.csv --format canvas --output canvas.csv
///     $ cachetutor grade --adjust alice=+2 --reason "regraded test 4 by hand"
enum GradeCommand: Command {
    static let formats = ["text", "csv", "json", "junit", "gradescope", "html", "canvas", "moodle"]

    static let spec = CommandSpec(
        name: "grade",
        abstract: "Grade a folder of submissions in parallel, with a gradebook and reports.",
        discussion: """
        FOLDER holds one file per student (alice.swift) or one folder per student (alice/ThumbnailCache.swift); anything else is listed as skipped with the reason. \
        Each submission goes through the same sandboxed pipeline as 'cachetutor check'. Results go to a SQLite gradebook (default: gradebook.sqlite3 beside FOLDER) as soon as each is known, \
        so an interrupted run resumes where it stopped and an unchanged submission is never graded twice. \
        One gradebook holds a whole course: grade each exercise with --exercise, then 'grade --report' shows students by exercises with totals. \
        --due, --extensions, --late-penalty and --grace set an exercise's deadline (kept in the gradebook); submission times come from each student folder's last git commit, else the file's time, else --timestamps. \
        --weights, --tests and --timestamps are kept per exercise too: a later run without them scores as the last did, and one that changes them says so. \
        Exit status: 0 every student passed (or a merge, report or adjustment was written), 1 some did not (or a student's entry was skipped), 64 usage, 65 bad input (no submissions, a malformed weights, roster, extensions or timestamps file, extra tests that do not build), 66 missing folder or file, 70 the grader failed for some submission, 73 a report cannot be written.
        """,
        arguments: [ArgumentSpec(name: "FOLDER", help: "The class folder; with --merge, the gradebooks to merge.", isOptional: true, isRepeating: true)],
        options: [
            OptionSpec(name: "exercise", valueName: "EXERCISE", help: "The exercise graded (default: ThumbnailCache); with --report, the exercises shown (NAME,NAME…)."),
            OptionSpec(name: "tests", valueName: "DIR", help: "Extra hidden tests of your own (Swift files), run after the built-in ones; kept for the exercise ('none' drops them)."),
            OptionSpec(name: "weights", valueName: "FILE", help: "Points per test, one 'test_name = points' per line; '* = N' for the rest; kept for the exercise (default: 1 each; 'none' goes back to it)."),
            OptionSpec(name: "jobs", short: "j", valueName: "N", help: "Test processes at once, over the whole class (default: four per core; tests mostly wait)."),
            .flag("force", help: "Grade every submission again, even those the gradebook already holds."),
            .flag("allow-unisolated", help: "Grade even where tests cannot be fully isolated (no bubblewrap, no user namespaces); the report says so."),
            OptionSpec(name: "gradebook", valueName: "FILE", help: "The gradebook (default: gradebook.sqlite3 beside FOLDER; gradebook-shard-I-of-N.sqlite3 with --shard)."),
            OptionSpec(name: "shard", valueName: "I/N", help: "Grade only part I of N of the class (by a hash of the student's name), for job arrays."),
            .flag("merge", help: "Merge the gradebooks of shards (given as arguments) into --gradebook, and report on the whole class."),
            OptionSpec(name: "format", valueName: "FORMAT", help: "text (default), csv, json, junit, gradescope, html, or an LMS import: canvas or moodle (with --roster).", choices: formats),
            OptionSpec(name: "output", short: "o", valueName: "PATH", help: "Write the report to PATH (for gradescope: a folder, one STUDENT/results.json each)."),
            OptionSpec(name: "visibility", valueName: "WHEN", help: "For gradescope: when students see their results and tests (default: visible).", choices: GradescopeReportFormatter.visibilities),
            .flag("similarity", help: "Also list pairs of submissions that are suspiciously alike (MOSS-style winnowing), clustered, with their shared fragments."),
            OptionSpec(name: "similarity-threshold", valueName: "X", help: "The lowest similarity listed, 0 to 1 (default: 0.6)."),
            .flag("report", help: "Grade nothing: report on every exercise the gradebook holds, students by exercises with totals (text, csv, html, canvas, moodle)."),
            OptionSpec(name: "roster", valueName: "FILE", help: "CSV mapping each folder to a person: folder and any of name, email, lms_id, sis_id, sis_login, section."),
            OptionSpec(name: "due", valueName: "WHEN", help: "The exercise's deadline, with a zone (2026-12-15T23:59Z), or 'none'; kept in the gradebook."),
            OptionSpec(name: "extensions", valueName: "FILE", help: "Per-student deadlines, one 'student = WHEN' per line."),
            OptionSpec(name: "late-penalty", valueName: "RULE", help: "What lateness costs: '10%/day', '5%/hour max 50%', 'zero' or 'none' (default)."),
            OptionSpec(name: "grace", valueName: "LENGTH", help: "Lateness forgiven, e.g. 15m or 1h (default: 0)."),
            OptionSpec(name: "timestamps", valueName: "FILE", help: "CSV of student,timestamp: submission times that replace git's and the files'; kept for the exercise ('none' drops them)."),
            OptionSpec(name: "only", valueName: "NAMES", help: "Grade just these students again (alice,bob), keeping everyone else's results."),
            OptionSpec(name: "adjust", valueName: "STUDENT=±N", help: "Record a manual adjustment (alice=+2), kept in every report and the history; needs --reason.", isRepeating: true),
            OptionSpec(name: "reason", valueName: "TEXT", help: "Why the --adjust was made."),
        ],
        examples: [
            "cachetutor grade submissions/",
            "cachetutor grade submissions/ --weights weights.txt --format csv --output grades.csv",
            "cachetutor grade submissions/ --format html --output class.html --similarity",
            "cachetutor grade submissions/ --format gradescope --visibility after_published --output results/",
            "cachetutor grade submissions/ --shard 3/8",
            "cachetutor grade --merge gradebook-shard-*.sqlite3 --gradebook class.sqlite3 --format csv",
            "cachetutor grade submissions/ --exercise ProfileStore --due 2026-12-15T23:59Z --late-penalty '10%/day max 50%' --grace 15m",
            "cachetutor grade submissions/ --only alice,bob",
            "cachetutor grade --report --roster roster.csv --format html --output course.html",
            "cachetutor grade --report --roster roster.csv --format moodle --output moodle.csv",
            "cachetutor grade --adjust alice=+2 --reason \"test 4 regraded by hand\" --exercise ProfileStore",
        ]
    )

    static func run(_ parsed: ParsedCommand, in context: CommandContext) throws -> ExitCode {
        // A test process that dies before reading what the grader writes to it, or a reader
        // that stops early (`| head`), must cost an EPIPE, never the whole batch.
        signal(SIGPIPE, SIG_IGN)
        let request = try GradeRequest(parsed, in: context)
        let console = context.console
        var report: ClassReport
        switch request.mode {
        case .report:
            return try writeCourseReport(request, context: context)
        case let .adjust(changes, reason):
            return try adjust(changes, reason: reason, request: request, context: context)
        case .merge:
            let merged = try Gradebook.merge(request.inputs, into: request.gradebook) { console.warning($0) }
            // The merged class as the gradebook now holds it, with its deadlines, adjustments and weights.
            report = try Gradebook(url: request.gradebook).classReport(of: merged.setup.exercise, roster: request.options.roster, now: SystemWallClock().now) ?? merged.report
            for index in report.results.indices { report.results[index].fromCache = false }
            try write(report, request: request, console: console)
            // Merging is not grading: it succeeded once the class is merged and reported, so a
            // script under `set -e` goes on to its next report whoever failed. Only students a
            // shard could not grade (rerun that shard, then merge again) make it fail.
            return report.toolErrors.isEmpty ? .success : .software
        case .grade:
            report = try grade(request, context: context)
        }
        try write(report, request: request, console: console)
        if !report.toolErrors.isEmpty { return .software }
        return report.allPassed ? .success : .testsFailed
    }

    private static func grade(_ request: GradeRequest, context: CommandContext) throws -> ClassReport {
        let console = context.console
        var configuration = GraderConfiguration(environment: context.environment)
        configuration.exercise = request.options.exercise
        configuration.exercisesFolder = request.exercisesFolder
        configuration.extraTests = request.options.extraTests?.files ?? []
        // One pool serves every submission: --jobs test processes, each under its own limits,
        // and a few files compiling beside them; untrusted code runs only with every layer of
        // isolation, unless told.
        configuration.jobs = request.options.jobs
        configuration.submissionsInFlight = request.options.jobs + 2
        configuration.requiresFullIsolation = !request.allowUnisolated
        configuration.firstTestAlone = true
        let grader = CheckPipelineGrader(grader: try Grader(configuration: configuration))
        let display = GradeProgressDisplay(console: console)
        if display.isTerminal { display.status("Preparing the grader (the first run builds the harness)…") }
        defer { display.finish() }
        let times = GitSubmissionTimes(classFolder: request.options.folder, path: context.environment["PATH"] ?? "/usr/bin:/bin")
        return try ClassGrader(grader: grader, gradebookURL: request.gradebook, times: times, warn: { console.warning($0) })
            .run(request.options, onStart: display.start, progress: display.update)
    }

    private static func write(_ report: ClassReport, request: GradeRequest, console: Console) throws {
        let summary = ClassTextFormatter(style: console.style).format(report)
        if request.format == "gradescope" {
            let folder = request.output!
            for file in try GradescopeReportFormatter(visibility: request.visibility).format(report) {
                let url = folder.appendingPathComponent(GradeRequest.safeFileName(file.student), isDirectory: true).appendingPathComponent("results.json")
                try save(file.json, to: url, creatingFolder: true)
            }
            console.write(summary)
            console.line("Wrote \(report.results.count) Gradescope results files under \(request.outputPath!)/")
            return
        }
        let text: String
        switch request.format {
        case "canvas", "moodle":
            text = try lmsExport(CourseReport(reports: [report], roster: request.options.roster), format: request.format, console: console).text
        case "csv": text = CSVReportFormatter().format(report)
        case "json": text = try JSONReportFormatter().format(report)
        case "junit": text = ClassJUnitFormatter().format(report)
        case "html": text = HTMLReportFormatter().format(report)
        default: text = request.output == nil ? summary : ClassTextFormatter(style: .plain).format(report)
        }
        if let output = request.output {
            try save(text, to: output, creatingFolder: false)
            console.write(summary)
            console.line("Wrote the \(request.format) report to \(request.outputPath!)")
        } else {
            console.write(text)
        }
    }

    static func save(_ text: String, to url: URL, creatingFolder: Bool) throws {
        do {
            if creatingFolder { try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true) }
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw GradebookError.cannotWrite(url.path, reason: (error as NSError).localizedDescription)
        }
    }
}
