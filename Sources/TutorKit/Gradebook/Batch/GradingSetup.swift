/// Everything besides a submission's bytes that decides its grade: the cache key's other half.
///
/// Two gradings with equal setups and equal file hashes give the same results, so the
/// second is taken from the gradebook. The harness and extra tests decide the test
/// results; the weights only the score, so a change of weights re-scores stored results
/// without running any submission again.
public struct GradingSetup: Sendable, Equatable {
    /// The exercise (`ThumbnailCache`).
    public var exercise: String
    /// SHA-256 of the grader's identity (compiler, harness sources, flags).
    public var harness: String
    /// SHA-256 over the instructor's extra test files, or "" without `--tests`.
    public var extraTests: String
    /// Points per test.
    public var weights: TestWeights

    /// A setup with every part given.
    public init(exercise: String, harness: String, extraTests: String = "", weights: TestWeights = .equal) {
        self.exercise = exercise
        self.harness = harness
        self.extraTests = extraTests
        self.weights = weights
    }

    /// SHA-256 of the weights' canonical text.
    public var weightsHash: String { SHA256.hexDigest(of: Array(weights.canonicalText.utf8)) }
}
