import Foundation
import Synchronization
@testable import TutorGradebook
import TutorGrading

/// A grader that reads its verdict from markers in the submission, so batch logic is
/// tested without a compiler.
///
/// `// fail: NAME` fails that test, `// crash: NAME` crashes it, `// compile error`
/// gives status error, `// grader breaks` makes the grader throw, `// slow` sleeps 50 ms.
final class FakeGrader: SubmissionGrader {
    static let tests = ["uses_nscache", "cost_limit_20mb", "cost_whole_sizes", "returns_stored_image", "miss_generates_once"]

    let version: String
    private let calls = Mutex<[String]>([])
    /// Four submissions in flight, as a real grader's submissions lane holds them.
    private let pool = WorkerPool(tests: 1, submissions: 4)

    init(version: String = "fake-1") { self.version = version }

    func forEachSubmission(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        _ = pool.map(Array(0..<count), lane: .submissions, body)
    }

    /// The display paths graded so far, in order.
    var graded: [String] { calls.withLock { $0 } }

    func identity() throws -> String { "FakeGrader \(version)" }

    func grade(file: URL, displayPath: String) throws -> GradingReport {
        calls.withLock { $0.append(displayPath) }
        let source = try String(contentsOf: file, encoding: .utf8)
        if source.contains("// grader breaks") { throw FakeGraderError() }
        if source.contains("// slow") { Thread.sleep(forTimeInterval: 0.05) }
        if source.contains("// compile error") {
            return GradingReport(exercise: "ThumbnailCache", file: displayPath, status: .error,
                                 compilerMessage: "\(displayPath):3:5: error: cannot find 'NSCach' in scope", tests: [], score: 0, maxScore: Self.tests.count, durationMilliseconds: 300)
        }
        let tests = Self.tests.map { name -> TestResult in
            if source.contains("// fail: \(name)") {
                return TestResult(name: name, summary: "contract point of \(name)", status: .fail, message: "\(name) went wrong; expected otherwise", lesson: "05-eviction", output: "printed <b>&\u{1}", durationMilliseconds: 12)
            }
            if source.contains("// crash: \(name)") {
                return TestResult(name: name, summary: "contract point of \(name)", status: .crash, message: "the test process died of signal 4", durationMilliseconds: 8)
            }
            return TestResult(name: name, summary: "contract point of \(name)", status: .pass, durationMilliseconds: 5)
        }
        let passed = tests.filter { $0.status == .pass }.count
        return GradingReport(exercise: "ThumbnailCache", file: displayPath, status: passed == tests.count ? .pass : .fail,
                             tests: tests, score: passed, maxScore: tests.count, durationMilliseconds: 400)
    }
}

struct FakeGraderError: Error, CustomStringConvertible {
    var description: String { "the harness could not be built" }
}
