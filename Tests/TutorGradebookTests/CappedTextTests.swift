import Foundation
import Testing
@testable import TutorGradebook
import TutorGrading

@Suite struct CappedTextTests {
    @Test func shortTextIsKeptWhole() {
        #expect(CappedText.cap("hello", bytes: 5) == "hello")
        #expect(CappedText.cap("", bytes: 0) == "")
    }

    @Test func longTextIsCutInBytesWithTheRestCounted() {
        let capped = CappedText.cap(String(repeating: "x", count: 10_000), bytes: 2048)
        #expect(capped == String(repeating: "x", count: 2048) + "\n… 7952 more bytes not shown")
    }

    @Test func theCutFallsOnACharacterBoundary() {
        // "é" is 2 bytes and "👍🏽" is 8 (one character): neither is split.
        #expect(CappedText.cap("aé" + String(repeating: "é", count: 10), bytes: 4) == "aé\n… 20 more bytes not shown")
        #expect(CappedText.cap("ab👍🏽cd", bytes: 5) == "ab\n… 10 more bytes not shown")
        #expect(CappedText.cap("👍🏽", bytes: 3) == "… 8 more bytes not shown")
        #expect(CappedText.cap("line\nline\n", bytes: 5) == "line\n… 5 more bytes not shown")
    }
}

/// A class of one student whose code printed 120,800 bytes in every test and whose file
/// gave the compiler a lot to say, as a hostile fixture does.
@Suite struct FloodingReportTests {
    static let flood = String(repeating: "<flood> ", count: 15_100)

    static func report(compiles: Bool = true) -> ClassReport {
        let names = ["uses_nscache", "cost_whole_sizes", "miss_generates_once"]
        let tests = names.enumerated().map { index, name in
            TestResult(name: name, summary: "checks \(name)", status: .fail, message: "failed in way \(index): " + flood, output: "\(index) " + flood)
        }
        let report = compiles
            ? GradingReport(exercise: "ThumbnailCache", file: "mallory.swift", status: .fail, tests: tests, score: 0, maxScore: 3, durationMilliseconds: 10)
            : GradingReport(exercise: "ThumbnailCache", file: "mallory.swift", status: .error, compilerMessage: "mallory.swift:1:1: error: \(flood)\n" + String(repeating: "mallory.swift:2:1: error: again\n", count: 5000), tests: [], score: 0, maxScore: 3, durationMilliseconds: 10)
        let result = StudentResult(student: "mallory", file: "mallory.swift", fileHash: "x", report: report, points: 0, maxPoints: 3, gradedAt: Date())
        return ClassReport(exercise: "ThumbnailCache", results: [result], skipped: [])
    }

    /// The text of every `<tag>…</tag>` in `markup`.
    func contents(of tag: String, in markup: String) -> [Substring] {
        markup.components(separatedBy: "<\(tag)").dropFirst().map { $0[$0.index(after: $0.firstIndex(of: ">")!)...].prefix { $0 != "<" } }
    }

    @Test func htmlCapsEveryTestsOutputAndMessage() {
        #expect(Self.flood.utf8.count == 120_800)
        let html = HTMLReportFormatter().format(Self.report())
        let blocks = contents(of: "pre", in: html)
        #expect(blocks.count == 3)
        for block in blocks {
            // 2,048 bytes of output escaped (`<` and `>` grow to 4 bytes), then the notice.
            #expect(block.utf8.count < 2048 * 4 + 100)
            #expect(block.hasSuffix("more bytes not shown"))
        }
        #expect(html.contains("… \(120_802 - 2048) more bytes not shown"))
        #expect(html.utf8.count < 40_000, "\(html.utf8.count) bytes")
        #expect(parseXML(html).error == nil)
    }

    @Test func htmlCapsTheCompilerMessage() {
        let html = HTMLReportFormatter().format(Self.report(compiles: false))
        #expect(html.utf8.count < 60_000, "\(html.utf8.count) bytes")
        #expect(html.contains("more bytes not shown</pre>"))
        #expect(parseXML(html).error == nil)
    }

    @Test func junitCapsEveryTestsOutputAndMessage() {
        let xml = ClassJUnitFormatter().format(Self.report())
        #expect(xml.utf8.count < 40_000, "\(xml.utf8.count) bytes")
        for block in contents(of: "system-out", in: xml) { #expect(block.hasSuffix("more bytes not shown")) }
        #expect(parseXML(xml).error == nil)
        #expect(ClassJUnitFormatter().format(Self.report(compiles: false)).utf8.count < 30_000)
    }

    @Test func gradescopeCapsEveryTestsOutput() throws {
        let json = try #require(try GradescopeReportFormatter().format(Self.report()).first?.json)
        #expect(json.utf8.count < 20_000, "\(json.utf8.count) bytes")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let outputs = (document["tests"] as? [[String: Any]] ?? []).compactMap { $0["output"] as? String }
        #expect(outputs.count == 3)
        for output in outputs {
            #expect(output.contains("Your code printed:\n0 <flood>") || output.contains("Your code printed:\n1 <flood>") || output.contains("Your code printed:\n2 <flood>"))
            #expect(output.hasSuffix("\(120_802 - 2048) more bytes not shown"))
        }
        let broken = try #require(try GradescopeReportFormatter().format(Self.report(compiles: false)).first?.json)
        #expect(broken.utf8.count < 20_000, "\(broken.utf8.count) bytes")
    }

    @Test func jsonCapsOutputsAndMessages() throws {
        #expect(try JSONReportFormatter().format(Self.report()).utf8.count < 20_000)
        #expect(try JSONReportFormatter().format(Self.report(compiles: false)).utf8.count < 20_000)
    }
}
