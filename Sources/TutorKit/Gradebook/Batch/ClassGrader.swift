import Foundation
import TutorGrading
import TutorStorage

/// One `cachetutor grade` run over a class folder, from the listing to the class report.
///
/// Scans and sorts the folder, keeps this shard's part, grades it through the gradebook's
/// cache in parallel, records what the run reported, and (when asked) compares the
/// submissions with each other. Effects are limited to the folder read, the gradebook
/// written and the grader called, so the whole flow is tested with a fake grader.
public struct ClassGrader: Sendable {
    /// What to grade and how.
    public struct Options: Sendable {
        /// The class folder.
        public var folder: URL
        /// The exercise (`ThumbnailCache`).
        public var exercise: String = "ThumbnailCache"
        /// Points per test.
        public var weights: TestWeights = .equal
        /// The weights file, for messages about unknown test names.
        public var weightsFile: String?
        /// The instructor's extra tests; the grader must have been made with the same files.
        public var extraTests: ExtraTests?
        /// Test processes at once, over the whole class.
        public var jobs: Int = GraderConfiguration.defaultJobs
        /// Re-grade even what the gradebook holds.
        public var force = false
        /// The part of the class to grade.
        public var shard: Shard = .all
        /// The similarity threshold, or nil to skip the check.
        public var similarityThreshold: Double?
        /// The exercise's starter file, whose code never counts as similar.
        public var starter: String?
        /// Files cachetutor itself writes (a report given to `--output`); never listed as
        /// skipped when they sit in the class folder. The gradebook is always left out.
        public var ownFiles: [URL] = []

        /// Options for grading `folder`.
        public init(folder: URL) { self.folder = folder }
    }

    /// The single-submission pipeline.
    public var grader: any SubmissionGrader
    /// The gradebook file results go to; it is opened (or created) only once the folder,
    /// the weights and the grader are known to be good, so a mistyped command leaves no file.
    public var gradebookURL: URL
    /// Told when the gradebook file was damaged or foreign and has been set aside.
    public var warn: @Sendable (String) -> Void

    /// A class grader.
    public init(grader: any SubmissionGrader, gradebookURL: URL, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.grader = grader
        self.gradebookURL = gradebookURL
        self.warn = warn
    }

    /// Grades the class as `options` say and returns the report.
    ///
    /// - Parameter onStart: told how many submissions will be graded, before the first one.
    /// - Throws: ``GradebookError`` for a missing folder, a folder with no submissions, or
    ///   weights naming a test the exercise lacks; `StorageError` when the gradebook fails.
    public func run(_ options: Options, onStart: (Int) -> Void = { _ in }, progress: @escaping @Sendable (BatchProgress) -> Void = { _ in }) throws -> ClassReport {
        let book = gradebookURL.standardizedFileURL.path
        let own = Set(([book, book + "-wal", book + "-shm", book + "-journal", book + ".lock"] + options.ownFiles.map(\.standardizedFileURL.path)))
        let listing = try ClassFolderScanner().scan(options.folder).filter {
            !own.contains(options.folder.appendingPathComponent($0.name).standardizedFileURL.path)
        }
        let found = SubmissionDiscovery(exercise: options.exercise).discover(listing, in: options.folder)
        let submissions = found.submissions.filter { options.shard.contains(student: $0.student) }
        let skipped = found.skipped.filter { options.shard.contains(student: $0.student ?? $0.path) }
        guard !found.submissions.isEmpty else {
            throw GradebookError.noSubmissions(options.folder.path, skipped: found.skipped.count)
        }

        if let names = try grader.prepare(), let file = options.weightsFile {
            try options.weights.validate(against: names, file: file)
        }
        let setup = GradingSetup(exercise: options.exercise, harness: SHA256.hexDigest(of: Array(try grader.identity().utf8)),
                                 extraTests: options.extraTests?.identity ?? "", weights: options.weights)
        let gradebook = try Gradebook(url: gradebookURL, warn: warn)
        let runID = try gradebook.beginRun(source: options.folder.path, shard: options.shard.description, setup: setup)
        onStart(submissions.count)
        let batch = BatchGrader(grader: grader, gradebook: gradebook, setup: setup, jobs: options.jobs, force: options.force)
        let outcome = try batch.grade(submissions, runID: runID, progress: progress)
        try gradebook.finishRun(runID, results: outcome.results, skipped: skipped, toolErrors: outcome.toolErrors)

        var report = ClassReport(exercise: options.exercise, results: outcome.results, skipped: skipped, toolErrors: outcome.toolErrors, weights: options.weights)
        if let file = options.weightsFile, !report.testNames.isEmpty {
            try options.weights.validate(against: report.testNames, file: file)
        }
        if let threshold = options.similarityThreshold {
            var sources: [String: String] = [:]
            for submission in submissions {
                if let data = FileManager.default.contents(atPath: submission.file.path) { sources[submission.student] = String(decoding: data, as: UTF8.self) }
            }
            report.similarity = SimilarityChecker(threshold: threshold, starter: options.starter).pairs(sources)
        }
        return report
    }
}
