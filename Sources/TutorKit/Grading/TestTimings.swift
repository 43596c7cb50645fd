import Foundation

/// How long each hidden test took in the last check, kept beside the harness, so that the
/// next check starts the longest tests first (longest processing time first): with eight
/// slots, a 200 ms test started last is what a learner waits for.
///
/// Only an order: a missing or unreadable file means the catalog's order, and a file that
/// cannot be written is skipped; neither changes a verdict.
enum TestTimings {
    static let fileName = "timings.json"

    /// Milliseconds by test name, from the last check graded with `harness`.
    static func load(for harness: Harness) -> [String: Int] {
        guard let data = FileManager.default.contents(atPath: harness.directory.appendingPathComponent(fileName).path),
              let timings = try? JSONDecoder().decode([String: Int].self, from: data)
        else { return [:] }
        return timings
    }

    /// Keeps the durations of the tests in `results` that ran.
    static func save(_ results: [TestResult], for harness: Harness) {
        let ran = results.filter { $0.durationMilliseconds > 0 }
        guard !ran.isEmpty, let data = try? JSONEncoder().encode(Dictionary(ran.map { ($0.name, $0.durationMilliseconds) }, uniquingKeysWith: max)) else { return }
        try? data.write(to: harness.directory.appendingPathComponent(fileName), options: .atomic)
    }

    /// `tests` in the order to start them: the longest known first, ties (and unknown
    /// tests) in catalog order.
    static func startingOrder<Test>(_ tests: [(offset: Int, element: Test)], name: (Test) -> String, timings: [String: Int]) -> [(offset: Int, element: Test)] {
        tests.sorted { ((timings[name($0.element)] ?? 0), -$0.offset) > ((timings[name($1.element)] ?? 0), -$1.offset) }
    }
}
