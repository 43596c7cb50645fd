import Foundation

/// Everything besides the tests' own results that decides a score, kept per exercise in
/// the gradebook as its deadlines are: the weights (and the file they were read from), the
/// instructor's extra tests (their identity and folder) and the submission times
/// `--timestamps` gave.
///
/// A grading that leaves one of them out uses the kept one, so `--only`, a shard or a later
/// run never re-scores the class by accident. A grading that gives another value changes
/// it for the whole exercise: the change is said on screen and recorded as a new row (the
/// old rows stay, as the history of what the class was scored with).
///
///     var inputs = try book.scoreInputs(of: "ThumbnailCache") ?? ScoreInputs()
///     inputs.changes(from: kept)   // ["the weights from weights.txt (…) to one point per test"]
public struct ScoreInputs: Sendable, Equatable {
    /// Points per test.
    public var weights: TestWeights
    /// The weights file as the instructor named it; "" for one point per test, or when an
    /// older gradebook did not keep the name.
    public var weightsFile: String
    /// The identity of the extra tests (``ExtraTests/identity``); "" for none.
    public var extraTests: String
    /// The folder the extra tests were read from (absolute); "" for none, or unknown.
    public var extraTestsFolder: String
    /// Submission times given by `--timestamps`, by student.
    public var timestamps: [String: Date]
    /// The timestamps file as the instructor named it; "" for none.
    public var timestampsFile: String
    /// When these were recorded; nil when they were read from an older gradebook's last run.
    public var setAt: Date?

    /// Inputs with every part given; the defaults are one point per test, no extra tests and no timestamps.
    public init(weights: TestWeights = .equal, weightsFile: String = "", extraTests: String = "", extraTestsFolder: String = "",
                timestamps: [String: Date] = [:], timestampsFile: String = "", setAt: Date? = nil) {
        self.weights = weights
        self.weightsFile = weightsFile
        self.extraTests = extraTests
        self.extraTestsFolder = extraTestsFolder
        self.timestamps = timestamps
        self.timestampsFile = timestampsFile
        self.setAt = setAt
    }

    /// Whether `other` is the same record: the same values under the same names (when they were set aside).
    public func isRecorded(as other: ScoreInputs) -> Bool {
        var mine = self, theirs = other
        mine.setAt = nil
        theirs.setAt = nil
        return mine == theirs
    }

    /// What scores differently from `old` to these inputs, one phrase per part
    /// (`the weights from weights.txt (…) to one point per test`); empty when every score stays.
    public func changes(from old: ScoreInputs) -> [String] {
        var changes: [String] = []
        if weights != old.weights { changes.append("the weights from \(old.weightsDescription) to \(weightsDescription)") }
        if extraTests != old.extraTests { changes.append("the extra tests from \(old.extraTestsDescription) to \(extraTestsDescription)") }
        if timestamps != old.timestamps { changes.append("the submission times from \(old.timestampsDescription) to \(timestampsDescription)") }
        return changes
    }

    /// The weights in a few words: `one point per test`, or the file and each test's points.
    public var weightsDescription: String {
        if weights == .equal { return "one point per test" }
        return weightsFile.isEmpty ? "weights " + weights.summary : weightsFile + " (" + weights.summary + ")"
    }

    /// The extra tests in a few words.
    public var extraTestsDescription: String {
        extraTests.isEmpty ? "none" : (extraTestsFolder.isEmpty ? "a folder of extra tests" : extraTestsFolder) + " (SHA-256 \(extraTests.prefix(12)))"
    }

    /// The timestamps in a few words.
    public var timestampsDescription: String {
        if timestamps.isEmpty { return "git and the files' own times" }
        return "\(timestamps.count) \(timestamps.count == 1 ? "time" : "times")" + (timestampsFile.isEmpty ? "" : " from " + timestampsFile)
    }
}
