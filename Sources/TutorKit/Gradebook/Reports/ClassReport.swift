import Foundation
import TutorGrading

/// Everything one grading run found about a class, ready for any report format.
public struct ClassReport: Sendable, Equatable {
    /// The exercise graded.
    public var exercise: String
    /// One result per graded student, sorted by student.
    public var results: [StudentResult]
    /// Entries of the class folder that were not graded.
    public var skipped: [SkippedEntry]
    /// Students whose grading failed for a reason of the tool's, not theirs; not in the gradebook.
    public var toolErrors: [ToolError]
    /// Every test of the exercise, in the order the grader runs them.
    public var testNames: [String]
    /// The weights the scores were computed with.
    public var weights: TestWeights
    /// The score inputs kept for the exercise (the weights file's name among them), when known.
    public var scoring: ScoreInputs?
    /// What this run changed in the score inputs kept for the exercise, one phrase each
    /// (``ScoreInputs/changes(from:)``); empty when nothing changed.
    public var scoringChanges: [String] = []
    /// Suspiciously alike pairs and their clusters, when the similarity check ran.
    public var similarity: SimilarityReport?
    /// When each student handed their work in, where known.
    public var timing: [String: SubmissionTime] = [:]
    /// The exercise's deadlines and late policy.
    public var deadlines = Deadlines()
    /// The instructor's adjustments, by student.
    public var adjustments: [String: [Adjustment]] = [:]
    /// Who the students are, when a roster was given.
    public var roster: Roster?
    /// The moment the report describes: a roster student with nothing handed in scores 0
    /// once their deadline is before it.
    public var now: Date?

    /// A student the tool could not grade, and why.
    public struct ToolError: Sendable, Equatable, Codable {
        /// The student.
        public var student: String
        /// The file, relative to the class folder.
        public var file: String
        /// What went wrong.
        public var message: String
    }

    /// Assembles a report; a result with no test results (a compile error) is given the
    /// class's maximum, so every student is out of the same points.
    public init(exercise: String, results: [StudentResult], skipped: [SkippedEntry], toolErrors: [ToolError] = [], weights: TestWeights = .equal, similarity: SimilarityReport? = nil) {
        var names: [String] = []
        var seen: Set<String> = []
        for result in results {
            for test in result.report.tests where seen.insert(test.name).inserted { names.append(test.name) }
        }
        let classMax = names.reduce(0) { $0 + weights.points(for: $1) }
        self.exercise = exercise
        self.results = results.map { result in
            var result = result
            if result.report.tests.isEmpty { result.maxPoints = classMax }
            return result
        }.sorted { $0.student < $1.student }
        self.skipped = skipped.sorted { $0.path < $1.path }
        self.toolErrors = toolErrors.sorted { $0.student < $1.student }
        self.testNames = names
        self.weights = weights
        self.similarity = similarity
    }

    /// The points every student is out of: the weights of every test the class ran.
    public var maxPoints: Double { testNames.reduce(0) { $0 + weights.points(for: $1) } }

    /// `result`'s grade with its late penalty and the instructor's adjustments.
    public func grade(for result: StudentResult) -> FinalGrade {
        let late = deadlines.assess(student: result.student, submitted: timing[result.student]?.date, raw: result.points, maxPoints: result.maxPoints)
        return FinalGrade(raw: result.points, maxPoints: result.maxPoints, late: late, adjustments: adjustments[result.student] ?? [])
    }

    /// Roster students with no entry at all in the class folder, in roster order.
    public var missingStudents: [Roster.Person] {
        guard let roster else { return [] }
        let present = Set(results.map(\.student) + skipped.compactMap(\.student) + toolErrors.map(\.student))
        return roster.people.filter { !present.contains($0.folder) }
    }

    /// Students in the class folder whom the roster does not list; empty without a roster.
    public var unrosteredStudents: [String] {
        guard let roster else { return [] }
        let listed = Set(roster.people.map(\.folder))
        let present = Set(results.map(\.student) + skipped.compactMap(\.student) + toolErrors.map(\.student))
        return present.subtracting(listed).sorted()
    }

    /// Whether `student`'s deadline had passed at ``now`` (false without a deadline or a now).
    public func isPastDeadline(_ student: String) -> Bool {
        guard let now, let deadline = deadlines.deadline(for: student) else { return false }
        return now > deadline
    }

    /// Counts, averages, the histogram and per-test pass rates.
    public var summary: ClassSummary { ClassSummary(self) }

    /// A sentence for every report when some submission's tests ran without full isolation
    /// (graded with `--allow-unisolated`), or nil.
    public var isolationWarning: String? {
        let partial = results.compactMap { result in result.report.isolation.flatMap { $0.isComplete ? nil : $0 } }
        guard let first = partial.first else { return nil }
        return "\(partial.count) of \(results.count) submissions were graded without \(first.missingLayers.joined(separator: ", ")) isolation (--allow-unisolated): their code could reach what those layers would have hidden."
    }

    /// Whether the whole class passed, as `grade`'s exit status reads it: every graded
    /// submission passed every test, and no student's entry was skipped or left ungraded.
    public var allPassed: Bool {
        !results.isEmpty && results.allSatisfy { $0.report.status == .pass } && toolErrors.isEmpty && skipped.allSatisfy { $0.student == nil }
    }
}
