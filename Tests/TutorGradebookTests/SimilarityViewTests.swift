import Testing
@testable import TutorGradebook

@Suite struct SimilarityViewTests {
    /// A starter students fill in, and an own helper each writes after it.
    let starter = """
    import Foundation

    final class Counter {
        private var value = 0
        func increment() {
            // TODO
        }
    }
    """

    /// Own code: a helper long enough to be worth showing.
    let helper = """
    func summarise(_ values: [Int]) -> (low: Int, high: Int, mean: Double) {
        let sorted = values.sorted()
        let total = sorted.reduce(0, +)
        return (sorted.first ?? 0, sorted.last ?? 0, Double(total) / Double(max(1, sorted.count)))
    }
    """

    @Test func tilingFindsTheLongestSharedRunsAndSkipsMaskedTokens() {
        let tiling = TokenTiling(minimumLength: 3)
        let first = [1, 2, 3, 4, 5, 9, 9, 6, 7, 8]
        let second = [6, 7, 8, 0, 1, 2, 3, 4, 5]
        let tiles = tiling.tiles(first, second, maskedFirst: [], maskedSecond: [])
        #expect(tiles.map { [$0.first, $0.second, $0.length] } == [[0, 4, 5], [7, 0, 3]])
        let masked = tiling.tiles(first, second, maskedFirst: [2], maskedSecond: [])
        #expect(masked.map { [$0.first, $0.second, $0.length] } == [[7, 0, 3]])
        #expect(TokenTiling(minimumLength: 4).tiles([1, 2, 3], [1, 2, 3], maskedFirst: [], maskedSecond: []).isEmpty)
    }

    @Test func fragmentsWhoseLinesTouchInBothFilesAreShownAsOne() {
        func fragment(_ a: ClosedRange<Int>, _ b: ClosedRange<Int>) -> SharedFragment {
            SharedFragment(first: .init(firstLine: a.lowerBound, lastLine: a.upperBound), second: .init(firstLine: b.lowerBound, lastLine: b.upperBound), tokens: 8)
        }
        let joined = SimilarityChecker.joined([fragment(1 ... 3, 4 ... 6), fragment(4 ... 5, 7 ... 7), fragment(5 ... 6, 8 ... 9), fragment(8 ... 9, 10 ... 11), fragment(10 ... 12, 1 ... 2)])
        #expect(joined.map { "\($0.first.lines)/\($0.second.lines)/\($0.tokens)" } == ["1–6/4–9/24", "8–9/10–11/8", "10–12/1–2/8"])
    }

    @Test func threeStudentsSharingOneSourceAreOneGroup() {
        let pairs = [
            SimilarPair(first: "alice", second: "carol", score: 0.9, shared: 40),
            SimilarPair(first: "carol", second: "erin", score: 0.7, shared: 30),
            SimilarPair(first: "alice", second: "erin", score: 0.8, shared: 35),
            SimilarPair(first: "bob", second: "dave", score: 0.95, shared: 12),
        ]
        let clusters = SimilarityCluster.clusters(of: pairs)
        #expect(clusters.map(\.students) == [["alice", "carol", "erin"], ["bob", "dave"]])
        #expect(clusters[0].pairs.map(\.score) == [0.9, 0.8, 0.7])
        #expect(clusters[0].highest == 0.9)
        // Each student is shown beside the one they are closest to: two views, not three.
        #expect(clusters[0].closest.map { "\($0.first)-\($0.second)" } == ["alice-carol", "alice-erin"])
        #expect(clusters[1].closest.count == 1)
        #expect(SimilarityCluster.clusters(of: []).isEmpty)
    }

    @Test func aFlaggedPairShowsTheLinesItSharesButNotTheStarters() {
        let alice = starter + "\n\n" + helper + "\n"
        // Carol renames, adds comments and blank lines: the helper moves down three lines.
        let carol = starter + "\n\n// statistics\n\n\n" + helper.replacingOccurrences(of: "sorted", with: "ordered") + "\n"
        let bob = starter + "\n\nstruct Point { var x = 0.0; var y = 0.0 }\n"
        let report = SimilarityChecker(threshold: 0.5, starter: starter).report(["alice": alice, "carol": carol, "bob": bob],
                                                                                files: ["alice": "alice/Counter.swift", "carol": "carol.swift", "bob": "bob.swift"])
        #expect(report.pairs.map { "\($0.first)-\($0.second)" } == ["alice-carol"])
        let fragments = report.pairs[0].fragments
        #expect(fragments.count == 1)
        #expect(fragments[0].first.lines == "10–14")
        #expect(fragments[0].second.lines == "13–17")
        #expect(report.clusters.map(\.students) == [["alice", "carol"]])
        #expect(report.sources.keys.sorted() == ["alice", "carol"])
        #expect(report.files == ["alice": "alice/Counter.swift", "carol": "carol.swift"])
    }

    @Test func twentyCopiesOfOneFileAreNineteenViewsNotOneHundredAndNinety() {
        let copies = (1 ... 20).map { index in
            starter + "\n\n" + helper.replacingOccurrences(of: "sorted", with: "sorted\(index)") + "\n"
        }
        let others = (1 ... 25).map { index in starter + "\n\nlet answer\(index) = \(index)\n" }
        var sources: [String: String] = [:]
        for (index, source) in copies.enumerated() { sources["copy-\(index + 1)"] = source }
        for (index, source) in others.enumerated() { sources["own-\(index + 1)"] = source }
        let similarity = SimilarityChecker(threshold: 0.5, starter: starter).report(sources)
        #expect(similarity.clusters.count == 1)
        #expect(similarity.clusters[0].pairs.count == 190)
        #expect(similarity.clusters[0].closest.count == 19)
        var report = sampleReport()
        report.similarity = similarity
        let html = HTMLReportFormatter().format(report)
        #expect(html.components(separatedBy: "<div class=\"sides\">").count - 1 == 19)
        #expect(html.contains("<th>also flagged</th>"))
    }

    @Test func onlyThePairsAGroupShowsAreTiled() {
        // Twenty copies are 190 flagged pairs; the reports show 19 of them side by side, and
        // only those 19 are worth the tiling (the others are listed by their scores).
        let copies = (1 ... 20).map { index in
            starter + "\n\n" + helper.replacingOccurrences(of: "sorted", with: "sorted\(index)") + "\n"
        }
        var sources: [String: String] = [:]
        for (index, source) in copies.enumerated() { sources["copy-\(index + 1)"] = source }
        for index in 1 ... 25 { sources["own-\(index)"] = starter + "\n\nlet answer\(index) = \(index)\n" }
        let checker = SimilarityChecker(threshold: 0.5, starter: starter)
        let similarity = checker.report(sources)
        let closest = similarity.clusters[0].closest
        #expect(closest.count == 19)
        #expect(closest.allSatisfy { !$0.fragments.isEmpty })
        #expect(similarity.pairs.filter { !$0.fragments.isEmpty }.count == 19)
        // The scores are the plain check's, pair for pair.
        #expect(similarity.pairs.map { "\($0.first)-\($0.second) \($0.score) \($0.shared)" }
            == checker.pairs(sources).map { "\($0.first)-\($0.second) \($0.score) \($0.shared)" })
        // The text report gives line ranges for the 19 shown pairs and lists all 190.
        var report = sampleReport()
        report.similarity = similarity
        let text = ClassTextFormatter(style: .plain).format(report).components(separatedBy: "\n")
        #expect(text.filter { $0.hasPrefix("          lines ") }.count == 19)
        #expect(text.filter { $0.contains("shared fingerprints)") }.count == 190)
    }

    @Test func theSideBySideViewColoursTheSameFragmentAlikeInBothFiles() {
        let alice = starter + "\n\n" + helper + "\n"
        let carol = starter + "\n\n// statistics <copied>\n\n\n" + helper.replacingOccurrences(of: "sorted", with: "ordered") + "\n"
        let similarity = SimilarityChecker(threshold: 0.5, starter: starter).report(["alice": alice, "carol": carol])
        var report = sampleReport()
        report.similarity = similarity
        let html = HTMLReportFormatter().format(report)
        #expect(parseXML(html).error == nil)
        #expect(html.contains("<h3>Group 1: alice, carol</h3>"))
        #expect(html.contains("alice lines 10–14 ↔ carol lines 13–17"))
        // Five lines of each file carry fragment 1's colour, and its number once.
        #expect(html.components(separatedBy: "<td class=\"f0\">").count - 1 == 10)
        #expect(html.components(separatedBy: "<span class=\"fragno\">1</span>").count - 1 == 2)
        #expect(html.contains("// statistics &lt;copied&gt;"))
        let text = ClassTextFormatter(style: .plain).format(report)
        #expect(text.contains("Group 1: alice, carol"))
        #expect(text.contains("lines alice 10–14 ↔ carol 13–17"))
    }
}
