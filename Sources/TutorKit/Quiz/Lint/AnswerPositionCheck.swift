import Foundation

/// Whether a file's right answers crowd into one display position more than chance allows.
///
/// A learner who notices that "the answer is usually a" scores without reading. For each
/// position (a, b, c…) the check counts the choice questions whose choice at that position
/// is right; true/false questions count `true` as position a. If every question's right
/// answers were placed at random, question `i` would put a right answer at the position
/// with probability `p_i` (its right choices ÷ its choices), so the count follows a
/// Poisson binomial distribution. The check reports a position whose count is so high
/// that chance reaches it less than ``threshold`` of the time (an exact upper tail). A
/// quiz file holds few questions, so the test is one-sided and uncorrected: it is a
/// warning for an author to look at, not a verdict.
///
///     let finding = AnswerPositionCheck.finding(for: questions)
///     // "right answers sit at position a in 6 of 6 choice questions; by chance that
///     //  happens with probability 0.00024 …"
public enum AnswerPositionCheck {
    /// The chance below which a position counts as biased.
    public static let threshold = 0.05

    /// A position with more right answers than chance explains.
    public struct Bias: Sendable, Equatable {
        /// The display position, 0 for a.
        public var position: Int
        /// How many questions have a right answer there (fractional for several-answer
        /// questions, which count the share of credit their choice there carries).
        public var observed: Int
        /// How many questions have a choice there.
        public var questions: Int
        /// The chance of at least `observed` with answers placed at random.
        public var probability: Double
    }

    /// The most significant biased position among `questions`, if any.
    public static func bias(in questions: [GIFTQuestion]) -> Bias? {
        var trials: [[(p: Double, hit: Bool)]] = []
        for question in questions {
            switch question.kind {
            case let .multipleChoice(choices) where choices.count >= 2:
                let single = choices.contains(where: \.isCorrect)
                let right = choices.map { single ? $0.fraction >= 1 : $0.fraction > 0 }
                let share = Double(right.filter { $0 }.count) / Double(choices.count)
                for (position, isRight) in right.enumerated() {
                    if trials.count <= position { trials.append([]) }
                    trials[position].append((share, isRight))
                }
            case let .trueFalse(answer):
                if trials.isEmpty { trials.append([]) }
                trials[0].append((0.5, answer.isTrue))
            default:
                continue
            }
        }
        var worst: Bias?
        for (position, column) in trials.enumerated() where column.count >= 3 {
            let observed = column.filter(\.hit).count
            let expected = column.map(\.p).reduce(0, +)
            guard Double(observed) > expected else { continue }
            let probability = upperTail(column.map(\.p), atLeast: observed)
            if probability < threshold, probability < (worst?.probability ?? 1) {
                worst = Bias(position: position, observed: observed, questions: column.count, probability: probability)
            }
        }
        return worst
    }

    /// P(X ≥ k) where X is the number of successes of independent trials with chances `p`.
    ///
    /// - Complexity: O(n²) for n trials: the exact distribution, built one trial at a time.
    static func upperTail(_ p: [Double], atLeast k: Int) -> Double {
        var distribution = [1.0]
        for chance in p {
            var next = Array(repeating: 0.0, count: distribution.count + 1)
            for (successes, probability) in distribution.enumerated() {
                next[successes] += probability * (1 - chance)
                next[successes + 1] += probability * chance
            }
            distribution = next
        }
        return distribution.dropFirst(k).reduce(0, +)
    }
}
