import Foundation
import Synchronization
import TutorGrading
import TutorTerminal

/// Grades many submissions in parallel workers, through the gradebook's cache, committing
/// each result the moment it is known.
///
/// For each submission a worker reads the bytes once, hashes them, and looks in the
/// gradebook: the same file under the same setup is reused as it is; under other
/// weights it is re-scored without running; otherwise a private copy of exactly those
/// bytes is graded (so the hash always describes what ran) and the result is recorded
/// in its own transaction. A grader failure (the tool's, not the student's) is reported
/// and not recorded, so the next run tries again. Each submission runs in the grader's
/// own sandbox with its own limits, so a hostile one costs at most its own time.
///
///     let batch = BatchGrader(grader: grader, gradebook: book, setup: setup)
///     let outcome = try batch.grade(found.submissions, runID: run) { progress in … }
public struct BatchGrader: Sendable {
    /// What a batch produced.
    public struct Outcome: Sendable {
        /// One result per submission graded or reused, sorted by student.
        public var results: [StudentResult]
        /// Submissions the grader could not grade.
        public var toolErrors: [ClassReport.ToolError]
    }

    /// The single-submission pipeline.
    public var grader: any SubmissionGrader
    /// Where results are looked up and recorded.
    public var gradebook: Gradebook
    /// Exercise, harness, extra tests and weights.
    public var setup: GradingSetup
    /// Whether to grade again even what the gradebook already holds.
    public var force: Bool
    /// Where private copies of submissions are made.
    public var scratch: URL

    /// A batch grader.
    public init(grader: any SubmissionGrader, gradebook: Gradebook, setup: GradingSetup, force: Bool = false,
                scratch: URL = FileManager.default.temporaryDirectory) {
        self.grader = grader
        self.gradebook = gradebook
        self.setup = setup
        self.force = force
        self.scratch = scratch
    }

    /// Grades `submissions` as run `runID`, calling `progress` (serially) after each one.
    public func grade(_ submissions: [Submission], runID: String, progress: @escaping @Sendable (BatchProgress) -> Void = { _ in }) throws -> Outcome {
        Self.removeAbandonedWorkspaces(in: scratch)
        let workspace = scratch.appendingPathComponent("\(Self.workspacePrefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }

        let started = Date()
        let shared = Shared(State(progress: BatchProgress(total: submissions.count, done: 0, failures: 0, cached: 0, elapsed: 0, gradingSeconds: 0, gradedNow: 0)))
        grader.forEachSubmission(submissions.count) { index in
            let submission = submissions[index]
            let clock = Date()
            let outcome = gradeOne(submission, index: index, workspace: workspace, runID: runID)
            shared.state.withLock { state in
                state.record(outcome, seconds: Date().timeIntervalSince(clock), elapsed: Date().timeIntervalSince(started))
                progress(state.progress)
            }
        }
        return shared.state.withLock { state in
            Outcome(results: state.results.sorted { $0.student < $1.student }, toolErrors: state.toolErrors.sorted { $0.student < $1.student })
        }
    }

    static let workspacePrefix = "cachetutor-grade-workspace-"

    /// The pid in a workspace name `cachetutor-grade-workspace-PID-UUID`, or nil for any
    /// other name: only folders this exact shape are ever treated as a grader's own.
    static func workspaceOwner(_ name: String) -> Int32? {
        guard name.hasPrefix(workspacePrefix) else { return nil }
        let parts = name.dropFirst(workspacePrefix.count).split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let pid = Int32(parts[0]), pid > 0, UUID(uuidString: String(parts[1])) != nil else { return nil }
        return pid
    }

    /// Removes the private copies a killed run left behind: workspaces named after a
    /// process that no longer exists. A live process's workspace is never touched.
    static func removeAbandonedWorkspaces(in scratch: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
        for name in names {
            guard let pid = workspaceOwner(name) else { continue }
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: scratch.appendingPathComponent(name))
            }
        }
    }

    enum SingleOutcome {
        case graded(StudentResult)
        case cached(StudentResult)
        case toolError(ClassReport.ToolError)
    }

    func gradeOne(_ submission: Submission, index: Int, workspace: URL, runID: String) -> SingleOutcome {
        let student = submission.student, file = submission.relativePath
        func toolError(_ message: String) -> SingleOutcome { .toolError(ClassReport.ToolError(student: student, file: file, message: message)) }
        guard let data = FileManager.default.contents(atPath: submission.file.path) else {
            return toolError("\(file) could not be read")
        }
        let bytes = [UInt8](data)
        guard ClassFolderScanner.classify(bytes) == .text, bytes.count <= SubmissionDiscovery.defaultSizeLimit else {
            return toolError("\(file) changed while the class was being graded and is no longer Swift text within the size limit")
        }
        let hash = SHA256.hexDigest(of: bytes)
        do {
            if !force {
                if let stored = try gradebook.cachedResult(student: student, file: file, fileHash: hash, setup: setup) {
                    return .cached(stored)
                }
                if let report = try gradebook.reportUnderOtherWeights(student: student, file: file, fileHash: hash, setup: setup) {
                    let (points, maxPoints) = StudentResult.score(report, weights: setup.weights)
                    let result = StudentResult(student: student, file: file, fileHash: hash, report: report, points: points, maxPoints: maxPoints, gradedAt: Date(), fromCache: true)
                    return .cached(try gradebook.record(result, setup: setup, run: runID, rescored: true))
                }
            }
            // Grade a private copy of exactly the bytes hashed, under the student's own file name.
            let folder = workspace.appendingPathComponent("\(index)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let copy = folder.appendingPathComponent(submission.file.lastPathComponent)
            try data.write(to: copy)
            let report: GradingReport
            do {
                report = try grader.grade(file: copy, displayPath: file)
            } catch {
                return toolError("the grader failed: \(userFacingMessage(error))")
            }
            let (points, maxPoints) = StudentResult.score(report, weights: setup.weights)
            let result = StudentResult(student: student, file: file, fileHash: hash, report: report, points: points, maxPoints: maxPoints, gradedAt: Date())
            return .graded(try gradebook.record(result, setup: setup, run: runID, forcedBy: force ? runID : ""))
        } catch {
            return toolError("the gradebook failed: \(userFacingMessage(error))")
        }
    }

    /// What the workers have done so far.
    final class Shared: Sendable {
        let state: Mutex<State>

        init(_ state: State) { self.state = Mutex(state) }
    }

    struct State {
        var progress: BatchProgress
        var results: [StudentResult] = []
        var toolErrors: [ClassReport.ToolError] = []

        mutating func record(_ outcome: SingleOutcome, seconds: Double, elapsed: Double) {
            progress.done += 1
            progress.elapsed = elapsed
            switch outcome {
            case let .graded(result):
                results.append(result)
                progress.gradedNow += 1
                progress.gradingSeconds += seconds
                if result.report.status != .pass { progress.failures += 1 }
                progress.latest = (result.student, BatchGrader.outcomeText(result))
            case let .cached(result):
                results.append(result)
                progress.cached += 1
                if result.report.status != .pass { progress.failures += 1 }
                progress.latest = (result.student, BatchGrader.outcomeText(result) + " (unchanged)")
            case let .toolError(error):
                toolErrors.append(error)
                progress.failures += 1
                progress.latest = (error.student, "not graded: \(error.message)")
            }
        }
    }

    static func outcomeText(_ result: StudentResult) -> String {
        let score = "\(Points.format(result.points))/\(Points.format(result.maxPoints))"
        switch result.report.status {
        case .pass: return "pass \(score)"
        case .fail: return "fail \(score)"
        case .error: return "did not compile"
        }
    }
}
