/// One normalised token and the lines of source it was read from.
public struct SourceToken: Sendable, Equatable {
    /// The normalised text (`id`, `num`, `str`, a keyword or a symbol).
    public var text: String
    /// The line it starts on, from 1.
    public var line: Int
    /// The line it ends on (a multi-line string spans several).
    public var endLine: Int
}
