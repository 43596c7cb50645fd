import TutorTerminal

/// Points per hidden test, read from an instructor's weights file.
///
/// The format is one test per line, `name = points`; `*` sets the points of every test
/// not named (1 when absent); `#` starts a comment; points are a whole or decimal number
/// from 0 up. A test worth 0 still runs and is reported, but scores nothing.
///
///     # ThumbnailCache, out of 30
///     * = 1
///     cost_whole_sizes = 3
///     concurrent_access = 2.5
///
/// A submission's score is the sum of the points of the tests it passed.
public struct TestWeights: Sendable, Equatable {
    /// Points of tests named in the file.
    public var points: [String: Double]
    /// Points of every other test.
    public var defaultPoints: Double
    /// The line each named test was given on, for messages about unknown names.
    public var lines: [String: Int]

    /// Every test worth one point: the score is the number of tests passed.
    public static let equal = TestWeights(points: [:], defaultPoints: 1)

    /// Weights with the given points.
    public init(points: [String: Double], defaultPoints: Double = 1, lines: [String: Int] = [:]) {
        self.points = points
        self.defaultPoints = defaultPoints
        self.lines = lines
    }

    /// The points of the test `name`.
    public func points(for name: String) -> Double { points[name] ?? defaultPoints }

    /// Reads weights from the text of a file named `file` (the name is for messages).
    ///
    /// - Throws: ``GradebookError/badWeights(file:line:problem:)`` naming the line.
    public static func parse(_ text: String, file: String) throws -> TestWeights {
        var weights = TestWeights.equal
        var seenDefault = false
        for (index, rawLine) in TextLines.split(text).enumerated() {
            let lineNumber = index + 1
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingWhitespace()
            if line.isEmpty { continue }
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw GradebookError.badWeights(file: file, line: lineNumber, problem: "expected 'test_name = points', found '\(MessageText.excerpt(line))'")
            }
            let name = parts[0]
            guard name == "*" || name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw GradebookError.badWeights(file: file, line: lineNumber, problem: "'\(MessageText.excerpt(name))' is not a test name (letters, digits and _) or *")
            }
            guard let value = Double(parts[1]), value.isFinite, value >= 0 else {
                throw GradebookError.badWeights(file: file, line: lineNumber, problem: "points for '\(MessageText.excerpt(name))' must be a number from 0 up, found '\(MessageText.excerpt(parts[1]))'")
            }
            if name == "*" {
                guard !seenDefault else { throw GradebookError.badWeights(file: file, line: lineNumber, problem: "'*' is given twice") }
                seenDefault = true
                weights.defaultPoints = value
            } else {
                guard weights.points[name] == nil else {
                    throw GradebookError.badWeights(file: file, line: lineNumber, problem: "'\(MessageText.excerpt(name))' is given twice (first on line \(weights.lines[name] ?? 0))")
                }
                weights.points[name] = value
                weights.lines[name] = lineNumber
            }
        }
        return weights
    }

    /// Checks that every test named exists in `testNames`.
    ///
    /// - Throws: ``GradebookError/unknownWeightedTest(file:line:name:suggestion:)`` for the first unknown name.
    public func validate(against testNames: [String], file: String) throws {
        for name in points.keys.sorted(by: { (lines[$0] ?? 0) < (lines[$1] ?? 0) }) where !testNames.contains(name) {
            throw GradebookError.unknownWeightedTest(file: file, line: lines[name] ?? 0, name: name, suggestion: Suggestion.nearest(to: name, in: testNames))
        }
    }

    /// Weights are equal when they give every test the same points, wherever the lines were.
    public static func == (lhs: TestWeights, rhs: TestWeights) -> Bool {
        lhs.points == rhs.points && lhs.defaultPoints == rhs.defaultPoints
    }

    /// Each test given its own points, then the rest: `concurrent_access 7, cost_whole_sizes 4, every other test 1`.
    public var summary: String {
        let named = points.keys.sorted().map { "\($0) \(Self.format(points[$0]!))" }
        return (named + ["\(named.isEmpty ? "every test" : "every other test") \(Self.format(defaultPoints))"]).joined(separator: ", ")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A canonical text of the weights, whose hash goes into the cache key.
    public var canonicalText: String {
        var text = "* = \(defaultPoints)\n"
        for name in points.keys.sorted() { text += "\(name) = \(points[name]!)\n" }
        return text
    }
}

private extension Substring {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
