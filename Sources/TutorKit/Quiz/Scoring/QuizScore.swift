/// How one response was scored, and what to tell the learner about it.
public struct QuizScore: Sendable, Equatable {
    /// How a response fared.
    public enum Verdict: String, Sendable {
        case right, partlyRight, wrong
    }

    /// The credit earned, from 0 to 1 (negative weights never take a question below 0).
    public var credit: Double
    /// The feedback written for what was answered (the chosen choices, the matching
    /// short or numerical answer, the true/false side), in order.
    public var feedback: [GIFTText]
    /// The right answer, as a learner should read it.
    public var rightAnswer: String

    /// A score.
    public init(credit: Double, feedback: [GIFTText] = [], rightAnswer: String) {
        self.credit = credit
        self.feedback = feedback
        self.rightAnswer = rightAnswer
    }

    /// Right (full credit), partly right or wrong.
    public var verdict: Verdict {
        if credit >= 1 - 1e-9 { return .right }
        return credit > 1e-9 ? .partlyRight : .wrong
    }
}
