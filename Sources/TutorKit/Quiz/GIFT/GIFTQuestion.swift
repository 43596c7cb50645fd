/// One question of a GIFT file, whatever its kind.
///
/// The fields every kind shares live here; what depends on the kind (choices, numbers,
/// pairs) lives in ``Kind``. A missing-word question is any question with text after its
/// answer block: its ``stem`` shows the blank as `_____` and ``hasEmbeddedAnswers`` is true.
///
///     ::Eviction:: NSCache may drop an object at any time.{T}
///     // kind: .trueFalse, title: "Eviction", stem: "NSCache may drop an object at any time."
public struct GIFTQuestion: Sendable, Equatable {
    /// What kind of question it is, with the answers of that kind.
    public enum Kind: Sendable, Equatable {
        /// Text with no answer block: shown, never scored.
        case description
        /// An empty answer block `{}`: a free-text answer, never scored automatically.
        case essay
        /// `{T}`, `{FALSE#…#…}`.
        case trueFalse(GIFTTrueFalse)
        /// Choices marked `=` (right) and `~` (wrong or weighted), at least one `~`.
        case multipleChoice([GIFTChoice])
        /// Accepted texts marked `=` (or one bare text), matched without regard to case.
        case shortAnswer([GIFTChoice])
        /// `{#…}`: a number, a number with a tolerance, a range, or several weighted answers.
        case numerical(GIFTNumerical)
        /// `{=left -> right …}`: pairs to match (`= -> X` adds a distractor).
        case matching([GIFTMatchPair])
    }

    /// The question's kind and answers.
    public var kind: Kind
    /// The `::title::`, if given.
    public var title: String?
    /// The question text; for a missing-word question it holds `_____` where the answers go.
    public var stem: GIFTText
    /// Whether text followed the answer block (a missing-word question).
    public var hasEmbeddedAnswers: Bool
    /// The `####` feedback shown whatever was answered.
    public var globalFeedback: GIFTText?
    /// The `[id:…]` from a comment in the question's block.
    public var id: String?
    /// The `[tag:…]` values from comments in the question's block, in order.
    public var tags: [String]
    /// Where the question starts in its file.
    public var location: GIFTSourceLocation

    /// A question; `location` defaults to the start of a file for questions built in code.
    public init(
        kind: Kind,
        title: String? = nil,
        stem: GIFTText,
        hasEmbeddedAnswers: Bool = false,
        globalFeedback: GIFTText? = nil,
        id: String? = nil,
        tags: [String] = [],
        location: GIFTSourceLocation = GIFTSourceLocation(line: 1, column: 1)
    ) {
        self.kind = kind
        self.title = title
        self.stem = stem
        self.hasEmbeddedAnswers = hasEmbeddedAnswers
        self.globalFeedback = globalFeedback
        self.id = id
        self.tags = tags
        self.location = location
    }

    /// Whether answering it earns credit (descriptions and essays are not scored).
    public var isScored: Bool {
        switch kind {
        case .description, .essay: return false
        default: return true
        }
    }

    /// The title if there is one, else the start of the stem: how lint and reviews name it.
    public var displayName: String {
        if let title, !title.isEmpty { return title }
        let words = stem.text.split(whereSeparator: \.isWhitespace).prefix(8).joined(separator: " ")
        return words.count < stem.text.count ? words + "…" : words
    }
}

/// An answer of a multiple-choice or short-answer question.
///
/// `=` marks a right answer and `~` a wrong one; a `%weight%` after either gives partial
/// (or negative) credit in percent: `~%50%half right`, `~%-100%wrong and penalised`.
public struct GIFTChoice: Sendable, Equatable {
    /// `true` for `=`, `false` for `~`.
    public var isCorrect: Bool
    /// The `%weight%` in percent, if one was written.
    public var weight: Double?
    /// The answer's text.
    public var text: GIFTText
    /// The `#feedback` shown when this answer is chosen.
    public var feedback: GIFTText?
    /// Where the answer's `=` or `~` is.
    public var location: GIFTSourceLocation

    /// An answer.
    public init(isCorrect: Bool, weight: Double? = nil, text: GIFTText, feedback: GIFTText? = nil, location: GIFTSourceLocation = GIFTSourceLocation(line: 1, column: 1)) {
        self.isCorrect = isCorrect
        self.weight = weight
        self.text = text
        self.feedback = feedback
        self.location = location
    }

    /// The credit this answer earns, as a fraction (1 is full credit, may be negative):
    /// its weight if written, else 1 for `=` and 0 for `~`.
    public var fraction: Double {
        if let weight { return weight / 100 }
        return isCorrect ? 1 : 0
    }
}

/// The answer of a true/false question and its two optional feedbacks.
///
/// As in Moodle, `{F#first#second}`: the first feedback is shown to a learner who answered
/// wrongly, the second to one who answered rightly.
public struct GIFTTrueFalse: Sendable, Equatable {
    /// Whether the statement is true.
    public var isTrue: Bool
    /// The first `#feedback`: shown after a wrong answer.
    public var wrongAnswerFeedback: GIFTText?
    /// The second `#feedback`: shown after a right answer.
    public var rightAnswerFeedback: GIFTText?

    /// A true/false answer.
    public init(isTrue: Bool, wrongAnswerFeedback: GIFTText? = nil, rightAnswerFeedback: GIFTText? = nil) {
        self.isTrue = isTrue
        self.wrongAnswerFeedback = wrongAnswerFeedback
        self.rightAnswerFeedback = rightAnswerFeedback
    }
}

/// One pair of a matching question; an empty ``subquestion`` makes ``subanswer`` a distractor.
public struct GIFTMatchPair: Sendable, Equatable {
    /// The left-hand item (empty for a distractor).
    public var subquestion: GIFTText
    /// The right-hand item it matches.
    public var subanswer: String
    /// Where the pair's `=` is.
    public var location: GIFTSourceLocation

    /// A pair.
    public init(subquestion: GIFTText, subanswer: String, location: GIFTSourceLocation = GIFTSourceLocation(line: 1, column: 1)) {
        self.subquestion = subquestion
        self.subanswer = subanswer
        self.location = location
    }

    /// Whether the pair only adds a wrong option to the right-hand list.
    public var isDistractor: Bool { subquestion.text.isEmpty }
}
