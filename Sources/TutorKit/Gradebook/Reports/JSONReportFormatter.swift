import Foundation
import TutorGrading

/// The class as JSON: one Exercism-style result per student, plus the class summary.
///
/// Each entry of `students` is an Exercism test-runner `results.json` (version 2:
/// `version`, `status` pass|fail|error, `message` for a compile error, `tests[]` with
/// `name`, `status`, `message`, `output` capped at 500 characters) with the student's
/// `student`, `file`, `file_hash`, `score`, `max_score`, `duration_ms` and `graded_at`
/// added. A test that crashed, timed out or ended early has Exercism status `error` and
/// keeps its own reason in `cachetutor_status`; a compiler message and a test's message
/// are capped (``CappedText``) like the other reports'. The top level holds `exercise`,
/// `summary` (counts, `mean` and `median` as fractions, `histogram`, per-test pass
/// rates), `skipped`, `not_graded` and, with `--similarity`, `similarity`.
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
        var similarity: [SimilarPair]?

        enum CodingKeys: String, CodingKey {
            case exercise, summary, students, skipped, similarity
            case notGraded = "not_graded"
        }

        init(_ report: ClassReport) {
            exercise = report.exercise
            summary = Summary(report.summary)
            students = report.results.map(Student.init)
            skipped = report.skipped.map { Skipped(path: $0.path, student: $0.student, reason: $0.reason.description) }
            notGraded = report.toolErrors
            similarity = report.similarity
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

        enum CodingKeys: String, CodingKey {
            case version, student, file, status, message, tests, score
            case fileHash = "file_hash"
            case maxScore = "max_score"
            case durationMilliseconds = "duration_ms"
            case gradedAt = "graded_at"
        }

        init(_ result: StudentResult) {
            student = result.student
            file = result.file
            fileHash = result.fileHash
            status = result.report.status.rawValue
            message = result.report.compilerMessage.map { CappedText.cap($0, bytes: CappedText.compilerMessageBytes) }
            tests = result.report.tests.map(Test.init)
            score = result.points
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
