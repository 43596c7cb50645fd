import TutorGrading

/// Why a student lost points, in one line: what the class table shows beside each score.
///
/// A file that did not compile shows its first compiler error. A file whose tests all
/// ended one way shows that way once: a submission that exits in its initialiser fails
/// its first test and the rest are not run, so the line is how many tests it cost and the
/// first test's message ("exited before reporting a result: does the code call exit()?"),
/// not twenty test names. One failing test shows its name and
/// message; several different ones, their names.
///
///     MainCause.line(erin)    // "20 of 20 tests: exited before reporting a result: does the code call exit()?"
///     MainCause.line(carol)   // "cost_whole_sizes, cost_fractional_sizes"
public enum MainCause {
    /// The line for `result`, empty when every test passed; several failing tests show as
    /// the first three names and how many more.
    public static func line(_ result: StudentResult) -> String {
        let names = result.failingTests
        let line = explanation(result) ?? (names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", +\(names.count - 3) more" : ""))
        guard let timing = timing(result) else { return line }
        return line.isEmpty ? timing : line + " · " + timing
    }

    /// The one cause behind every lost point, or nil when the failing tests' names are the
    /// best summary (several tests failing in different ways) or nothing failed.
    public static func explanation(_ result: StudentResult) -> String? {
        let report = result.report
        if report.status == .error {
            return report.compilerMessage?.split(separator: "\n").first.map(String.init) ?? "did not compile"
        }
        let failing = report.tests.filter { $0.status != .pass }
        guard let first = failing.first else { return nil }
        let cost = "\(failing.count) of \(report.tests.count) \(report.tests.count == 1 ? "test" : "tests")"
        if failing.contains(where: { $0.message?.hasPrefix("not run:") ?? false }) {
            // The tests not run point at the one that stopped them: that one is the cause.
            let root = failing.first { !($0.message?.hasPrefix("not run:") ?? false) } ?? first
            return "\(cost): \(message(root))"
        }
        if failing.count > 1, Set(failing.map(message)).count == 1 { return "\(cost): \(message(first))" }
        if failing.count == 1 { return "\(first.name): \(message(first))" }
        return nil
    }

    /// The tests whose verdict depended on timing, in a few words, or nil.
    public static func timing(_ result: StudentResult) -> String? {
        let timed = result.report.tests.filter { $0.timingDependence != nil }
        guard !timed.isEmpty else { return nil }
        return "timing decided " + timed.map(\.name).joined(separator: ", ")
    }

    /// A test's message's first line (without "the test process", which every such line
    /// would repeat), or how it ended.
    private static func message(_ test: TestResult) -> String {
        guard let line = test.message?.split(separator: "\n").first.map(String.init) else { return "ended with status \(test.status.rawValue)" }
        return line.hasPrefix("the test process ") ? String(line.dropFirst("the test process ".count)) : line
    }
}
