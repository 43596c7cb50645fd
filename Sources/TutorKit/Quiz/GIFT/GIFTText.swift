/// How a piece of GIFT text is meant to be rendered, from its `[html]`-style prefix.
///
/// Moodle's default is `moodle` (its "auto-format" text); a prefix at the start of any text
/// (question, answer, feedback) sets it for that text only. Answers and feedback without a
/// prefix inherit the format of their question's text.
public enum GIFTTextFormat: String, Sendable, CaseIterable, Codable {
    /// Moodle's auto-format: plain text where line breaks become breaks. The default.
    case moodle
    /// HTML markup.
    case html
    /// Plain text, shown as is.
    case plain
    /// Markdown.
    case markdown
}

/// A text from a GIFT file with its format: a question stem, an answer or a feedback.
///
///     GIFTText(format: .html, text: "<p>The east.</p>")
public struct GIFTText: Sendable, Equatable {
    /// How the text is meant to be rendered.
    public var format: GIFTTextFormat
    /// The text with escapes resolved (`\{` is `{`, `\n` a line break).
    public var text: String

    /// A text in `format`.
    public init(format: GIFTTextFormat = .moodle, text: String) {
        self.format = format
        self.text = text
    }
}
