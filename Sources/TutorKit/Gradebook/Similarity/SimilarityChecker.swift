/// Finds pairs of submissions that are suspiciously alike, MOSS-style.
///
/// Each submission becomes a normalised token stream (``SwiftTokenizer``), then a set of
/// winnowing fingerprints (``Winnowing``). Fingerprints of the starter file, and those
/// shared by more than half of a class of at least 4 (the code everyone writes against
/// the same API), are left out, so what remains is what a student wrote their own way.
/// Pairs whose remaining fingerprints overlap by at least `threshold` (Jaccard) are
/// reported, highest first. A high score is a reason to look, not a verdict; so each
/// flagged pair also gets the runs of code the two share (``TokenTiling``), with the
/// starter's code and the class's common code masked, for a side-by-side view.
///
///     let pairs = SimilarityChecker(threshold: 0.6).pairs(["alice": aliceSource, "bob": bobSource])
///     let report = SimilarityChecker(threshold: 0.6).report(sources, files: files)   // clusters, fragments
public struct SimilarityChecker: Sendable {
    /// The lowest score reported.
    public var threshold: Double
    /// The fingerprinting sizes.
    public var winnowing: Winnowing
    /// Source every student starts from; its fingerprints never count.
    public var starter: String?

    /// The default threshold: more than half of what each wrote in common.
    public static let defaultThreshold = 0.6

    /// A checker reporting pairs at or above `threshold`.
    public init(threshold: Double = SimilarityChecker.defaultThreshold, winnowing: Winnowing = Winnowing(), starter: String? = nil) {
        self.threshold = threshold
        self.winnowing = winnowing
        self.starter = starter
    }

    /// The pairs among `sources` (student → source text) scoring at least ``threshold``, highest first.
    public func pairs(_ sources: [String: String]) -> [SimilarPair] {
        let starterPrints = starter.map { winnowing.fingerprints(of: SwiftTokenizer.tokens(of: $0)) } ?? []
        var prints = sources.mapValues { winnowing.fingerprints(of: SwiftTokenizer.tokens(of: $0)).subtracting(starterPrints) }
        if prints.count >= 4 {
            var occurrences: [UInt64: Int] = [:]
            for set in prints.values { for print in set { occurrences[print, default: 0] += 1 } }
            let common = Set(occurrences.filter { $0.value * 2 > prints.count }.keys)
            prints = prints.mapValues { $0.subtracting(common) }
        }
        // Count shared fingerprints through an index, so only pairs sharing something are visited.
        var holders: [UInt64: [String]] = [:]
        for student in prints.keys.sorted() { for print in prints[student]! { holders[print, default: []].append(student) } }
        var sharedCounts: [Pair: Int] = [:]
        for students in holders.values where students.count > 1 {
            for (offset, first) in students.enumerated() {
                for second in students[(offset + 1)...] { sharedCounts[Pair(first: first, second: second), default: 0] += 1 }
            }
        }
        var found: [SimilarPair] = []
        for (pair, shared) in sharedCounts {
            let union = prints[pair.first]!.count + prints[pair.second]!.count - shared
            let score = Double(shared) / Double(union)
            if score >= threshold { found.append(SimilarPair(first: pair.first, second: pair.second, score: score, shared: shared)) }
        }
        return found.sorted {
            if $0.score != $1.score { return $0.score > $1.score }
            return ($0.first, $0.second) < ($1.first, $1.second)
        }
    }

    /// The flagged pairs of `sources` with their shared fragments, clustered.
    ///
    /// - Parameter files: each student's file relative to the class folder, for the report.
    public func report(_ sources: [String: String], files: [String: String] = [:]) -> SimilarityReport {
        let flagged = pairs(sources)
        guard !flagged.isEmpty else { return SimilarityReport(threshold: threshold, pairs: [], sources: sources, files: files) }
        let tokens = sources.mapValues(SwiftTokenizer.located)
        let masked = maskedPositions(tokens)
        // Tiling compares small integers, one per distinct token text.
        var ids: [String: Int] = [:]
        var streams: [String: [Int]] = [:]
        for (student, list) in tokens {
            streams[student] = list.map { token in
                if let id = ids[token.text] { return id }
                ids[token.text] = ids.count
                return ids.count - 1
            }
        }
        let tiling = TokenTiling(minimumLength: max(winnowing.k, 12))
        let withFragments = flagged.map { pair -> SimilarPair in
            let (a, b) = (tokens[pair.first]!, tokens[pair.second]!)
            let tiles = tiling.tiles(streams[pair.first]!, streams[pair.second]!, maskedFirst: masked[pair.first]!, maskedSecond: masked[pair.second]!)
            var pair = pair
            pair.fragments = tiles.sorted { $0.first < $1.first }.map { tile in
                SharedFragment(first: Self.span(a[tile.first ..< tile.first + tile.length]),
                               second: Self.span(b[tile.second ..< tile.second + tile.length]), tokens: tile.length)
            }
            return pair
        }
        return SimilarityReport(threshold: threshold, pairs: withFragments, sources: sources, files: files)
    }

    /// Token positions of each file that lie in a k-gram of the starter, or in a k-gram
    /// more than half of a class of at least 4 share: code nobody should be flagged for.
    private func maskedPositions(_ tokens: [String: [SourceToken]]) -> [String: Set<Int>] {
        let grams = tokens.mapValues { winnowing.kGramHashes($0.map(\.text)) }
        var excluded = Set(starter.map { winnowing.kGramHashes(SwiftTokenizer.tokens(of: $0)) } ?? [])
        if tokens.count >= 4 {
            var holders: [UInt64: Int] = [:]
            for hashes in grams.values { for hash in Set(hashes) { holders[hash, default: 0] += 1 } }
            excluded.formUnion(holders.filter { $0.value * 2 > tokens.count }.keys)
        }
        return grams.mapValues { hashes in
            var positions = Set<Int>()
            for (start, hash) in hashes.enumerated() where excluded.contains(hash) {
                positions.formUnion(start ..< start + winnowing.k)
            }
            return positions
        }
    }

    private static func span(_ tokens: ArraySlice<SourceToken>) -> SharedFragment.Span {
        SharedFragment.Span(firstLine: tokens.first!.line, lastLine: tokens.last!.endLine)
    }

    private struct Pair: Hashable {
        var first: String
        var second: String
    }
}
