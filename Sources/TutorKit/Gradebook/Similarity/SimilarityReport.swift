/// What the similarity check found in one class: the flagged pairs with their shared
/// fragments, grouped into clusters, and the sources needed to show them side by side.
public struct SimilarityReport: Sendable, Equatable {
    /// The lowest score flagged.
    public var threshold: Double
    /// Flagged pairs, highest score first.
    public var pairs: [SimilarPair]
    /// The pairs grouped by the students they link, largest group first.
    public var clusters: [SimilarityCluster]
    /// The source of every student in a flagged pair (and only theirs).
    public var sources: [String: String]
    /// Each of those students' file, relative to the class folder.
    public var files: [String: String]

    /// A report of `pairs`, clustered, keeping the sources of the students they name.
    public init(threshold: Double, pairs: [SimilarPair], sources: [String: String] = [:], files: [String: String] = [:]) {
        self.threshold = threshold
        self.pairs = pairs
        clusters = SimilarityCluster.clusters(of: pairs)
        let named = Set(pairs.flatMap { [$0.first, $0.second] })
        self.sources = sources.filter { named.contains($0.key) }
        self.files = files.filter { named.contains($0.key) }
    }
}
