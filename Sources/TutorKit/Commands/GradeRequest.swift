import Foundation
import TutorGradebook
import TutorGrading
import TutorTerminal

/// What a `cachetutor grade` command line asks for, checked before any work starts.
///
/// Every input file (weights, roster, extensions, timestamps) is read and checked here,
/// before the gradebook is opened, so a malformed one never leaves a gradebook changed.
struct GradeRequest {
    /// What the command line asks `grade` to do.
    enum Mode {
        /// Grade the class folder.
        case grade
        /// Merge shards' gradebooks.
        case merge
        /// Report on the course the gradebook holds, grading nothing.
        case report
        /// Record manual adjustments: students and points from `--adjust`, and the `--reason`.
        case adjust([(student: String, points: Double)], reason: String)
    }

    var mode: Mode
    var options: ClassGrader.Options
    var inputs: [URL]
    var gradebook: URL
    var format: String
    var visibility: String
    var output: URL?
    var outputPath: String?
    /// Whether to grade without full isolation where the machine cannot give it.
    var allowUnisolated: Bool
    /// The course's `Exercises/` folder, when a course is found.
    var exercisesFolder: URL?
    /// The exercises `--exercise` names (one for grading; any number for `--report`).
    var exercises: [String]
    /// The formats `--report` writes.
    static let reportFormats = ["text", "csv", "html", "canvas", "moodle"]

    init(_ parsed: ParsedCommand, in context: CommandContext) throws {
        exercisesFolder = (try? context.course(parsed))?.exercises
        allowUnisolated = parsed.flag("allow-unisolated")
        format = parsed.value("format") ?? "text"
        outputPath = parsed.value("output")
        output = outputPath.map(context.resolve)
        if format == "gradescope", output == nil { throw GradeUsageError.gradescopeNeedsOutput }
        visibility = parsed.value("visibility") ?? "visible"
        if parsed.value("visibility") != nil, format != "gradescope" { throw GradeUsageError.visibilityNeedsGradescope }
        exercises = (parsed.value("exercise") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        mode = try Self.mode(parsed)
        options = ClassGrader.Options(folder: context.workingDirectory)
        if let path = parsed.value("roster") { options.roster = try Self.roster(path, context: context) }
        if ["canvas", "moodle"].contains(format), options.roster == nil { throw GradeUsageError.lmsNeedsRoster(format) }

        switch mode {
        case .merge:
            guard !parsed.positionals.isEmpty else { throw GradeUsageError.nothingToMerge }
            try Self.refuse(parsed, with: "merge", options: Self.gradingOptions + ["exercise", "only", "reason"], flags: ["force", "similarity"])
            inputs = parsed.positionals.map(context.resolve)
            gradebook = context.resolve(parsed.value("gradebook") ?? "gradebook.sqlite3")
            return
        case .report, .adjust:
            let reporting = if case .report = mode { true } else { false }
            try Self.refuse(parsed, with: reporting ? "report" : "adjust", options: Self.gradingOptions + ["only"] + (reporting ? ["reason"] : []), flags: ["force", "similarity", "merge"])
            if reporting, !Self.reportFormats.contains(format) { throw GradeUsageError.notAReportFormat(format) }
            if !reporting {
                if parsed.value("format") != nil || output != nil { throw GradeUsageError.notWithAdjust(parsed.value("format") != nil ? "format" : "output") }
                if exercises.count > 1 { throw GradeUsageError.oneExerciseToAdjust }
            }
            guard parsed.positionals.count <= 1 else { throw GradeUsageError.severalFolders }
            inputs = parsed.positionals.map(context.resolve)
            gradebook = context.resolve(parsed.value("gradebook") ?? inputs.first.map { $0.deletingLastPathComponent().appendingPathComponent("gradebook.sqlite3").path } ?? "gradebook.sqlite3")
            return
        case .grade:
            break
        }

        guard parsed.positionals.count == 1 else {
            throw parsed.positionals.isEmpty ? GradeUsageError.missingFolder : GradeUsageError.severalFolders
        }
        if parsed.value("reason") != nil { throw GradeUsageError.reasonNeedsAdjust }
        let folder = context.resolve(parsed.positionals[0])
        inputs = [folder]
        options.folder = folder
        if exercises.count > 1 { throw GradeUsageError.oneExerciseToGrade }
        if let exercise = exercises.first {
            try Self.checkExercise(exercise, parsed: parsed, context: context)
            options.exercise = exercise
        }
        if let jobs = parsed.value("jobs") {
            guard let count = Int(jobs), count > 0 else { throw GradeUsageError.badJobs(jobs) }
            options.jobs = count
        }
        options.force = parsed.flag("force")
        if let shard = parsed.value("shard") { options.shard = try Shard.parse(shard) }
        if let only = parsed.value("only") {
            options.only = Array(Set(only.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })).sorted()
            guard !options.only.isEmpty else { throw GradeUsageError.emptyOnly }
            if options.shard != .all { throw GradeUsageError.onlyWithShard }
        }
        // `none` goes back to the default (one point per test, no extra tests, no timestamps);
        // an option left out keeps what the gradebook holds for the exercise.
        if let path = parsed.value("weights") {
            if path == "none" {
                options.weights = .equal
            } else {
                options.weights = try TestWeights.parse(try Self.read(path, context: context), file: path)
                options.weightsFile = path
            }
        }
        let testsGiven = parsed.value("tests")
        if let path = testsGiven, path != "none" {
            options.extraTests = try ExtraTests.load(context.resolve(path))
            options.extraTestsFolder = context.resolve(path).path
        }
        options.deadlineUpdate = try Self.deadlineUpdate(parsed, context: context)
        if let path = parsed.value("timestamps") {
            options.timestamps = path == "none" ? [:] : try TimestampsFile.parse(try Self.read(path, context: context), file: path)
            options.timestampsFile = path == "none" ? nil : path
        }
        if parsed.flag("similarity") || parsed.value("similarity-threshold") != nil {
            let text = parsed.value("similarity-threshold") ?? String(SimilarityChecker.defaultThreshold)
            guard let threshold = Double(text), (0 ... 1).contains(threshold) else { throw GradeUsageError.badThreshold(text) }
            options.similarityThreshold = threshold
            options.starter = Self.starter(exercise: options.exercise, parsed: parsed, context: context)
        }
        if let output { options.ownFiles = [output] }

        if let path = parsed.value("gradebook") {
            gradebook = context.resolve(path)
        } else {
            let name = options.shard == .all ? "gradebook.sqlite3" : "gradebook-shard-\(options.shard.index)-of-\(options.shard.count).sqlite3"
            gradebook = folder.deletingLastPathComponent().appendingPathComponent(name)
        }
        if testsGiven == nil { try keepExtraTests(context: context) }
    }

    /// Without `--tests`, the extra tests the exercise was last scored with, read again
    /// from their folder: the grader must be built with them, so this happens before any
    /// grading. Tests that are gone or changed are refused rather than silently dropped.
    private mutating func keepExtraTests(context: CommandContext) throws {
        guard let kept = try Gradebook.keptScoreInputs(at: gradebook, exercise: options.exercise, warn: { context.console.warning($0) }),
              !kept.extraTests.isEmpty else { return }
        let folder = kept.extraTestsFolder
        let problem: String
        if folder.isEmpty {
            problem = "an older gradebook that did not keep their folder"
        } else if let tests = try? ExtraTests.load(URL(fileURLWithPath: folder)) {
            guard tests.identity != kept.extraTests else {
                options.extraTests = tests
                options.extraTestsFolder = folder
                return
            }
            problem = "\(folder), whose files have changed since"
        } else {
            problem = "\(folder), which is no longer there"
        }
        throw GradebookError.keptExtraTestsMissing(exercise: options.exercise, from: problem)
    }

    /// Options that only make sense when grading a folder.
    private static let gradingOptions = ["tests", "weights", "jobs", "shard", "similarity-threshold", "due", "extensions", "late-penalty", "grace", "timestamps"]

    private static func mode(_ parsed: ParsedCommand) throws -> Mode {
        let adjustments = parsed.allValues("adjust")
        let chosen = [parsed.flag("merge") ? "merge" : nil, parsed.flag("report") ? "report" : nil, adjustments.isEmpty ? nil : "adjust"].compactMap { $0 }
        guard chosen.count <= 1 else { throw GradeUsageError.severalModes(chosen) }
        if parsed.flag("merge") { return .merge }
        if parsed.flag("report") { return .report }
        guard !adjustments.isEmpty else { return .grade }
        guard let reason = parsed.value("reason")?.trimmingCharacters(in: .whitespaces), !reason.isEmpty else { throw GradeUsageError.adjustNeedsReason }
        return .adjust(try adjustments.map(Adjustment.parse), reason: reason)
    }

    private static func refuse(_ parsed: ParsedCommand, with mode: String, options: [String], flags: [String]) throws {
        for option in options where parsed.value(option) != nil { throw GradeUsageError.notWith(option, mode: mode) }
        for flag in flags where parsed.flag(flag) { throw GradeUsageError.notWith(flag, mode: mode) }
    }

    /// The text of the file at `path`, which must exist and be UTF-8.
    static func read(_ path: String, context: CommandContext) throws -> String {
        guard let data = FileManager.default.contents(atPath: context.resolve(path).path) else { throw GradebookError.unreadable(path) }
        guard let text = String(data: data, encoding: .utf8) else { throw GradebookError.badInputFile(file: path, line: 1, problem: "not UTF-8 text; save it as UTF-8 CSV") }
        return text
    }

    private static func roster(_ path: String, context: CommandContext) throws -> Roster {
        let roster = try Roster.parse(try read(path, context: context), file: path)
        if !roster.ignoredColumns.isEmpty {
            context.console.warning("\(path): columns not used: \(roster.ignoredColumns.joined(separator: ", "))")
        }
        return roster
    }

    /// What `--due`, `--extensions`, `--late-penalty` and `--grace` change.
    private static func deadlineUpdate(_ parsed: ParsedCommand, context: CommandContext) throws -> DeadlineUpdate {
        var update = DeadlineUpdate()
        if let due = parsed.value("due") {
            update.setsDue = true
            if due.lowercased() != "none" {
                guard let date = Timestamp.parse(due) else {
                    throw GradebookError.badOptionValue(option: "due", value: due, problem: "expected a date and time with a zone, e.g. \(Timestamp.example), or 'none'")
                }
                update.due = date
            }
        }
        if let path = parsed.value("extensions") {
            var extensions: [String: Date] = [:]
            for entry in try Deadlines.parseExtensions(try read(path, context: context), file: path) { extensions[entry.student] = entry.deadline }
            update.extensions = extensions
        }
        if let penalty = parsed.value("late-penalty") { update.policy = try LatePolicy.parse(penalty) }
        if let grace = parsed.value("grace") {
            guard let seconds = DurationText.parse(grace) else {
                throw GradebookError.badOptionValue(option: "grace", value: grace, problem: "expected a length such as 15m, 2h or 1d")
            }
            update.grace = seconds
        }
        return update
    }

    /// Refuses an exercise the course does not have, suggesting the nearest name.
    private static func checkExercise(_ name: String, parsed: ParsedCommand, context: CommandContext) throws {
        guard let course = try? context.course(parsed) else { return }
        let known = ExerciseDefinition.names(in: course.exercises)
        guard !known.isEmpty, !known.contains(name) else { return }
        throw GradeUsageError.unknownExercise(name, known: known, suggestion: Suggestion.nearest(to: name, in: known))
    }

    /// The exercise's starter file from the course, whose code every student shares.
    private static func starter(exercise: String, parsed: ParsedCommand, context: CommandContext) -> String? {
        guard let course = try? context.course(parsed) else { return nil }
        let url = course.exercises.appendingPathComponent(exercise).appendingPathComponent("\(exercise).swift")
        return FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A student name made safe as one folder name (no `/`, no leading dot).
    static func safeFileName(_ name: String) -> String {
        var safe = name.map { $0 == "/" || $0 == "\0" ? "_" : $0 }.map(String.init).joined()
        if safe.hasPrefix(".") { safe = "_" + safe.dropFirst() }
        return safe.isEmpty ? "_" : safe
    }
}
