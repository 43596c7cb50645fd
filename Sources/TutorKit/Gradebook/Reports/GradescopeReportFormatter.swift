import Foundation
import TutorGrading

/// One Gradescope autograder `results.json` per student.
///
/// Top level: `score` (the final score: tests, late penalty and adjustments), `max_score`,
/// `execution_time` (seconds), `output` (a one-line summary, or the compiler's message,
/// then how lateness and each adjustment changed the score, with the reason), `visibility`, `stdout_visibility` and `tests[]`;
/// each test has `name`, `number`, `score`, `max_score` (from the weights), `status`
/// (`passed`/`failed`), `output` (what happened, what was expected, the lesson to read)
/// and `visibility`. A submission that did not compile lists every test as failed, so its
/// maximum matches everyone else's. What the code printed and the compiler's message are
/// capped (``CappedText``), so one flooding submission cannot bloat its results file.
public struct GradescopeReportFormatter: Sendable {
    /// The visibilities Gradescope knows: shown at once, never, after the due date, or
    /// once the grades are published.
    public static let visibilities = ["visible", "hidden", "after_due_date", "after_published"]

    /// Who sees the results and each test: one of ``visibilities``.
    public var visibility: String

    /// A formatter; by default the student sees the tests at once.
    public init(visibility: String = "visible") { self.visibility = visibility }

    /// One results file per graded student: the student and the JSON text.
    public func format(_ report: ClassReport) throws(ReportEncodingError) -> [(student: String, json: String)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var files: [(student: String, json: String)] = []
        for result in report.results {
            do {
                files.append((result.student, String(decoding: try encoder.encode(document(for: result, in: report)), as: UTF8.self) + "\n"))
            } catch {
                throw ReportEncodingError(format: "gradescope", reason: "\(result.student): \(error)")
            }
        }
        return files
    }

    func document(for result: StudentResult, in report: ClassReport) -> Results {
        let compiled = result.report.status != .error
        let tests: [Test] = report.testNames.enumerated().map { offset, name in
            let points = report.weights.points(for: name)
            guard compiled, let test = result.report.tests.first(where: { $0.name == name }) else {
                return Test(name: name, number: "\(offset + 1)", score: 0, maxScore: points, status: "failed",
                            output: compiled ? "This test did not run." : "The submission did not compile, so this test could not run.", visibility: visibility)
            }
            var output = test.summary
            if test.status != .pass {
                output += "\n\n" + (test.message.map { CappedText.cap($0, bytes: CappedText.messageBytes) } ?? "It ended with status \(test.status.rawValue).")
                if let lesson = test.lesson { output += "\nRead lesson \(lesson)." }
                if !test.output.isEmpty { output += "\n\nYour code printed:\n" + CappedText.cap(test.output, bytes: CappedText.outputBytes) }
            }
            return Test(name: name, number: "\(offset + 1)", score: test.status == .pass ? points : 0, maxScore: points,
                        status: test.status == .pass ? "passed" : "failed", output: output, visibility: visibility)
        }
        var summary = compiled
            ? "\(result.report.tests.filter { $0.status == .pass }.count) of \(result.report.tests.count) hidden tests passed."
            : "Your file did not compile:\n" + CappedText.cap(result.report.compilerMessage ?? "", bytes: CappedText.compilerMessageBytes)
        let grade = report.grade(for: result)
        var changes = [GradeNotes.lateness(grade.late, time: report.timing[result.student]).map { "Handed in " + $0 }].compactMap { $0 }
        changes += grade.adjustments.map { "Adjusted " + GradeNotes.adjustment($0) }
        if !changes.isEmpty {
            summary += "\n\n" + changes.joined(separator: "\n") + "\nScore: " + (GradeNotes.arithmetic(grade) ?? Points.format(grade.final)) + "."
        }
        return Results(score: grade.final, maxScore: result.maxPoints, executionTime: Double(result.report.durationMilliseconds) / 1000,
                       output: summary, visibility: visibility, stdoutVisibility: "hidden", tests: tests)
    }

    struct Results: Encodable {
        var score, maxScore, executionTime: Double
        var output, visibility, stdoutVisibility: String
        var tests: [Test]

        enum CodingKeys: String, CodingKey {
            case score, output, visibility, tests
            case maxScore = "max_score"
            case executionTime = "execution_time"
            case stdoutVisibility = "stdout_visibility"
        }
    }

    struct Test: Encodable {
        var name, number: String
        var score, maxScore: Double
        var status, output, visibility: String

        enum CodingKeys: String, CodingKey {
            case name, number, score, status, output, visibility
            case maxScore = "max_score"
        }
    }
}
