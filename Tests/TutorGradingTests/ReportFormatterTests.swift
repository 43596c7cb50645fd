import Foundation
import FoundationXML
import Testing
@testable import TutorGrading
import TutorTerminal

@Suite struct ReportFormatterTests {
    static let failing = GradingReport(
        exercise: "ThumbnailCache", file: "ex/ThumbnailCache.swift", status: .fail,
        tests: [
            TestResult(name: "uses_nscache", summary: "stored in an NSCache", status: .pass, durationMilliseconds: 12),
            TestResult(name: "miss_generates_once", summary: "a miss generates once", status: .fail,
                       message: "the generator ran 2 times for one miss; it should run once", lesson: "05-eviction",
                       output: String(repeating: "x", count: 700), durationMilliseconds: 30),
            TestResult(name: "concurrent_access", summary: "threads <& \"quotes\"", status: .crash,
                       message: "the test process crashed", lesson: "07-threads", output: "bad\u{1}byte", durationMilliseconds: 5),
        ],
        score: 1, maxScore: 3, durationMilliseconds: 1234
    )

    static let broken = GradingReport(
        exercise: "ThumbnailCache", file: "ex/ThumbnailCache.swift", status: .error,
        compilerMessage: "ex/ThumbnailCache.swift:3:1: error: expressions are not allowed at the top level",
        tests: [], score: 0, maxScore: 19, durationMilliseconds: 300
    )

    @Test func theWidestStatusStillLeavesASpaceBeforeTheName() {
        var report = Self.failing
        report.tests[2].status = .incomplete
        let text = TextReportFormatter(style: .plain).format(report)
        #expect(text.contains("  NO RESULT concurrent_access"), "a learner found \"NO RESULTconcurrent_access\" in the table")
    }

    @Test func textListsEveryTestExplainsFailuresAndSuggestsANextStep() {
        let text = TextReportFormatter(style: .plain).format(Self.failing)
        #expect(text.hasPrefix("ThumbnailCache: ex/ThumbnailCache.swift\n"))
        #expect(text.contains("  PASS      uses_nscache"))
        #expect(text.contains("  FAIL      miss_generates_once"))
        #expect(text.contains("  CRASH     concurrent_access"))
        #expect(text.contains("the generator ran 2 times for one miss; it should run once"))
        #expect(text.contains("read: lesson 05-eviction"))
        #expect(text.contains("1/3 tests passed."))
        #expect(text.contains("Next: fix miss_generates_once first"))
        #expect(!text.contains("\u{1B}["))
    }

    @Test func textColoursOnlyWhenTheStyleSaysSo() {
        let coloured = TextReportFormatter(style: TerminalStyle(colorEnabled: true, width: 80)).format(Self.failing)
        #expect(coloured.contains("\u{1B}[32;1mPASS"))
    }

    @Test func textShowsCompilerErrors() {
        let text = TextReportFormatter(style: TerminalStyle(colorEnabled: false, width: 100)).format(Self.broken)
        #expect(text.contains("Did not compile."))
        #expect(text.contains("  ex/ThumbnailCache.swift:3:1: error: expressions are not allowed at the top level"))
        // At 80 columns the message wraps under its own indent, between words.
        let narrow = TextReportFormatter(style: .plain).format(Self.broken)
        #expect(narrow.contains("  ex/ThumbnailCache.swift:3:1: error: expressions are not allowed at the top\n      level"))
    }

    @Test func jsonIsExercismVersion2() throws {
        let json = try JSONSerialization.jsonObject(with: Data(ExercismJSONFormatter.format(Self.failing).utf8)) as! [String: Any]
        #expect(json["version"] as? Int == 2)
        #expect(json["status"] as? String == "fail")
        #expect(json["score"] as? Int == 1)
        #expect(json["max_score"] as? Int == 3)
        #expect(json["duration_ms"] as? Int == 1234)
        #expect(json["exercise"] as? String == "ThumbnailCache")
        let tests = json["tests"] as! [[String: Any]]
        #expect(tests.map { $0["name"] as? String } == ["uses_nscache", "miss_generates_once", "concurrent_access"])
        #expect(tests.map { $0["status"] as? String } == ["pass", "fail", "error"])
        #expect(tests[0]["message"] is NSNull)
        #expect((tests[1]["output"] as? String)?.count == ExercismJSONFormatter.outputLimit)
        #expect((tests[1]["output"] as? String)?.hasSuffix("[output truncated to 500 characters]") == true)
        #expect((tests[2]["message"] as? String)?.hasPrefix("crash: ") == true)
    }

    @Test func jsonCarriesTheCompilerMessage() throws {
        let json = try JSONSerialization.jsonObject(with: Data(ExercismJSONFormatter.format(Self.broken).utf8)) as! [String: Any]
        #expect(json["status"] as? String == "error")
        #expect((json["message"] as? String)?.contains("3:1: error") == true)
        #expect((json["tests"] as? [Any])?.isEmpty == true)
    }

    @Test func junitCountsAndEscapes() throws {
        let xml = JUnitReportFormatter.format(Self.failing)
        #expect(xml.contains(#"<testsuites name="cachetutor" tests="3" failures="1" errors="1" time="1.234">"#))
        #expect(xml.contains(#"<testcase classname="ThumbnailCache" name="uses_nscache" time="0.012"/>"#))
        #expect(xml.contains(#"<failure type="fail" message="the generator ran 2 times for one miss; it should run once">"#))
        #expect(xml.contains("threads &lt;&amp; &quot;quotes&quot;"))
        // A character XML forbids is shown as U+FFFD (XMLText), not dropped.
        #expect(xml.contains("<system-out>bad\u{FFFD}byte</system-out>"))
        let document = try XMLDocument(data: Data(xml.utf8))
        #expect(try document.nodes(forXPath: "//testcase").count == 3)
        let broken = try XMLDocument(data: Data(JUnitReportFormatter.format(Self.broken).utf8))
        #expect(try broken.nodes(forXPath: "//testcase[@name='compile']/error").count == 1)
    }
}

@Suite struct JUnitOutputCapTests {
    @Test func aFloodingTestIsCappedInTheJUnitReport() {
        let flood = String(repeating: "PASS all tests\n", count: 10_000)
        let report = GradingReport(
            exercise: "ThumbnailCache", file: "flood.swift", status: .fail,
            tests: [TestResult(name: "uses_nscache", summary: "s", status: .fail, message: "m", output: flood)],
            score: 0, maxScore: 1, durationMilliseconds: 1
        )
        let xml = JUnitReportFormatter.format(report)
        #expect(xml.utf8.count < 4 * 1024)
        #expect(xml.contains("more bytes not shown"))
    }
}
