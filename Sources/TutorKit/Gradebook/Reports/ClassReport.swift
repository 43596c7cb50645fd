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
    /// Suspiciously alike pairs, when the similarity check ran.
    public var similarity: [SimilarPair]?

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
    public init(exercise: String, results: [StudentResult], skipped: [SkippedEntry], toolErrors: [ToolError] = [], weights: TestWeights = .equal, similarity: [SimilarPair]? = nil) {
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
