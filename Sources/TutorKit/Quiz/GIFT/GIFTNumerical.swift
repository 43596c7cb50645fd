/// The answers of a numerical question `{#…}`.
///
/// Written either as one bare value (`{#1822}`, `{#3.14:0.01}`, `{#1..5}`) or as a list of
/// marked answers with weights and feedback (`{# =1822:0 =%50%1822:2 ~#Too far}`).
public struct GIFTNumerical: Sendable, Equatable {
    /// The answers, in the order written.
    public var answers: [GIFTNumericalAnswer]
    /// Whether the answers were written as a `=`/`~` list rather than one bare value.
    public var isList: Bool

    /// Numerical answers.
    public init(answers: [GIFTNumericalAnswer], isList: Bool) {
        self.answers = answers
        self.isList = isList
    }
}

/// One answer of a numerical question.
public struct GIFTNumericalAnswer: Sendable, Equatable {
    /// `true` for `=` (or a bare value), `false` for `~`.
    public var isCorrect: Bool
    /// The `%weight%` in percent, if one was written.
    public var weight: Double?
    /// The values accepted; nil for a catch-all answer (`~#feedback` or `*`).
    public var value: GIFTNumericalValue?
    /// The `#feedback` shown when this answer matches.
    public var feedback: GIFTText?
    /// Where the answer starts.
    public var location: GIFTSourceLocation

    /// A numerical answer.
    public init(isCorrect: Bool = true, weight: Double? = nil, value: GIFTNumericalValue?, feedback: GIFTText? = nil, location: GIFTSourceLocation = GIFTSourceLocation(line: 1, column: 1)) {
        self.isCorrect = isCorrect
        self.weight = weight
        self.value = value
        self.feedback = feedback
        self.location = location
    }

    /// The credit this answer earns, as a fraction: its weight if written, else 1 for `=`, 0 for `~`.
    public var fraction: Double {
        if let weight { return weight / 100 }
        return isCorrect ? 1 : 0
    }
}

/// The numbers a numerical answer accepts.
public enum GIFTNumericalValue: Sendable, Equatable {
    /// Exactly this number: `{#1822}`.
    case exact(Double)
    /// This number give or take a margin: `{#3.14:0.01}`.
    case tolerance(Double, margin: Double)
    /// Any number from `low` to `high`, both included: `{#1..5}`.
    case range(low: Double, high: Double)

    /// Whether `number` is accepted.
    ///
    /// Comparisons allow a rounding error of a billionth of the magnitude, so `0.1 + 0.2`
    /// matches `0.3` the way a learner would expect.
    public func accepts(_ number: Double) -> Bool {
        func slack(_ reference: Double) -> Double { 1e-9 * max(1, abs(reference)) }
        switch self {
        case let .exact(value):
            return abs(number - value) <= slack(value)
        case let .tolerance(value, margin):
            return abs(number - value) <= abs(margin) + slack(value)
        case let .range(low, high):
            return number >= low - slack(low) && number <= high + slack(high)
        }
    }

    /// The value as GIFT writes it: `42`, `3.14:0.01`, `1..5`.
    public var giftNotation: String {
        switch self {
        case let .exact(value): return Self.format(value)
        case let .tolerance(value, margin): return "\(Self.format(value)):\(Self.format(margin))"
        case let .range(low, high): return "\(Self.format(low))..\(Self.format(high))"
        }
    }

    /// How a learner reads it: `42`, `3.14 ± 0.01`, `from 1 to 5`.
    public var readable: String {
        switch self {
        case let .exact(value): return Self.format(value)
        case let .tolerance(value, margin): return "\(Self.format(value)) ± \(Self.format(margin))"
        case let .range(low, high): return "from \(Self.format(low)) to \(Self.format(high))"
        }
    }

    /// A number without a trailing `.0` when it is whole.
    public static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
