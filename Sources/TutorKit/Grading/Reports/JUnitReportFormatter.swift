import Foundation

/// JUnit XML, as CI systems read it: one `testsuite` for the exercise, one `testcase` per
/// hidden test; `failure` for a broken contract, `error` for a crash, a timeout or a
/// missing result, and a single `error` case named `compile` when nothing could run.
public enum JUnitReportFormatter {
    /// The XML document.
    public static func format(_ report: GradingReport) -> String {
        let seconds = { (milliseconds: Int) in String(format: "%.3f", Double(milliseconds) / 1000) }
        let failures = report.tests.filter { $0.status == .fail }.count
        var errors = report.tests.filter { $0.status != .pass && $0.status != .fail }.count
        var cases: [String] = []
        if report.status == .error {
            errors += 1
            let message = CappedText.cap(report.compilerMessage ?? "did not compile", bytes: CappedText.compilerMessageBytes)
            cases.append("""
                <testcase classname="\(XMLText.escape(report.exercise))" name="compile" time="0.000">
                  <error type="compile" message="\(XMLText.escape(message.split(separator: "\n").first.map(String.init) ?? message))">\(XMLText.escape(message))</error>
                </testcase>
            """)
        }
        for test in report.tests {
            var body = ""
            switch test.status {
            case .pass: break
            case .fail:
                body += "\n      <failure type=\"fail\" message=\"\(XMLText.escape(test.message ?? ""))\">\(XMLText.escape(detail(test)))</failure>"
            case .crash, .timeout, .incomplete:
                body += "\n      <error type=\"\(test.status.rawValue)\" message=\"\(XMLText.escape(test.message ?? ""))\">\(XMLText.escape(detail(test)))</error>"
            }
            if !test.output.isEmpty {
                body += "\n      <system-out>\(XMLText.escape(CappedText.cap(test.output, bytes: CappedText.outputBytes)))</system-out>"
            }
            let open = "    <testcase classname=\"\(XMLText.escape(report.exercise))\" name=\"\(XMLText.escape(test.name))\" time=\"\(seconds(test.durationMilliseconds))\""
            cases.append(body.isEmpty ? open + "/>" : open + ">" + body + "\n    </testcase>")
        }
        let tests = report.tests.count + (report.status == .error ? 1 : 0)
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(report.durationMilliseconds))\""
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="cachetutor" \(counts)>
          <testsuite name="\(XMLText.escape(report.exercise))" \(counts)>
            <properties><property name="file" value="\(XMLText.escape(report.file))"/></properties>
        \(cases.joined(separator: "\n"))
          </testsuite>
        </testsuites>

        """
    }

    private static func detail(_ test: TestResult) -> String {
        [test.summary, test.message, test.lesson.map { "read lesson \($0)" }].compactMap { $0 }.joined(separator: "\n")
    }
}
