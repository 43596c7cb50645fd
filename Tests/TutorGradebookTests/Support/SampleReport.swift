import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TutorGrading
@testable import TutorGradebook

/// A class of four: a pass, a fail with hostile output, a compile error, a crash; plus
/// skipped entries. Names include characters every format must escape.
func sampleReport(weights: TestWeights = .equal, similarity: [SimilarPair]? = nil) -> ClassReport {
    func test(_ name: String, _ status: TestStatus, message: String? = nil, output: String = "") -> TestResult {
        TestResult(name: name, summary: "checks \(name) & <more>", status: status, message: message, lesson: status == .pass ? nil : "06-cost", output: output, durationMilliseconds: 7)
    }
    func result(_ student: String, _ file: String, _ report: GradingReport) -> StudentResult {
        let (points, maxPoints) = StudentResult.score(report, weights: weights)
        return StudentResult(student: student, file: file, fileHash: String(repeating: "ab", count: 32), report: report, points: points, maxPoints: maxPoints, gradedAt: Date(timeIntervalSince1970: 1_790_000_000))
    }
    let names = ["uses_nscache", "cost_whole_sizes", "miss_generates_once"]
    let pass = GradingReport(exercise: "ThumbnailCache", file: "alice.swift", status: .pass, tests: names.map { test($0, .pass) }, score: 3, maxScore: 3, durationMilliseconds: 900)
    let fail = GradingReport(exercise: "ThumbnailCache", file: "bob/ThumbnailCache.swift", status: .fail, tests: [
        test("uses_nscache", .pass),
        test("cost_whole_sizes", .fail, message: "cost was 100 for a 10×10 image; expected 400", output: "PASS cost_whole_sizes <script>alert(1)</script> \u{1B}[32m\u{0}"),
        test("miss_generates_once", .pass),
    ], score: 2, maxScore: 3, durationMilliseconds: 1_000)
    let error = GradingReport(exercise: "ThumbnailCache", file: "=carol.swift", status: .error, compilerMessage: "=carol.swift:3:9: error: cannot find type 'NSCach' in scope\n  let c: NSCach<NSString, UIImage>", tests: [], score: 0, maxScore: 3, durationMilliseconds: 300)
    let crash = GradingReport(exercise: "ThumbnailCache", file: "dave, jr.swift", status: .fail, tests: [
        test("uses_nscache", .pass), test("cost_whole_sizes", .pass), test("miss_generates_once", .crash, message: "the test process died (signal 4: illegal instruction)"),
    ], score: 2, maxScore: 3, durationMilliseconds: 1_200)
    return ClassReport(
        exercise: "ThumbnailCache",
        results: [result("bob <b>", "bob/ThumbnailCache.swift", fail), result("alice", "alice.swift", pass), result("=carol", "=carol.swift", error), result("dave, jr", "dave, jr.swift", crash)],
        skipped: [SkippedEntry(path: "notes.txt", student: nil, reason: .notSwift), SkippedEntry(path: "erin.swift", student: "erin", reason: .empty)],
        weights: weights,
        similarity: similarity.map { SimilarityReport(threshold: 0.6, pairs: $0) }
    )
}

/// Parses RFC 4180 CSV: quoted fields with doubled quotes, commas and line breaks inside.
func parseCSV(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
        if quoted {
            if character == "\"" {
                if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
            } else {
                field.append(character)
            }
        } else if character == "\"" {
            quoted = true
        } else if character == "," {
            row.append(field); field = ""
        } else if character == "\r\n" || character == "\n" {
            row.append(field); field = ""
            rows.append(row); row = []
        } else {
            field.append(character)
        }
    }
    if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
    return rows
}

/// Parses `text` as XML and returns the parser's error, or nil when it is well-formed;
/// `elements` counts each element name seen.
func parseXML(_ text: String) -> (error: Error?, elements: [String: Int], attributes: [[String: String]]) {
    final class Counter: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var attributes: [[String: String]] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements[name, default: 0] += 1
            self.attributes.append(attributes.merging(["_element": name]) { a, _ in a })
        }
    }
    let parser = XMLParser(data: Data(text.utf8))
    let counter = Counter()
    parser.delegate = counter
    let ok = parser.parse()
    return (ok ? nil : (parser.parserError ?? NSError(domain: "xml", code: 1)), counter.elements, counter.attributes)
}
