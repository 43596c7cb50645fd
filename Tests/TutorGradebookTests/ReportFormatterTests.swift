import Foundation
import Testing
@testable import TutorGradebook
import TutorGrading
import TutorTerminal

@Suite struct ClassSummaryTests {
    @Test func countsAveragesAndRates() {
        let summary = sampleReport().summary
        let counts: [Int] = [summary.graded, summary.passed, summary.failed, summary.errors, summary.skipped, summary.skippedStudents]
        #expect(counts == [4, 1, 2, 1, 2, 1])
        // Scores 3/3, 2/3, 0/3, 2/3.
        #expect(abs(summary.mean - 7.0 / 12.0) < 1e-9)
        #expect(abs(summary.median - 2.0 / 3.0) < 1e-9)
        #expect(summary.histogram == [1, 0, 0, 0, 0, 0, 2, 0, 0, 1])
        #expect(summary.testRates.map(\.name) == ["uses_nscache", "cost_whole_sizes", "miss_generates_once"])
        #expect(summary.testRates.map(\.passed) == [3, 2, 2])
        #expect(summary.testRates.map(\.ran) == [3, 3, 3])
    }

    @Test func aCompileErrorIsOutOfTheClassMaximum() {
        let report = sampleReport(weights: TestWeights(points: ["cost_whole_sizes": 5], defaultPoints: 1))
        #expect(report.results.map(\.maxPoints) == [7, 7, 7, 7])
        #expect(report.results.map(\.points) == [0, 7, 2, 6])
    }

    @Test func theClassPassesOnlyWhenEveryStudentDid() {
        let report = sampleReport()
        #expect(!report.allPassed)
        let alice = report.results.filter { $0.student == "alice" }
        #expect(ClassReport(exercise: "ThumbnailCache", results: alice, skipped: [SkippedEntry(path: "notes.txt", student: nil, reason: .notSwift)]).allPassed)
        #expect(!ClassReport(exercise: "ThumbnailCache", results: alice, skipped: [SkippedEntry(path: "erin.swift", student: "erin", reason: .empty)]).allPassed)
        #expect(!ClassReport(exercise: "ThumbnailCache", results: alice, skipped: [], toolErrors: [ClassReport.ToolError(student: "x", file: "x.swift", message: "m")]).allPassed)
        #expect(!ClassReport(exercise: "ThumbnailCache", results: [], skipped: []).allPassed)
    }

    @Test func histogramBucketsAreTenths() {
        #expect(ClassSummary.histogram([0, 0.099, 0.1, 0.7, 0.95, 1.0]) == [2, 1, 0, 0, 0, 0, 0, 1, 0, 2])
        #expect(ClassSummary.bucketLabel(0) == "0–9 %")
        #expect(ClassSummary.bucketLabel(9) == "90–100 %")
    }
}

@Suite struct MainCauseTests {
    func result(_ tests: [TestResult]) -> StudentResult {
        let report = GradingReport(exercise: "ThumbnailCache", file: "erin.swift", status: .fail, tests: tests, score: 0, maxScore: tests.count, durationMilliseconds: 9)
        return StudentResult(student: "erin", file: "erin.swift", fileHash: "h", report: report, points: 0, maxPoints: Double(tests.count), gradedAt: Date())
    }

    @Test func anExitInInitIsOneCauseNotTwentyTestNames() {
        var tests = [TestResult(name: "uses_nscache", summary: "s", status: .incomplete, message: "the test process exited before reporting a result: does the code call exit()?")]
        tests += (1 ..< 20).map { TestResult(name: "t\($0)", summary: "s", status: .incomplete, message: "not run: init(generator:) never returned in uses_nscache (…); every test starts with it") }
        #expect(MainCause.line(result(tests)) == "20 of 20 tests: exited before reporting a result: does the code call exit()?")
    }

    @Test func oneFailureShowsItsMessageAndSeveralShowTheirNames() {
        let one = [TestResult(name: "a", summary: "s", status: .pass), TestResult(name: "cost_whole_sizes", summary: "s", status: .fail, message: "cost was 100\nmore")]
        #expect(MainCause.line(result(one)) == "cost_whole_sizes: cost was 100")
        let many = ["a", "b", "c", "d", "e"].enumerated().map { TestResult(name: $1, summary: "s", status: .fail, message: "m\($0)") }
        #expect(MainCause.line(result(many)) == "a, b, c, +2 more")
        let alike = ["a", "b"].map { TestResult(name: $0, summary: "s", status: .timeout, message: "went over 5 s") }
        #expect(MainCause.line(result(alike)) == "2 of 2 tests: went over 5 s")
    }

    @Test func aVerdictThatDependedOnTimingIsSaid() {
        var racy = TestResult(name: "concurrent_access", summary: "s", status: .fail, message: "an image was nil")
        racy.timingDependence = "ThreadSanitizer saw a data race on the cache's dictionary"
        let report = ClassReport(exercise: "ThumbnailCache", results: [result([racy])], skipped: [])
        #expect(MainCause.line(report.results[0]) == "concurrent_access: an image was nil · timing decided concurrent_access")
        let text = ClassTextFormatter(style: .plain).format(report)
        #expect(text.contains("Verdicts that depended on timing"))
        #expect(text.contains("erin, concurrent_access (fail): ThreadSanitizer saw a data race"))
        #expect(HTMLReportFormatter().format(report).contains("depended on timing: ThreadSanitizer saw a data race"))
    }
}

@Suite struct ReportFormatterTests {
    @Test func csvHasAColumnPerTestAndParses() {
        let rows = parseCSV(CSVReportFormatter().format(sampleReport()))
        #expect(rows[0] == ["student", "score", "max_score", "percent", "status", "raw_score", "late_penalty", "adjustment", "submitted_at", "late_hours",
                            "uses_nscache", "cost_whole_sizes", "miss_generates_once", "failing_tests", "notes", "file", "weights"])
        #expect(rows.count == 6)
        #expect(rows.allSatisfy { $0.count == rows[0].count })
        let byStudent = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], $0) })
        #expect(byStudent["alice"] == ["alice", "3", "3", "100", "pass", "3", "0", "0", "", "0", "1", "1", "1", "", "", "alice.swift", "one point per test, out of 3"])
        #expect(byStudent["bob <b>"]?[1 ... 12] == ["2", "3", "67", "fail", "2", "0", "0", "", "0", "1", "0", "1"])
        #expect(byStudent["bob <b>"]?[13] == "cost_whole_sizes")
        #expect(byStudent["dave, jr"]?[13] == "miss_generates_once")
        // A name that a spreadsheet would run as a formula is defused.
        #expect(byStudent["'=carol"]?[4] == "did not compile")
        #expect(byStudent["erin"]?[4] == "not graded: empty file")
        #expect(byStudent["erin"]?[1] == "")
    }

    @Test func jsonHoldsAnExercismResultPerStudentAndTheSummary() throws {
        let text = try JSONReportFormatter().format(sampleReport(similarity: [SimilarPair(first: "alice", second: "bob <b>", score: 0.8, shared: 40)]))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["exercise"] as? String == "ThumbnailCache")
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["graded"] as? Int == 4)
        #expect((summary["histogram"] as? [[String: Any]])?.count == 10)
        #expect((summary["tests"] as? [[String: Any]])?.first?["rate"] as? Double == 1)
        let students = try #require(document["students"] as? [[String: Any]])
        #expect(students.map { $0["student"] as? String } == ["=carol", "alice", "bob <b>", "dave, jr"])
        for student in students {
            #expect(student["version"] as? Int == 2)
            for key in ["status", "tests", "score", "max_score", "file", "file_hash", "duration_ms", "graded_at"] { #expect(student[key] != nil, "missing \(key)") }
        }
        #expect(students[0]["status"] as? String == "error")
        #expect((students[0]["message"] as? String)?.contains("cannot find type 'NSCach'") == true)
        let crashed = try #require((students[3]["tests"] as? [[String: Any]])?.last)
        #expect(crashed["status"] as? String == "error")
        #expect(crashed["cachetutor_status"] as? String == "crash")
        #expect((document["skipped"] as? [[String: Any]])?.count == 2)
        #expect(((document["similarity"] as? [String: Any])?["pairs"] as? [[String: Any]])?.first?["score"] as? Double == 0.8)
    }

    @Test func jsonCapsOutputAtFiveHundredCharacters() {
        let capped = JSONReportFormatter.capped(String(repeating: "x", count: 2000))
        #expect(capped.count == 500)
        #expect(capped.hasSuffix("(output cut at 500 characters)"))
    }

    /// A student is named by a folder, and a folder's name can hold anything but "/": on a
    /// terminal its control characters are spelt out, in XML it is escaped.
    @Test func aStudentFolderNameCannotDrawOnTheTerminalOrBreakTheXML() {
        var report = sampleReport()
        report.results[0].student = "\u{1B}[2J\u{1B}[Hmallory\" x=\"<"
        let text = ClassTextFormatter(style: TerminalStyle(colorEnabled: false, width: 100)).format(report)
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B }, "\(text)")
        #expect(text.contains("\\u{1B}[2J"))
        let parsed = parseXML(ClassJUnitFormatter().format(report))
        #expect(parsed.error == nil)
        #expect(parsed.elements["testsuite"] == 6)
    }

    @Test func junitParsesAsXMLWithEveryCase() {
        let xml = ClassJUnitFormatter().format(sampleReport())
        let parsed = parseXML(xml)
        #expect(parsed.error == nil)
        #expect(parsed.elements["testsuite"] == 6)
        #expect(parsed.elements["testcase"] == 3 + 3 + 1 + 3 + 2)
        #expect(parsed.elements["failure"] == 1)
        #expect(parsed.elements["error"] == 2)
        #expect(parsed.elements["skipped"] == 2)
        let root = parsed.attributes.first { $0["_element"] == "testsuites" }
        #expect(root?["tests"] == "12")
        #expect(root?["failures"] == "1")
        #expect(root?["errors"] == "2")
        #expect(!xml.contains("<script>"))
    }

    @Test func gradescopeWritesOneResultsFilePerStudent() throws {
        let weights = TestWeights(points: ["cost_whole_sizes": 2], defaultPoints: 1)
        let files = try GradescopeReportFormatter().format(sampleReport(weights: weights))
        #expect(files.map(\.student) == ["=carol", "alice", "bob <b>", "dave, jr"])
        let bob = try #require(try JSONSerialization.jsonObject(with: Data(files[2].json.utf8)) as? [String: Any])
        #expect(bob["score"] as? Double == 2)
        #expect(bob["max_score"] as? Double == 4)
        let tests = try #require(bob["tests"] as? [[String: Any]])
        #expect(tests.map { $0["name"] as? String } == ["uses_nscache", "cost_whole_sizes", "miss_generates_once"])
        #expect(tests.map { $0["status"] as? String } == ["passed", "failed", "passed"])
        #expect(tests.map { $0["max_score"] as? Double } == [1, 2, 1])
        #expect(tests.allSatisfy { $0["visibility"] as? String == "visible" && $0["output"] is String })
        #expect((tests[1]["output"] as? String)?.contains("expected 400") == true)
        let carol = try #require(try JSONSerialization.jsonObject(with: Data(files[0].json.utf8)) as? [String: Any])
        #expect(carol["score"] as? Double == 0)
        let hidden = try #require(try JSONSerialization.jsonObject(with: Data(GradescopeReportFormatter(visibility: "hidden").format(sampleReport())[2].json.utf8)) as? [String: Any])
        #expect(hidden["visibility"] as? String == "hidden")
        #expect((hidden["tests"] as? [[String: Any]])?.allSatisfy { $0["visibility"] as? String == "hidden" } == true)
        #expect(carol["max_score"] as? Double == 4)
        #expect((carol["tests"] as? [[String: Any]])?.count == 3)
    }

    @Test func htmlIsWellFormedSelfContainedAndEscaped() {
        let html = HTMLReportFormatter().format(sampleReport(similarity: [SimilarPair(first: "alice", second: "bob <b>", score: 0.8, shared: 40)]))
        let parsed = parseXML(html)
        #expect(parsed.error == nil, "\(String(describing: parsed.error))")
        #expect(parsed.elements["section"] ?? 0 >= 4 + 5)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("bob &lt;b&gt;"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("\u{0}"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src="))
        #expect(html.contains("@media print"))
        #expect(html.contains("cost was 100 for a 10×10 image; expected 400"))
        #expect(html.contains("cannot find type &#39;NSCach&#39; in scope"))
    }

    @Test func htmlLeadsWithTheClassThenTheAnalysis() throws {
        let html = HTMLReportFormatter().format(sampleReport(similarity: [SimilarPair(first: "alice", second: "bob <b>", score: 0.8, shared: 40)]))
        func at(_ text: String) throws -> String.Index { try #require(html.range(of: text)).lowerBound }
        // Cards (similarity groups among them), the students, then histogram, pass rates, similarity, each student.
        #expect(try at("<dt>similarity groups</dt>") < at("<h2>Students</h2>"))
        #expect(try at("<h2>Students</h2>") < at("<h2>Scores</h2>"))
        #expect(try at("<h2>Scores</h2>") < at("<h2>Pass rate per test</h2>"))
        #expect(try at("<h2>Pass rate per test</h2>") < at("id=\"similarity\""))
        #expect(try at("id=\"similarity\"") < at("class=\"student\" id=\"student-0\""))
        #expect(html.contains("Weights: one point per test, out of 3."))
        #expect(!HTMLReportFormatter().format(sampleReport()).contains("<dt>similarity groups</dt>"))
    }

    @Test func htmlClassTableShowsTheFirstCompilerErrorLikeTheTextReport() {
        let html = HTMLReportFormatter().format(sampleReport())
        #expect(html.contains("<td class=\"failing\">=carol.swift:3:9: error: cannot find type &#39;NSCach&#39; in scope</td>"))
        #expect(!html.contains("<td class=\"failing\">did not compile</td>"))
    }

    @Test func htmlGroupsTestsThatFailedTheSameWay() {
        let names = ["uses_nscache", "cost_whole_sizes", "miss_generates_once"]
        let tests = names.map { TestResult(name: $0, summary: "checks \($0)", status: .incomplete, message: "the test process exited before reporting a result", output: "PASS") }
        let report = GradingReport(exercise: "ThumbnailCache", file: "erin.swift", status: .fail, tests: tests, score: 0, maxScore: 3, durationMilliseconds: 10)
        let result = StudentResult(student: "erin", file: "erin.swift", fileHash: "x", report: report, points: 0, maxPoints: 3, gradedAt: Date())
        let html = HTMLReportFormatter().format(ClassReport(exercise: "ThumbnailCache", results: [result], skipped: []))
        #expect(html.components(separatedBy: "<div class=\"failure\">").count == 2)
        #expect(html.contains("<code>uses_nscache</code>, <code>cost_whole_sizes</code>, <code>miss_generates_once</code>"))
        #expect(parseXML(html).error == nil)
    }

    @Test func textShowsTheTableHistogramAndRates() {
        let text = ClassTextFormatter(style: TerminalStyle(colorEnabled: false, width: 100)).format(sampleReport())
        #expect(text.contains("Graded 4 submissions of ThumbnailCache: 1 passed, 2 failed, 1 did not compile or run; 2 skipped."))
        #expect(text.contains("bob <b>     2/3  fail             cost_whole_sizes"))
        #expect(text.contains("=carol      0/3  did not compile  =carol.swift:3:9: error: cannot find type 'NSCach' in scope"))
        #expect(text.contains("erin.swift  empty file"))
        #expect(text.contains("60–69 %   " + String(repeating: "█", count: 40) + " 2"))
        let rates = text.components(separatedBy: "Pass rate per test")[1]
        #expect(rates.range(of: "cost_whole_sizes")!.lowerBound < rates.range(of: "uses_nscache")!.lowerBound)
        #expect(rates.contains("uses_nscache         ██████████ 100 %  (3/3)"))
        for line in text.split(separator: "\n") {
            #expect(TextWrapper.visibleWidth(String(line)) <= 100, "too wide: \(line)")
            #expect(!line.hasSuffix(" "), "trailing space: \(line)")
        }
    }

    @Test func progressReadsOnATerminalAndInALog() {
        var progress = BatchProgress(total: 50, done: 23, failures: 4, cached: 0, elapsed: 23, gradingSeconds: 46, gradedNow: 23)
        progress.latest = ("alice", "fail 17/20")
        #expect(ProgressLine.bar(progress, width: 80) == "[" + String(repeating: "█", count: 13) + String(repeating: "░", count: 17) + "] 23/50 · 4 not passing · ETA 0:27")
        #expect(ProgressLine.plain(progress) == "[23/50] alice: fail 17/20")
        #expect(ProgressLine.clock(3725) == "1:02:05")
        progress.gradedNow = 0
        #expect(ProgressLine.bar(progress, width: 80).hasSuffix("ETA …"))
    }

    @Test func pointsPrintWithoutNoise() {
        #expect(Points.format(17) == "17")
        #expect(Points.format(17.5) == "17.5")
        #expect(Points.format(2.25) == "2.25")
        #expect(Points.format(1.0 / 3.0) == "0.33")
        #expect(Points.percent(2.0 / 3.0) == "67 %")
    }
}

/// Found by fuzz campaign 3: quoting compared `Character`s, and a quote with a combining mark
/// after it, or a CRLF, is one `Character` that is neither `"` nor `"\n"`.
@Suite struct CSVQuotingTests {
    @Test func aQuoteFollowedByACombiningMarkIsDoubled() throws {
        let name = "ann \"\u{0618}x"
        let quoted = CSVReportFormatter.quote(name)
        #expect(quoted == "\"ann \"\"\u{0618}x\"")
        let table = try CSVTable.parse("name\n" + quoted + "\n", file: "t.csv")
        #expect(table.records.map(\.fields) == [[name]])
    }

    @Test func aFieldWithACRLFIsQuoted() throws {
        let quoted = CSVReportFormatter.quote("line one\r\nline two")
        #expect(quoted.hasPrefix("\"") && quoted.hasSuffix("\""))
        #expect(try CSVTable.parse("note\n" + quoted + "\n", file: "t.csv").records.map(\.fields) == [["line one\r\nline two"]])
    }
}
