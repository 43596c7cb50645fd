import Foundation
import TutorGrading

/// One student's graded submission, as a gradebook row and every report sees it.
public struct StudentResult: Sendable, Equatable, Codable {
    /// The student (`alice`).
    public var student: String
    /// The file graded, relative to the class folder (`alice/ThumbnailCache.swift`).
    public var file: String
    /// SHA-256 of the file's bytes.
    public var fileHash: String
    /// What the grader found.
    public var report: GradingReport
    /// Points earned under the run's weights.
    public var points: Double
    /// Points available under the run's weights.
    public var maxPoints: Double
    /// When the submission was graded (for a cached result: when it was first graded).
    public var gradedAt: Date
    /// Whether this run took the result from the gradebook rather than running the submission.
    public var fromCache: Bool
    /// The gradebook row the result is stored as, once it is.
    public var attemptID: String?

    /// A result with every field given.
    public init(student: String, file: String, fileHash: String, report: GradingReport, points: Double, maxPoints: Double, gradedAt: Date, fromCache: Bool = false, attemptID: String? = nil) {
        self.student = student
        self.file = file
        self.fileHash = fileHash
        self.report = report
        self.points = points
        self.maxPoints = maxPoints
        self.gradedAt = gradedAt
        self.fromCache = fromCache
        self.attemptID = attemptID
    }

    /// The names of the tests that did not pass, in the tests' order.
    public var failingTests: [String] { report.tests.filter { $0.status != .pass }.map(\.name) }

    /// The score as a fraction of the maximum, 0…1 (0 when nothing could be earned).
    public var fraction: Double { maxPoints > 0 ? points / maxPoints : 0 }

    /// The points `weights` give `report`: the sum over passed tests, out of the sum over all.
    public static func score(_ report: GradingReport, weights: TestWeights) -> (points: Double, maxPoints: Double) {
        let maxPoints = report.tests.reduce(0) { $0 + weights.points(for: $1.name) }
        guard report.status != .error else { return (0, maxPoints) }
        let points = report.tests.filter { $0.status == .pass }.reduce(0) { $0 + weights.points(for: $1.name) }
        return (points, maxPoints)
    }
}
