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
    /// The runs of code the two share, in the first file's order, leaving out the starter's
    /// code and what most of the class wrote alike.
    public var fragments: [SharedFragment]

    /// The two students, which name the pair in a set or dictionary.
    public var students: [String] { [first, second] }

    /// A pair with its score and shared fragments.
    public init(first: String, second: String, score: Double, shared: Int, fragments: [SharedFragment] = []) {
        self.first = first
        self.second = second
        self.score = score
        self.shared = shared
        self.fragments = fragments
    }
}
