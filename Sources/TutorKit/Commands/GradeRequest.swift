import Foundation
import TutorGradebook
import TutorGrading
import TutorTerminal

/// What a `cachetutor grade` command line asks for, checked before any work starts.
struct GradeRequest {
    var options: ClassGrader.Options
    var merge: Bool
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

    init(_ parsed: ParsedCommand, in context: CommandContext) throws {
        merge = parsed.flag("merge")
        exercisesFolder = (try? context.course(parsed))?.exercises
        allowUnisolated = parsed.flag("allow-unisolated")
        format = parsed.value("format") ?? "text"
        outputPath = parsed.value("output")
        output = outputPath.map(context.resolve)
        if format == "gradescope", output == nil { throw GradeUsageError.gradescopeNeedsOutput }
        visibility = parsed.value("visibility") ?? "visible"
        if parsed.value("visibility") != nil, format != "gradescope" { throw GradeUsageError.visibilityNeedsGradescope }

        if merge {
            guard !parsed.positionals.isEmpty else { throw GradeUsageError.nothingToMerge }
            for option in ["exercise", "tests", "weights", "jobs", "shard", "similarity-threshold"] where parsed.value(option) != nil {
                throw GradeUsageError.notWithMerge(option)
            }
            if parsed.flag("force") || parsed.flag("similarity") { throw GradeUsageError.notWithMerge(parsed.flag("force") ? "force" : "similarity") }
            inputs = parsed.positionals.map(context.resolve)
            gradebook = context.resolve(parsed.value("gradebook") ?? "gradebook.sqlite3")
            options = ClassGrader.Options(folder: context.workingDirectory)
            return
        }

        guard parsed.positionals.count == 1 else {
            throw parsed.positionals.isEmpty ? GradeUsageError.missingFolder : GradeUsageError.severalFolders
        }
        let folder = context.resolve(parsed.positionals[0])
        inputs = [folder]
        var options = ClassGrader.Options(folder: folder)
        if let exercise = parsed.value("exercise") {
            try Self.checkExercise(exercise, parsed: parsed, context: context)
            options.exercise = exercise
        }
        if let jobs = parsed.value("jobs") {
            guard let count = Int(jobs), count > 0 else { throw GradeUsageError.badJobs(jobs) }
            options.jobs = count
        }
        options.force = parsed.flag("force")
        if let shard = parsed.value("shard") { options.shard = try Shard.parse(shard) }
        if let path = parsed.value("weights") {
            let url = context.resolve(path)
            guard let data = FileManager.default.contents(atPath: url.path) else { throw GradebookError.unreadable(path) }
            guard let text = String(data: data, encoding: .utf8) else { throw GradebookError.badWeights(file: path, line: 1, problem: "not UTF-8 text") }
            options.weights = try TestWeights.parse(text, file: path)
            options.weightsFile = path
        }
        if let path = parsed.value("tests") {
            options.extraTests = try ExtraTests.load(context.resolve(path))
        }
        if parsed.flag("similarity") || parsed.value("similarity-threshold") != nil {
            let text = parsed.value("similarity-threshold") ?? String(SimilarityChecker.defaultThreshold)
            guard let threshold = Double(text), (0 ... 1).contains(threshold) else { throw GradeUsageError.badThreshold(text) }
            options.similarityThreshold = threshold
            options.starter = Self.starter(exercise: options.exercise, parsed: parsed, context: context)
        }
        if let output { options.ownFiles = [output] }
        self.options = options

        if let path = parsed.value("gradebook") {
            gradebook = context.resolve(path)
        } else {
            let name = options.shard == .all ? "gradebook.sqlite3" : "gradebook-shard-\(options.shard.index)-of-\(options.shard.count).sqlite3"
            gradebook = folder.deletingLastPathComponent().appendingPathComponent(name)
        }
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

/// A `grade` command line that cannot be run as written.
enum GradeUsageError: UserFacingError, Equatable {
    case missingFolder
    case severalFolders
    case badJobs(String)
    case badThreshold(String)
    case gradescopeNeedsOutput
    case visibilityNeedsGradescope
    case nothingToMerge
    case notWithMerge(String)
    case unknownExercise(String, known: [String], suggestion: String?)

    var message: String {
        switch self {
        case .missingFolder: "grade needs the folder of submissions, e.g. 'cachetutor grade submissions/'"
        case .severalFolders: "grade takes one folder of submissions; to combine shards use 'cachetutor grade --merge FILE…'"
        case let .badJobs(value): "--jobs needs a positive whole number, not '\(value)'"
        case let .badThreshold(value): "--similarity-threshold needs a number from 0 to 1, not '\(value)'"
        case .gradescopeNeedsOutput: "--format gradescope writes one results.json per student; give the folder with --output DIR"
        case .visibilityNeedsGradescope: "--visibility sets who sees Gradescope results; use it with --format gradescope"
        case .nothingToMerge: "--merge needs the gradebooks of the shards, e.g. 'cachetutor grade --merge gradebook-shard-*.sqlite3'"
        case let .notWithMerge(option): "--\(option) cannot be used with --merge: merging only combines results already graded"
        case let .unknownExercise(name, known, suggestion):
            "no exercise named '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; the course has \(known.joined(separator: ", "))")
        }
    }

    var exitCode: ExitCode { .usage }
}
