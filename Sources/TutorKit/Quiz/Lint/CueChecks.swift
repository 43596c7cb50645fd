import Foundation

/// Cues that let a learner answer a choice question without reading it: the length of the
/// right choice, multiple-answer questions whose choices are mostly right, and "all of the
/// above" choices.
///
/// A learner who notices that "the longest answer is usually right" scores without knowing
/// anything; so does one who notices that it is almost never right, and rules it out. For
/// a set of questions (one file, or the whole course), ``lengthBias(in:)`` counts the
/// single-answer questions whose longest (or shortest) choice is right, and compares that
/// count with chance the way ``AnswerPositionCheck`` does for positions: question `i` would
/// have its right choice at the extreme with probability `p_i` (its right choices ÷ its
/// choices) if lengths said nothing, so the count follows a Poisson binomial distribution,
/// and a count whose upper or lower tail is below ``AnswerPositionCheck/threshold`` is
/// reported. Questions whose longest (or shortest) length is shared by two choices give no
/// cue and are left out.
///
///     CueChecks.lengthBias(in: questions)
///     // LengthBias(extreme: .longest, direction: .often, observed: 5, questions: 6,
///     //            expected: 1.5, probability: 0.0046)
public enum CueChecks {
    /// Which end of the lengths a bias is at.
    public enum Extreme: String, Sendable {
        case longest, shortest
    }

    /// Whether the right choice sits at an extreme more or less often than chance.
    public enum Direction: String, Sendable {
        /// More often: always picking that extreme pays.
        case often
        /// Less often: ruling that extreme out pays.
        case seldom
    }

    /// More (or fewer) right answers at one extreme of the lengths than chance explains.
    public struct LengthBias: Sendable, Equatable {
        /// Longest or shortest.
        public var extreme: Extreme
        /// More often or less often than chance.
        public var direction: Direction
        /// How many questions have their right choice at that extreme.
        public var observed: Int
        /// How many single-answer questions have a single choice at that extreme.
        public var questions: Int
        /// How many chance would put there: the sum of the questions' `p_i`.
        public var expected: Double
        /// The chance of a count at least as far from `expected` (on the same side) as
        /// `observed`, if lengths were unrelated to rightness.
        public var probability: Double
    }

    /// A right choice this many times as long as the longest wrong one, and at least
    /// ``longerBy`` characters longer, stands out on its own.
    public static let ratio = 1.5
    /// See ``ratio``.
    public static let longerBy = 15

    /// The most significant length bias among the single-answer questions given (one file,
    /// or every file of a course), if any is below the threshold: the right choice is the
    /// longest or the shortest more often, or less often, than chance explains.
    public static func lengthBias(in questions: [GIFTQuestion]) -> LengthBias? {
        var worst: LengthBias?
        for extreme in [Extreme.longest, .shortest] {
            var trials: [(p: Double, hit: Bool)] = []
            for question in questions {
                guard case let .multipleChoice(choices) = question.kind, choices.count >= 3,
                      choices.contains(where: \.isCorrect) else { continue }
                let lengths = choices.map { $0.text.text.count }
                let target = extreme == .longest ? lengths.max()! : lengths.min()!
                let at = lengths.indices.filter { lengths[$0] == target }
                guard at.count == 1 else { continue }
                let right = choices.filter { $0.fraction >= 1 }.count
                trials.append((Double(right) / Double(choices.count), choices[at[0]].fraction >= 1))
            }
            guard trials.count >= 3 else { continue }
            let chances = trials.map(\.p)
            let observed = trials.filter(\.hit).count
            let expected = chances.reduce(0, +)
            let direction: Direction
            let probability: Double
            if Double(observed) > expected {
                direction = .often
                probability = AnswerPositionCheck.upperTail(chances, atLeast: observed)
            } else if Double(observed) < expected {
                // P(X ≤ k) is the upper tail of the misses: at least n − k questions miss.
                direction = .seldom
                probability = AnswerPositionCheck.upperTail(chances.map { 1 - $0 }, atLeast: trials.count - observed)
            } else {
                continue
            }
            if probability < AnswerPositionCheck.threshold, probability < (worst?.probability ?? 1) {
                worst = LengthBias(extreme: extreme, direction: direction, observed: observed, questions: trials.count, expected: expected, probability: probability)
            }
        }
        return worst
    }

    /// The lint message for `bias`, found in `scope` ("" for one file, or "over all 12
    /// files, " for a course).
    public static func message(for bias: LengthBias, scope: String = "") -> String {
        let chance = String(format: "%.2g", bias.probability)
        let expected = String(format: "%.1f", bias.expected)
        let extreme = bias.extreme.rawValue
        switch bias.direction {
        case .often:
            return "\(scope)the right choice is the \(extreme) one in \(bias.observed) of \(bias.questions) single-answer questions; if length said nothing that would happen with probability \(chance); a learner who always picks the \(extreme) choice scores without reading"
        case .seldom:
            return "\(scope)the right choice is the \(extreme) one in only \(bias.observed) of \(bias.questions) single-answer questions, where chance gives about \(expected); that few happens with probability \(chance); a learner who rules out the \(extreme) choice scores above chance without reading: let some right choices be the \(extreme)"
        }
    }

    /// The warnings for one choice question: a right choice much longer than every wrong
    /// one (single answer), a multiple-answer question whose choices are mostly right or
    /// that pays for ticking every choice, and "all/none of the above".
    public static func warnings(for question: GIFTQuestion, choices: [GIFTChoice], name: String) -> [(message: String, location: GIFTSourceLocation?)] {
        var found: [(String, GIFTSourceLocation?)] = []
        let single = choices.contains(where: \.isCorrect)
        if single {
            let wrong = choices.filter { $0.fraction < 1 }.map { $0.text.text.count }
            if let longestWrong = wrong.max() {
                for choice in choices where choice.fraction >= 1 {
                    let length = choice.text.text.count
                    if Double(length) >= ratio * Double(max(1, longestWrong)), length - longestWrong >= longerBy {
                        found.append(("in \(name), the right choice is \(length) characters long and the longest wrong one \(longestWrong); a learner can pick it by its length alone: shorten it, or give a wrong choice the same detail", choice.location))
                    }
                }
            }
        } else {
            let right = choices.filter { $0.fraction > 0 }.count
            let wrong = choices.count - right
            if choices.count >= 4, right > wrong {
                found.append(("\(name) has \(right) right choices out of \(choices.count); when most choices are right, ticking at random pays: add wrong choices (real misconceptions) or make some right ones wrong", nil))
            }
            let everything = choices.map(\.fraction).reduce(0, +)
            if everything > 0.0001 {
                let percent = GIFTNumericalValue.format((everything * 100 * 10).rounded() / 10)
                found.append(("ticking every choice of \(name) earns \(percent)%; give the wrong choices negative weights that cancel the right ones", nil))
            }
        }
        for choice in choices where isAllOrNoneOfTheAbove(choice.text.text) {
            found.append(("choice '\(choice.text.text)' of \(name) refers to the other choices; shuffled, it loses its meaning, and it is right or wrong by habit more often than by chance: write a real alternative", choice.location))
        }
        return found
    }

    /// Whether `text` is an "all of the above" or "none of the above" choice.
    static func isAllOrNoneOfTheAbove(_ text: String) -> Bool {
        let words = text.lowercased().components(separatedBy: CharacterSet.letters.inverted).filter { !$0.isEmpty }.joined(separator: " ")
        let phrases = ["all of the above", "none of the above", "all of these", "none of these", "both of the above", "neither of the above", "all the above", "all of the others", "none of the others"]
        return phrases.contains { words.contains($0) }
    }
}
