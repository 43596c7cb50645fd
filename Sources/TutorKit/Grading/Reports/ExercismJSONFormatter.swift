import Foundation

/// Exercism's test-runner `results.json` (version 2), plus `exercise`, `score`,
/// `max_score`, `duration_ms`, `compile_ms`, `isolation` (what the tests' sandbox held) and
/// each test's `duration_ms`.
///
/// Exercism knows three test statuses: a crash, a timeout or a missing result is its
/// `error`, with the cachetutor status named at the start of the message. Each test's
/// `output` is capped at 500 characters, as Exercism requires.
public enum ExercismJSONFormatter {
    /// The most output characters per test.
    public static let outputLimit = 500

    private struct Results: Encodable {
        var version = 2
        var status: String
        var message: String?
        var tests: [Test]
        var exercise: String
        var score: Int
        var maxScore: Int
        var durationMs: Int
        var compileMs: Int?
        var isolation: IsolationReport?

        enum CodingKeys: String, CodingKey {
            case version, status, message, tests, exercise, score, isolation
            case maxScore = "max_score"
            case durationMs = "duration_ms"
            case compileMs = "compile_ms"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(status, forKey: .status)
            try container.encode(message, forKey: .message)
            try container.encode(tests, forKey: .tests)
            try container.encode(exercise, forKey: .exercise)
            try container.encode(score, forKey: .score)
            try container.encode(maxScore, forKey: .maxScore)
            try container.encode(durationMs, forKey: .durationMs)
            try container.encodeIfPresent(compileMs, forKey: .compileMs)
            try container.encodeIfPresent(isolation, forKey: .isolation)
        }
    }

    private struct Test: Encodable {
        var name: String
        var status: String
        var message: String?
        var output: String?
        var durationMs: Int

        enum CodingKeys: String, CodingKey {
            case name, status, message, output
            case durationMs = "duration_ms"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(status, forKey: .status)
            try container.encode(message, forKey: .message)
            try container.encode(output, forKey: .output)
            try container.encode(durationMs, forKey: .durationMs)
        }
    }

    /// The JSON text, pretty-printed, keys sorted so the same report always reads the same.
    public static func format(_ report: GradingReport) throws(ReportEncodingError) -> String {
        let results = Results(
            status: report.status.rawValue,
            message: report.status == .error ? report.compilerMessage : nil,
            tests: report.tests.map(test),
            exercise: report.exercise,
            score: report.score,
            maxScore: report.maxScore,
            durationMs: report.durationMilliseconds,
            compileMs: report.compileMilliseconds,
            isolation: report.isolation
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(results), as: UTF8.self) + "\n"
        } catch {
            throw ReportEncodingError(format: "json", reason: "\(error)")
        }
    }

    private static func test(_ result: TestResult) -> Test {
        let status: String
        var message = result.message
        switch result.status {
        case .pass: status = "pass"
        case .fail: status = "fail"
        case .crash, .timeout, .incomplete:
            status = "error"
            message = "\(result.status.rawValue): " + (result.message ?? "no result")
        }
        if let lesson = result.lesson, result.status != .pass {
            message = (message ?? "") + " (read lesson \(lesson))"
        }
        return Test(name: result.name, status: status, message: message, output: cappedOutput(result.output), durationMs: result.durationMilliseconds)
    }

    static func cappedOutput(_ output: String) -> String? {
        guard !output.isEmpty else { return nil }
        guard output.count > outputLimit else { return output }
        let notice = "\n[output truncated to \(outputLimit) characters]"
        return String(output.prefix(outputLimit - notice.count)) + notice
    }
}
