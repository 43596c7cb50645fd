/// One block of the Markdown subset lessons are written in.
///
/// Inline markup (`*emphasis*`, `**strong**`, `` `code` ``) stays in the text; the
/// renderer reads it. Build blocks with ``MarkdownParser``.
public indirect enum MarkdownBlock: Sendable, Equatable {
    /// `## Text`: a heading of level 1 to 6.
    case heading(level: Int, text: String)
    /// Lines of running text, joined with single spaces.
    case paragraph(String)
    /// A bulleted (`-`, `*`, `+`) or numbered (`1.`) list; each item is blocks of its own.
    case list(ordered: Bool, start: Int, items: [[MarkdownBlock]])
    /// `> …` lines: a quotation of blocks.
    case quote([MarkdownBlock])
    /// A table with a header row.
    case table(MarkdownTable)
    /// A fenced code block.
    case code(CodeBlock)
    /// `---`: a horizontal rule.
    case rule
}

/// A fenced code block, with where it begins so compile failures can name the line.
public struct CodeBlock: Sendable, Equatable {
    /// The first word of the info string (`swift`), if any.
    public var language: String?
    /// Whether the info string holds `compile`: the test suite type-checks this block.
    public var compiles: Bool
    /// The lines between the fences, exactly as written.
    public var lines: [String]
    /// The 1-based line of the opening fence in the lesson file.
    public var line: Int

    /// A code block.
    public init(language: String?, compiles: Bool, lines: [String], line: Int) {
        self.language = language
        self.compiles = compiles
        self.lines = lines
        self.line = line
    }
}

/// A Markdown table: a header row, column alignments and body rows of inline text.
public struct MarkdownTable: Sendable, Equatable {
    /// How a column's cells sit in their width.
    public enum Alignment: Sendable, Equatable { case left, center, right }

    /// The header cells.
    public var header: [String]
    /// One alignment per column.
    public var alignments: [Alignment]
    /// The body rows; each has as many cells as the header (short rows are padded with "").
    public var rows: [[String]]

    /// A table.
    public init(header: [String], alignments: [Alignment], rows: [[String]]) {
        self.header = header
        self.alignments = alignments
        self.rows = rows
    }
}
