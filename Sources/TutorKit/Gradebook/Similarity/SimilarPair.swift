/// Two students whose submissions share an unusual share of their fingerprints.
public struct SimilarPair: Sendable, Equatable, Codable {
    /// The first student, alphabetically.
    public var first: String
    /// The second student.
    public var second: String
    /// Shared fingerprints over the fingerprints of either (Jaccard), 0…1.
    public var score: Double
    /// How many fingerprints the two share.
    public var shared: Int

    /// A pair with its score.
    public init(first: String, second: String, score: Double, shared: Int) {
        self.first = first
        self.second = second
        self.score = score
        self.shared = shared
    }
}
