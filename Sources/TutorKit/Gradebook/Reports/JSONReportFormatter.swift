import Foundation
import TutorGrading

/// The class as JSON: one Exercism-style result per student, plus the class summary.
///
/// Each entry of `students` is an Exercism test-runner `results.json` (version 2:
/// `version`, `status` pass|fail|error, `message` for a compile error, `tests[]` with
/// `name`, `status`, `message`, `output` capped at 500 characters) with the student's
/// `student`, `file`, `file_hash`, `score` (the final score), `max_score`, `duration_ms`
/// and `graded_at` added, and the score's parts: `raw_score`, `late_penalty`,
/// `adjustment`, `adjustments[]` (`points`, `reason`, `made_at`), `submitted_at`,
/// `time_source`, `deadline` and `late_seconds`. A test that crashed, timed out or ended early has Exercism status `error` and
/// keeps its own reason in `cachetutor_status`; a compiler message and a test's message
/// are capped (``CappedText``) like the other reports'. The top level holds `exercise`,
/// `summary` (counts, `mean` and `median` as fractions, `histogram`, per-test pass
/// rates), `deadlines`, `weights` (`points` per test, `file`, `max_score`, `description`), `skipped`, `not_graded`, `no_submission` (roster students who
/// handed nothing in) and, with `--similarity`, `similarity` (`pairs`, and `clusters` with
/// their `closest` pairs; the shared `fragments` are given for the pairs some cluster shows
/// as closest, and are empty for the other flagged pairs, which are listed by score).
public struct JSONReportFormatter: Sendable {
    /// The longest `output` kept per test, as Exercism asks.
    public static let outputLimit = 500

    /// A formatter.
    public init() {}

    /// The JSON text, pretty-printed with sorted keys.
    public func format(_ report: ClassReport) throws(ReportEncodingError) -> String {
        let document = Document(report)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
        } catch {
            throw ReportEncodingError(format: "json", reason: "\(error)")
        }
    }

    struct Document: Encodable {
        var exercise: String
        var summary: Summary
        var students: [Student]
        var skipped: [Skipped]
        var notGraded: [ClassReport.ToolError]
        var noSubmission: [String]
        var deadlines: DeadlineRules
        var weights: Weights
        var similarity: Similarity?

        enum CodingKeys: String, CodingKey {
            case exercise, summary, students, skipped, similarity, deadlines, weights
            case notGraded = "not_graded"
            case noSubmission = "no_submission"
        }

        init(_ report: ClassReport) {
            exercise = report.exercise
            summary = Summary(report.summary)
            students = report.results.map { Student($0, in: report) }
            skipped = report.skipped.map { Skipped(path: $0.path, student: $0.student, reason: $0.reason.description) }
            notGraded = report.toolErrors
            noSubmission = report.missingStudents.map { $0.folder.isEmpty ? $0.displayName : $0.folder }
            deadlines = DeadlineRules(report.deadlines)
            weights = Weights(report)
            similarity = report.similarity.map { Similarity(threshold: $0.threshold, pairs: $0.pairs, clusters: $0.clusters) }
        }
    }

    struct Similarity: Encodable {
        var threshold: Double
        var pairs: [SimilarPair]
        var clusters: [SimilarityCluster]
    }

    /// The weights every score uses: each test's points, the file they came from, in words.
    struct Weights: Encodable {
        var points: [String: Double]
        var file: String?
        var maxScore: Double
        var description: String

        enum CodingKeys: String, CodingKey {
            case points, file, description
            case maxScore = "max_score"
        }

        init(_ report: ClassReport) {
            points = Dictionary(uniqueKeysWithValues: report.testNames.map { ($0, report.weights.points(for: $0)) })
            file = report.scoring.flatMap { $0.weights == report.weights && !$0.weightsFile.isEmpty ? $0.weightsFile : nil }
            maxScore = report.maxPoints
            description = GradeNotes.weights(report)
        }
    }

    struct DeadlineRules: Encodable {
        var due: Date?
        var extensions: [String: Date]
        var latePenalty: String
        var graceSeconds: Double

        enum CodingKeys: String, CodingKey {
            case due, extensions
            case latePenalty = "late_penalty"
            case graceSeconds = "grace_seconds"
        }

        init(_ deadlines: Deadlines) {
            due = deadlines.due
            extensions = deadlines.extensions
            latePenalty = deadlines.policy.description
            graceSeconds = deadlines.grace
        }
    }

    struct AdjustmentEntry: Encodable {
        var points: Double
        var reason: String
        var madeAt: Date

        enum CodingKeys: String, CodingKey {
            case points, reason
            case madeAt = "made_at"
        }
    }

    struct Summary: Encodable {
        var graded, passed, failed, errors, skipped: Int
        var mean, median: Double
        var histogram: [Bucket]
        var tests: [Rate]

        init(_ summary: ClassSummary) {
            graded = summary.graded
            passed = summary.passed
            failed = summary.failed
            errors = summary.errors
            skipped = summary.skipped
            mean = summary.mean
            median = summary.median
            histogram = summary.histogram.enumerated().map { Bucket(range: ClassSummary.bucketLabel($0.offset), count: $0.element) }
            tests = summary.testRates.map { Rate(name: $0.name, summary: $0.summary, passed: $0.passed, ran: $0.ran, rate: $0.rate) }
        }
    }

    struct Bucket: Encodable {
        var range: String
        var count: Int
    }

    struct Rate: Encodable {
        var name, summary: String
        var passed, ran: Int
        var rate: Double
    }

    struct Skipped: Encodable {
        var path: String
        var student: String?
        var reason: String
    }

    struct Student: Encodable {
        var version = 2
        var student, file, fileHash: String
        var status: String
        var message: String?
        var tests: [Test]
        var score, maxScore: Double
        var durationMilliseconds: Int
        var gradedAt: Date
        var rawScore, latePenalty, adjustment, lateSeconds: Double
        var adjustments: [AdjustmentEntry]
        var submittedAt: Date?
        var timeSource: String?
        var deadline: Date?

        enum CodingKeys: String, CodingKey {
            case version, student, file, status, message, tests, score, adjustment, adjustments, deadline
            case fileHash = "file_hash"
            case maxScore = "max_score"
            case durationMilliseconds = "duration_ms"
            case gradedAt = "graded_at"
            case rawScore = "raw_score"
            case latePenalty = "late_penalty"
            case lateSeconds = "late_seconds"
            case submittedAt = "submitted_at"
            case timeSource = "time_source"
        }

        init(_ result: StudentResult, in report: ClassReport) {
            let grade = report.grade(for: result)
            rawScore = grade.raw
            latePenalty = grade.penalty
            adjustment = grade.adjustment
            lateSeconds = grade.late.lateBy
            adjustments = grade.adjustments.map { AdjustmentEntry(points: $0.points, reason: $0.reason, madeAt: $0.madeAt) }
            submittedAt = report.timing[result.student]?.date
            timeSource = report.timing[result.student]?.source.stored
            deadline = grade.late.deadline
            student = result.student
            file = result.file
            fileHash = result.fileHash
            status = result.report.status.rawValue
            message = result.report.compilerMessage.map { CappedText.cap($0, bytes: CappedText.compilerMessageBytes) }
            tests = result.report.tests.map(Test.init)
            score = grade.final
            maxScore = result.maxPoints
            durationMilliseconds = result.report.durationMilliseconds
            gradedAt = result.gradedAt
        }
    }

    struct Test: Encodable {
        var name: String
        var status: String
        var cachetutorStatus: String
        var message: String?
        var output: String?

        enum CodingKeys: String, CodingKey {
            case name, status, message, output
            case cachetutorStatus = "cachetutor_status"
        }

        init(_ test: TestResult) {
            name = test.name
            switch test.status {
            case .pass: status = "pass"
            case .fail: status = "fail"
            case .crash, .timeout, .incomplete: status = "error"
            }
            cachetutorStatus = test.status.rawValue
            message = test.message.map { CappedText.cap($0, bytes: CappedText.messageBytes) }
            output = test.output.isEmpty ? nil : JSONReportFormatter.capped(test.output)
        }
    }

    /// `text` cut to ``outputLimit`` characters, with a notice when cut.
    static func capped(_ text: String) -> String {
        guard text.count > outputLimit else { return text }
        let notice = "… (output cut at \(outputLimit) characters)"
        return String(text.prefix(outputLimit - notice.count)) + notice
    }
}
