import TutorGrading

/// The class at a glance: counts, score statistics, a histogram and per-test pass rates.
public struct ClassSummary: Sendable, Equatable {
    /// Submissions graded.
    public var graded: Int
    /// Submissions that passed every test.
    public var passed: Int
    /// Submissions that compiled and failed some test.
    public var failed: Int
    /// Submissions that did not compile or could not run.
    public var errors: Int
    /// Entries skipped, of which `skippedStudents` stand for a student.
    public var skipped: Int
    /// Skipped entries that stand for a student (an empty `bob.swift`, a folder with two files).
    public var skippedStudents: Int
    /// The mean score as a fraction, 0…1.
    public var mean: Double
    /// The median score as a fraction, 0…1.
    public var median: Double
    /// Counts of students per tenth of the maximum: bucket 0 is below 10 %, bucket 9 is 90 % and up.
    public var histogram: [Int]
    /// Pass rate of each test, in the tests' order, over the submissions that ran.
    public var testRates: [TestRate]

    /// How many of the submissions that ran passed one test.
    public struct TestRate: Sendable, Equatable {
        /// The test.
        public var name: String
        /// Its one-line contract point.
        public var summary: String
        /// Submissions that passed it.
        public var passed: Int
        /// Submissions that ran it.
        public var ran: Int

        /// `passed / ran`, 0 when nothing ran.
        public var rate: Double { ran > 0 ? Double(passed) / Double(ran) : 0 }
    }

    /// The summary of `report`.
    public init(_ report: ClassReport) {
        let results = report.results
        graded = results.count
        passed = results.filter { $0.report.status == .pass }.count
        errors = results.filter { $0.report.status == .error }.count
        failed = graded - passed - errors
        skipped = report.skipped.count
        skippedStudents = Set(report.skipped.compactMap(\.student)).count
        // Statistics describe the scores that count: after late penalties and adjustments.
        let fractions = results.map { result in
            result.maxPoints > 0 ? max(0, report.grade(for: result).final / result.maxPoints) : 0
        }.sorted()
        mean = fractions.isEmpty ? 0 : fractions.reduce(0, +) / Double(fractions.count)
        if fractions.isEmpty {
            median = 0
        } else if fractions.count % 2 == 1 {
            median = fractions[fractions.count / 2]
        } else {
            median = (fractions[fractions.count / 2 - 1] + fractions[fractions.count / 2]) / 2
        }
        histogram = Self.histogram(fractions)
        testRates = report.testNames.map { name in
            var rate = TestRate(name: name, summary: "", passed: 0, ran: 0)
            for result in results {
                guard let test = result.report.tests.first(where: { $0.name == name }) else { continue }
                if rate.summary.isEmpty { rate.summary = test.summary }
                rate.ran += 1
                if test.status == .pass { rate.passed += 1 }
            }
            return rate
        }
    }

    /// Students per tenth of the maximum score.
    public static func histogram(_ fractions: [Double]) -> [Int] {
        var buckets = [Int](repeating: 0, count: 10)
        for fraction in fractions {
            // A tiny epsilon keeps 0.7 (7 of 10 tests) in the 70 % bucket despite rounding.
            buckets[min(9, max(0, Int(fraction * 10 + 1e-9)))] += 1
        }
        return buckets
    }

    /// The label of histogram bucket `index` (`0–9 %`, `90–100 %`).
    public static func bucketLabel(_ index: Int) -> String {
        index == 9 ? "90–100 %" : "\(index * 10)–\(index * 10 + 9) %"
    }
}
