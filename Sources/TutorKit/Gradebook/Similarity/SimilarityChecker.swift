/// Finds pairs of submissions that are suspiciously alike, MOSS-style.
///
/// Each submission becomes a normalised token stream (``SwiftTokenizer``), then a set of
/// winnowing fingerprints (``Winnowing``). Fingerprints of the starter file, and those
/// shared by more than half of a class of at least 4 (the code everyone writes against
/// the same API), are left out, so what remains is what a student wrote their own way.
/// Pairs whose remaining fingerprints overlap by at least `threshold` (Jaccard) are
/// reported, highest first. A high score is a reason to look, not a verdict.
///
///     let pairs = SimilarityChecker(threshold: 0.6).pairs(["alice": aliceSource, "bob": bobSource])
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

    private struct Pair: Hashable {
        var first: String
        var second: String
    }
}
