/// A quiz to take: the questions of one GIFT file, named after it.
public struct Quiz: Sendable, Equatable {
    /// The file's stem, `05-eviction`: how results and history name it.
    public var name: String
    /// The questions, in file order.
    public var questions: [GIFTQuestion]

    /// A quiz named `name`.
    public init(name: String, questions: [GIFTQuestion]) {
        self.name = name
        self.questions = questions
    }

    /// How many questions earn credit (descriptions and essays do not).
    public var scoredCount: Int { questions.filter(\.isScored).count }
}
