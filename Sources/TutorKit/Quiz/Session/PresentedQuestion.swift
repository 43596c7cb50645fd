import CacheEngine

/// A question as it is shown: choices in display order with letters, matching items
/// numbered and their possible matches lettered.
///
/// Shuffling happens here and only here; responses still refer to the question's answers
/// in file order (``QuizResponse``), so scoring never depends on the display.
public struct PresentedQuestion: Sendable {
    /// The question.
    public let question: GIFTQuestion
    /// For multiple choice: the choice index shown at each letter (a, b, c…).
    public let choiceOrder: [Int]
    /// For matching: the index in the question's pairs of each numbered item (1, 2, 3…).
    public let itemOrder: [Int]
    /// For matching: the possible matches, lettered a, b, c…
    public let matchOptions: [String]

    /// `question` shown in file order, or shuffled by `generator` when one is given.
    ///
    /// Unshuffled, matching options are sorted alphabetically so they never simply line
    /// up with the items they match.
    public init(_ question: GIFTQuestion, shuffleWith generator: inout SplitMix64?) {
        self.question = question
        switch question.kind {
        case let .multipleChoice(choices):
            let order = Array(choices.indices)
            choiceOrder = generator.map { var g = $0; defer { generator = g }; return order.shuffled(using: &g) } ?? order
            itemOrder = []
            matchOptions = []
        case let .matching(pairs):
            choiceOrder = []
            let items = pairs.indices.filter { !pairs[$0].isDistractor }
            var options: [String] = []
            for pair in pairs where !options.contains(pair.subanswer) { options.append(pair.subanswer) }
            if var g = generator {
                itemOrder = items.shuffled(using: &g)
                matchOptions = options.shuffled(using: &g)
                generator = g
            } else {
                itemOrder = items
                matchOptions = options.sorted { $0.localizedLowercase < $1.localizedLowercase }
            }
        default:
            choiceOrder = []
            itemOrder = []
            matchOptions = []
        }
    }

    /// The letter shown for display position `position`: a…z, then z1, z2…
    public static func letter(_ position: Int) -> String {
        position < 26 ? String(UnicodeScalar(UInt8(97 + position))) : "z\(position - 25)"
    }

    /// Whether several choices may be picked (no choice is marked `=`).
    public var allowsSeveralChoices: Bool {
        if case let .multipleChoice(choices) = question.kind { return !choices.contains(where: \.isCorrect) }
        return false
    }
}
