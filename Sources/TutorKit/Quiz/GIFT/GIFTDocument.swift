/// A parsed GIFT file: its questions and `$CATEGORY` lines, in file order.
public struct GIFTDocument: Sendable, Equatable {
    /// One entry of a GIFT file.
    public enum Item: Sendable, Equatable {
        /// `$CATEGORY: path`: where Moodle files the questions that follow.
        case category(String, location: GIFTSourceLocation)
        /// A question.
        case question(GIFTQuestion)
    }

    /// Everything in the file, in order.
    public var items: [Item]

    /// A document of `items`.
    public init(items: [Item]) {
        self.items = items
    }

    /// The questions alone, in order.
    public var questions: [GIFTQuestion] {
        items.compactMap { item in
            if case let .question(question) = item { return question }
            return nil
        }
    }
}
