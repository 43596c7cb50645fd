import TutorGrading

/// The class as JUnit XML, for CI dashboards: one `<testsuite>` per student, one
/// `<testcase>` per hidden test.
///
/// A failed test carries `<failure>`, a crash, timeout or early end `<error>`, each with
/// the test's message; a submission that did not compile is one `compile` test case with
/// an `<error>` holding the compiler's message. Skipped entries are a suite of one
/// `<skipped>` case. Every string is escaped, and control characters a submission
/// printed are replaced, so the file always parses; printed output, messages and
/// compiler messages are capped (``CappedText``). Each student's suite has `<properties>`
/// with the score's parts (`raw_score`, `late_penalty`, `adjustment`, `final_score`,
/// `max_score`), the submission time and each adjustment's reason.
///
///     <testsuites name="ThumbnailCache" tests="40" failures="3" errors="1" time="12.4">
///       <testsuite name="alice" tests="20" failures="0" errors="0" time="1.2">
///         <testcase classname="alice" name="uses_nscache" time="0.04"/>
public struct ClassJUnitFormatter: Sendable {
    /// A formatter.
    public init() {}

    /// The XML text.
    public func format(_ report: ClassReport) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0, skipped: 0, milliseconds: 0)
        for result in report.results {
            var cases: [String] = []
            var counts = (failures: 0, errors: 0)
            let student = XMLText.escape(result.student)
            if result.report.status == .error {
                counts.errors += 1
                let message = CappedText.cap(result.report.compilerMessage ?? "the submission could not be run", bytes: CappedText.compilerMessageBytes)
                cases.append("    <testcase classname=\"\(XMLText.escape(student))\" name=\"compile\" time=\"0\">\n      <error message=\"did not compile\">\(XMLText.escape(message))</error>\n    </testcase>")
            } else {
                for test in result.report.tests {
                    let head = "    <testcase classname=\"\(XMLText.escape(student))\" name=\"\(XMLText.escape(test.name))\" time=\"\(seconds(test.durationMilliseconds))\""
                    let message = test.message.map { CappedText.cap($0, bytes: CappedText.messageBytes) }
                    let body = [message, test.lesson.map { "Read lesson \($0)." }].compactMap { $0 }.joined(separator: "\n")
                    let output = test.output.isEmpty ? "" : "\n      <system-out>\(XMLText.escape(CappedText.cap(test.output, bytes: CappedText.outputBytes)))</system-out>"
                    switch test.status {
                    case .pass:
                        cases.append(head + "/>")
                    case .fail:
                        counts.failures += 1
                        cases.append(head + ">\n      <failure message=\"\(XMLText.escape(test.summary))\">\(XMLText.escape(body))</failure>\(output)\n    </testcase>")
                    case .crash, .timeout, .incomplete:
                        counts.errors += 1
                        cases.append(head + ">\n      <error type=\"\(test.status.rawValue)\" message=\"\(XMLText.escape(test.summary))\">\(XMLText.escape(body))</error>\(output)\n    </testcase>")
                    }
                }
            }
            totals.tests += cases.count
            totals.failures += counts.failures
            totals.errors += counts.errors
            totals.milliseconds += result.report.durationMilliseconds
            suites.append("  <testsuite name=\"\(XMLText.escape(student))\" tests=\"\(cases.count)\" failures=\"\(counts.failures)\" errors=\"\(counts.errors)\" skipped=\"0\" time=\"\(seconds(result.report.durationMilliseconds))\">\n" + properties(result, in: report) + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        for entry in report.skipped {
            totals.tests += 1
            totals.skipped += 1
            let name = XMLText.escape(entry.student ?? entry.path)
            suites.append("  <testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\" time=\"0\">\n    <testcase classname=\"\(name)\" name=\"\(XMLText.escape(entry.path))\" time=\"0\">\n      <skipped message=\"\(XMLText.escape(entry.reason.description))\"/>\n    </testcase>\n  </testsuite>")
        }
        let exercise = XMLText.escape(report.exercise)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(exercise)\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"\(totals.errors)\" skipped=\"\(totals.skipped)\" time=\"\(seconds(totals.milliseconds))\">\n"
            + suites.map { $0 + "\n" }.joined()
            + "</testsuites>\n"
    }

    /// The score's parts, the submission time and the adjustments' reasons.
    private func properties(_ result: StudentResult, in report: ClassReport) -> String {
        let grade = report.grade(for: result)
        var values = [("raw_score", Points.format(grade.raw)), ("late_penalty", Points.format(grade.penalty)), ("adjustment", Points.format(grade.adjustment)),
                      ("final_score", Points.format(grade.final)), ("max_score", Points.format(grade.maxPoints)), ("weights", GradeNotes.weights(report))]
        if let time = report.timing[result.student] { values.append(("submitted_at", Timestamp.format(time.date))) }
        values += grade.adjustments.map { ("adjustment_reason", GradeNotes.adjustment($0)) }
        return "    <properties>\n" + values.map { "      <property name=\"\($0.0)\" value=\"\(XMLText.escape($0.1))\"/>\n" }.joined() + "    </properties>\n"
    }

    private func seconds(_ milliseconds: Int) -> String {
        "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - String(milliseconds % 1000).count))\(milliseconds % 1000)"
    }
}
