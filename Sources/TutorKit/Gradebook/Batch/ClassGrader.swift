import Foundation
import Synchronization
import TutorGrading
import TutorStorage
import TutorTerminal

/// One `cachetutor grade` run over a class folder, from the listing to the class report.
///
/// Scans and sorts the folder, keeps this shard's part (or the students `--only` names),
/// reads when each submission was handed in, grades through the gradebook's cache in
/// parallel, records what the run reported, and (when asked) compares the submissions
/// with each other. The report is the exercise as the gradebook now holds it, with its
/// deadlines and adjustments. Effects are limited to the folder read, the submission
/// times read, the gradebook written, the grader called and the clock, so the whole flow
/// is tested with fakes.
public struct ClassGrader: Sendable {
    /// What to grade and how.
    public struct Options: Sendable {
        /// The class folder.
        public var folder: URL
        /// The exercise (`ThumbnailCache`).
        public var exercise: String = "ThumbnailCache"
        /// Points per test; nil for the ones the gradebook keeps for the exercise (one point
        /// per test the first time).
        public var weights: TestWeights?
        /// The weights file as named, for messages about unknown test names and the reports.
        public var weightsFile: String?
        /// The instructor's extra tests; the grader must have been made with the same files.
        /// The command line resolves kept ones (``ScoreInputs/extraTestsFolder``) before the
        /// grader is made, so here nil means none.
        public var extraTests: ExtraTests?
        /// The folder the extra tests were read from, kept with them.
        public var extraTestsFolder: String?
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
        /// Grade only these students (again, even when unchanged); empty for everyone.
        public var only: [String] = []
        /// Changes to the exercise's deadlines and late policy.
        public var deadlineUpdate = DeadlineUpdate()
        /// Submission times that override what git and the file system say, by student; nil
        /// for the ones the gradebook keeps for the exercise.
        public var timestamps: [String: Date]?
        /// The timestamps file as named, for the reports.
        public var timestampsFile: String?
        /// Who the students are, for the report.
        public var roster: Roster?
        /// Files cachetutor itself writes (a report given to `--output`); never listed as
        /// skipped when they sit in the class folder. The gradebook is always left out.
        public var ownFiles: [URL] = []

        /// Options for grading `folder`.
        public init(folder: URL) { self.folder = folder }

        /// The score inputs this run grades with: what the options give, the rest as `kept`.
        public func scoreInputs(keeping kept: ScoreInputs?) -> ScoreInputs {
            var inputs = kept ?? ScoreInputs()
            if let weights {
                inputs.weights = weights
                inputs.weightsFile = weightsFile ?? ""
            }
            inputs.extraTests = extraTests?.identity ?? ""
            inputs.extraTestsFolder = extraTests == nil ? "" : extraTestsFolder ?? (kept?.extraTests == extraTests?.identity ? kept?.extraTestsFolder ?? "" : "")
            if let timestamps {
                inputs.timestamps = timestamps
                inputs.timestampsFile = timestampsFile ?? ""
            }
            return inputs
        }
    }

    /// The single-submission pipeline.
    public var grader: any SubmissionGrader
    /// The gradebook file results go to; it is opened (or created) only once the folder,
    /// the weights and the grader are known to be good, so a mistyped command leaves no file.
    public var gradebookURL: URL
    /// Told when the gradebook file was damaged or foreign and has been set aside, and of
    /// names in the extensions or timestamps that match no student.
    public var warn: @Sendable (String) -> Void
    /// Reads when each submission was handed in; nil reads git and file times in the folder.
    public var times: (any SubmissionTimeSource)?
    /// Where "now" comes from.
    public var clock: any WallClock

    /// A class grader.
    public init(grader: any SubmissionGrader, gradebookURL: URL, times: (any SubmissionTimeSource)? = nil, clock: any WallClock = SystemWallClock(),
                warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.grader = grader
        self.gradebookURL = gradebookURL
        self.times = times
        self.clock = clock
        self.warn = warn
    }

    /// Grades the class as `options` say and returns the report.
    ///
    /// - Parameter onStart: told how many submissions will be graded, before the first one.
    /// - Throws: ``GradebookError`` for a missing folder, a folder with no submissions,
    ///   weights naming a test the exercise lacks, or `--only` naming a student the folder
    ///   does not hold; `StorageError` when the gradebook fails.
    public func run(_ options: Options, onStart: (Int) -> Void = { _ in }, progress: @escaping @Sendable (BatchProgress) -> Void = { _ in }) throws -> ClassReport {
        let book = gradebookURL.standardizedFileURL.path
        let own = Set(([book, book + "-wal", book + "-shm", book + "-journal", book + ".lock"] + options.ownFiles.map(\.standardizedFileURL.path)))
        let listing = try ClassFolderScanner().scan(options.folder).filter {
            !own.contains(options.folder.appendingPathComponent($0.name).standardizedFileURL.path)
        }
        let found = SubmissionDiscovery(exercise: options.exercise).discover(listing, in: options.folder)
        guard !found.submissions.isEmpty else {
            throw GradebookError.noSubmissions(options.folder.path, skipped: found.skipped.count)
        }
        let inShard = found.submissions.filter { options.shard.contains(student: $0.student) }
        var submissions = inShard
        var skipped = found.skipped.filter { options.shard.contains(student: $0.student ?? $0.path) }
        if !options.only.isEmpty {
            let known = Set(found.submissions.map(\.student) + found.skipped.compactMap(\.student))
            for name in options.only where !known.contains(name) {
                throw GradebookError.unknownStudent(option: "only", name: name, suggestion: Suggestion.nearest(to: name, in: known))
            }
            let chosen = Set(options.only)
            submissions = submissions.filter { chosen.contains($0.student) }
            skipped = skipped.filter { $0.student.map(chosen.contains) ?? false }
        }
        warnAboutUnknownNames(options, students: Set(found.submissions.map(\.student) + found.skipped.compactMap(\.student)))

        // Weights, extra tests and timestamps not given are the ones the exercise was last
        // scored with, so a partial regrade never re-scores the class by accident.
        let kept = try Gradebook.keptScoreInputs(at: gradebookURL, exercise: options.exercise, warn: warn)
        var inputs = options.scoreInputs(keeping: kept)
        if let names = try grader.prepare(), let file = options.weightsFile, let weights = options.weights {
            try weights.validate(against: names, file: file)
        }
        let setup = GradingSetup(exercise: options.exercise, harness: SHA256.hexDigest(of: Array(try grader.identity().utf8)),
                                 extraTests: inputs.extraTests, weights: inputs.weights)
        let timing = submissionTimes(submissions, timestamps: inputs.timestamps, folder: options.folder)
        let gradebook = try Gradebook(url: gradebookURL, warn: warn)
        if !options.deadlineUpdate.isEmpty {
            try gradebook.setDeadlines(options.deadlineUpdate.applied(to: try gradebook.deadlines(of: options.exercise)), of: options.exercise, at: clock.now)
        }
        let changes = kept.map { inputs.changes(from: $0) } ?? []
        if kept.map({ $0.setAt == nil || !$0.isRecorded(as: inputs) }) ?? true {
            try gradebook.setScoreInputs(inputs, of: options.exercise, at: clock.now)
            inputs.setAt = clock.now
        }
        let runID = try gradebook.beginRun(source: options.folder.path, shard: options.shard.description, setup: setup, only: options.only, at: clock.now)
        onStart(submissions.count)
        let batch = BatchGrader(grader: grader, gradebook: gradebook, setup: setup, force: options.force || !options.only.isEmpty)
        let outcome = try batch.grade(submissions, runID: runID, progress: progress)
        try gradebook.finishRun(runID, results: outcome.results, skipped: skipped, toolErrors: outcome.toolErrors, timing: timing, at: clock.now)

        guard var report = try gradebook.classReport(of: options.exercise, roster: options.roster, now: clock.now) else {
            throw GradebookError.badGradebook(file: gradebookURL.path, problem: "the run just finished cannot be read back")
        }
        // What this run graded says whether it was graded now; everyone else comes from the gradebook.
        let thisRun = Dictionary(outcome.results.map { ($0.student, $0.fromCache) }) { first, _ in first }
        for index in report.results.indices { report.results[index].fromCache = thisRun[report.results[index].student] ?? true }
        if let file = options.weightsFile, let weights = options.weights, !report.testNames.isEmpty {
            try weights.validate(against: report.testNames, file: file)
        }
        report.scoring = inputs
        report.scoringChanges = changes
        if let threshold = options.similarityThreshold {
            var sources: [String: String] = [:]
            var files: [String: String] = [:]
            for submission in inShard {
                guard let data = FileManager.default.contents(atPath: submission.file.path) else { continue }
                sources[submission.student] = String(decoding: data, as: UTF8.self)
                files[submission.student] = submission.relativePath
            }
            report.similarity = SimilarityChecker(threshold: threshold, starter: options.starter).report(sources, files: files)
        }
        return report
    }

    /// When each submission was handed in: a `--timestamps` row, else what git or the file says.
    /// Each git read is a process of a few milliseconds that mostly waits, so they run as
    /// many at once as the grader keeps submissions in flight.
    private func submissionTimes(_ submissions: [Submission], timestamps: [String: Date], folder: URL) -> [String: SubmissionTime] {
        let source = times ?? GitSubmissionTimes(classFolder: folder)
        let found = Mutex<[String: SubmissionTime]>([:])
        let pending = submissions.filter { timestamps[$0.student] == nil }
        grader.forEachSubmission(pending.count) { index in
            if let time = source.time(of: pending[index]) { found.withLock { $0[pending[index].student] = time } }
        }
        var timing = found.withLock { $0 }
        for submission in submissions {
            if let stamp = timestamps[submission.student] {
                timing[submission.student] = SubmissionTime(date: stamp, source: .timestampsFile)
            }
        }
        return timing
    }

    /// Names in `--extensions` and `--timestamps` that are no student's: likely typos,
    /// which would otherwise silently give nobody the extension.
    private func warnAboutUnknownNames(_ options: Options, students: Set<String>) {
        let rostered = Set(options.roster?.people.map(\.folder) ?? [])
        for (option, names) in [("extensions", options.deadlineUpdate.extensions.map { Array($0.keys) } ?? []), ("timestamps", Array((options.timestamps ?? [:]).keys))] {
            for name in names.sorted() where !students.contains(name) && !rostered.contains(name) {
                let near = Suggestion.nearest(to: name, in: students).map { "; did you mean '\($0)'?" } ?? ""
                warn("--\(option): '\(name)' is no student of this class\(near)")
            }
        }
    }
}
