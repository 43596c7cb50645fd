/// Finds pairs of submissions that are suspiciously alike, MOSS-style.
///
/// Each submission becomes a normalised token stream (``SwiftTokenizer``), then a set of
/// winnowing fingerprints (``Winnowing``). Every run of k tokens found in the starter file,
/// or shared by more than half of a class of at least 4 (the code everyone writes against
/// the same API), is left out, so what remains is what a student wrote their own way.
/// Pairs whose remaining fingerprints overlap by at least `threshold` (Jaccard) are
/// reported, highest first. A high score is a reason to look, not a verdict; so each
/// flagged pair also gets the runs of code the two share (``TokenTiling``), without the
/// starter's code and the class's common code, for a side-by-side view.
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
        let tokens = sources.mapValues(SwiftTokenizer.tokens)
        return pairs(tokens, excluding: excludedHashes(tokens))
    }

    /// The pairs among `tokens` scoring at least ``threshold``, the runs in `excluded` left out.
    ///
    /// Shared fingerprints are counted through an index from fingerprint to its holders, so
    /// only pairs sharing something are visited; students are numbered and a pair is one
    /// integer, because a fingerprint many hold (a copy handed to many, code a third of the
    /// class writes alike) adds one count to each of its holders' pairs.
    private func pairs(_ tokens: [String: [String]], excluding excluded: Set<UInt64>) -> [SimilarPair] {
        let students = tokens.keys.sorted()
        let prints = students.map { winnowing.fingerprints(of: tokens[$0]!).subtracting(excluded) }
        var holders: [UInt64: [Int]] = [:]
        for (student, set) in prints.enumerated() { for print in set { holders[print, default: []].append(student) } }
        var sharedCounts: [Int: Int] = [:]
        for list in holders.values where list.count > 1 {
            for (offset, first) in list.enumerated() {
                for second in list[(offset + 1)...] { sharedCounts[first * students.count + second, default: 0] += 1 }
            }
        }
        var found: [SimilarPair] = []
        for (key, shared) in sharedCounts {
            let (first, second) = key.quotientAndRemainder(dividingBy: students.count)
            let union = prints[first].count + prints[second].count - shared
            let score = Double(shared) / Double(union)
            if score >= threshold { found.append(SimilarPair(first: students[first], second: students[second], score: score, shared: shared)) }
        }
        return found.sorted {
            if $0.score != $1.score { return $0.score > $1.score }
            return ($0.first, $0.second) < ($1.first, $1.second)
        }
    }

    /// The flagged pairs of `sources`, clustered, with the shared fragments of the pairs the
    /// reports show: each cluster's ``SimilarityCluster/closest`` (one fewer than its
    /// students). The other flagged pairs are listed with their scores only, so they are not
    /// tiled: thirty copies of one file are 435 flagged pairs, of which 29 are shown.
    ///
    /// Fragments are tiled over each file's runs of k tokens (the units fingerprints are
    /// made of) rather than over single tokens: a run that is the starter's or the class's
    /// never takes part, every own run two files share can, and each tile of n runs shows
    /// as the n + k − 1 tokens it covers. So every fingerprint a pair's score counts lies in
    /// a fragment the view can show.
    ///
    /// - Parameter files: each student's file relative to the class folder, for the report.
    public func report(_ sources: [String: String], files: [String: String] = [:]) -> SimilarityReport {
        let plain = sources.mapValues(SwiftTokenizer.tokens)
        let excluded = excludedHashes(plain)
        let flagged = pairs(plain, excluding: excluded)
        guard !flagged.isEmpty else { return SimilarityReport(threshold: threshold, pairs: [], sources: sources, files: files) }
        let shown = Set(SimilarityCluster.clusters(of: flagged).flatMap(\.closest).map { Pair(first: $0.first, second: $0.second) })
        let named = Set(shown.flatMap { [$0.first, $0.second] })
        let tokens = sources.filter { named.contains($0.key) }.mapValues(SwiftTokenizer.located)
        let grams = tokens.mapValues { winnowing.kGramHashes($0.map(\.text)) }
        // Tiling compares small integers, one per distinct run of k tokens.
        var ids: [UInt64: Int] = [:]
        var streams: [String: [Int]] = [:]
        var masked: [String: Set<Int>] = [:]
        for (student, hashes) in grams {
            streams[student] = hashes.map { hash in
                if let id = ids[hash] { return id }
                ids[hash] = ids.count
                return ids.count - 1
            }
            masked[student] = Set(hashes.indices.filter { excluded.contains(hashes[$0]) })
        }
        // The tokens each file has inside some excluded run.
        let covered = masked.mapValues { starts in Set(starts.flatMap { $0 ..< $0 + winnowing.k }) }
        let tiling = TokenTiling(minimumLength: 1)
        let withFragments = flagged.map { pair -> SimilarPair in
            guard shown.contains(Pair(first: pair.first, second: pair.second)) else { return pair }
            let (a, b) = (tokens[pair.first]!, tokens[pair.second]!)
            let tiles = tiling.tiles(streams[pair.first]!, streams[pair.second]!, maskedFirst: masked[pair.first]!, maskedSecond: masked[pair.second]!)
            var pair = pair
            let (coveredA, coveredB) = (covered[pair.first]!, covered[pair.second]!)
            pair.fragments = Self.joined(tiles.sorted { $0.first < $1.first }.map { tile in
                // A run that starts in the starter's code and ends in the student's own shows
                // from its own part: tokens both files have only inside excluded runs are trimmed.
                // A run all of whose tokens lie in excluded runs still shows whole.
                let length = tile.length + winnowing.k - 1
                let own = (0 ..< length).filter { !coveredA.contains(tile.first + $0) || !coveredB.contains(tile.second + $0) }
                let (start, end) = (own.first ?? 0, (own.last ?? length - 1) + 1)
                return SharedFragment(first: Self.span(a[(tile.first + start) ..< (tile.first + end)]),
                                      second: Self.span(b[(tile.second + start) ..< (tile.second + end)]), tokens: end - start)
            })
            return pair
        }
        return SimilarityReport(threshold: threshold, pairs: withFragments, sources: sources, files: files)
    }

    /// Hashes of every run of k tokens that is nobody's own: each of the starter's, and
    /// each that more than half of a class of at least 4 share. Scoring and the
    /// side-by-side view both leave exactly these out.
    private func excludedHashes(_ tokens: [String: [String]]) -> Set<UInt64> {
        var excluded = Set(starter.map { winnowing.kGramHashes(SwiftTokenizer.tokens(of: $0)) } ?? [])
        if tokens.count >= 4 {
            var holders: [UInt64: Int] = [:]
            for list in tokens.values { for hash in Set(winnowing.kGramHashes(list)) { holders[hash, default: 0] += 1 } }
            excluded.formUnion(holders.filter { $0.value * 2 > tokens.count }.keys)
        }
        return excluded
    }

    /// `fragments` (in the first file's order) with those whose lines touch or overlap in
    /// both files, in the same order, made one: a reader sees one stretch of shared code,
    /// not the several tiles it was found as.
    static func joined(_ fragments: [SharedFragment]) -> [SharedFragment] {
        var joined: [SharedFragment] = []
        for fragment in fragments {
            if var last = joined.last,
               fragment.first.firstLine <= last.first.lastLine + 1, fragment.first.firstLine >= last.first.firstLine,
               fragment.second.firstLine <= last.second.lastLine + 1, fragment.second.firstLine >= last.second.firstLine {
                last.first.lastLine = max(last.first.lastLine, fragment.first.lastLine)
                last.second.lastLine = max(last.second.lastLine, fragment.second.lastLine)
                last.tokens += fragment.tokens
                joined[joined.count - 1] = last
            } else {
                joined.append(fragment)
            }
        }
        return joined
    }

    private static func span(_ tokens: ArraySlice<SourceToken>) -> SharedFragment.Span {
        SharedFragment.Span(firstLine: tokens.first!.line, lastLine: tokens.last!.endLine)
    }

    private struct Pair: Hashable {
        var first: String
        var second: String
    }
}
