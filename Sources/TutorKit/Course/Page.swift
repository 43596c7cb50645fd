/// One page of a lesson: a screenful of Markdown, at most one try-it step, and hints.
public struct Page: Sendable, Equatable {
    /// The title given after `:::page`.
    public var title: String
    /// The page's Markdown, as blocks, in order (try-it steps and hints are not part of it).
    public var body: [MarkdownBlock]
    /// The page's try-it step, if it has one.
    public var tryStep: TryStep?
    /// The page's `:::hint` blocks, in order.
    public var hints: [[MarkdownBlock]]
    /// The 1-based line of `:::page` in the lesson file.
    public var line: Int

    /// A page.
    public init(title: String, body: [MarkdownBlock], tryStep: TryStep? = nil, hints: [[MarkdownBlock]] = [], line: Int = 0) {
        self.title = title
        self.body = body
        self.tryStep = tryStep
        self.hints = hints
        self.line = line
    }
}
