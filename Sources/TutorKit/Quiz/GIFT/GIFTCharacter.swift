/// One character of GIFT source after escapes are resolved, with where it was written.
///
/// `\{` becomes an escaped `{` (text, never a control character); `\n` becomes an escaped
/// line break (kept even where line breaks collapse); `\\` a backslash. A backslash before
/// anything else stays a literal backslash, as Moodle reads it.
package struct GIFTCharacter: Sendable, Equatable {
    /// The character.
    package var value: Character
    /// Whether it was written with a backslash, which makes it text whatever it is.
    package var isEscaped: Bool
    /// Where it starts in the file (for an escape, where its backslash is).
    package var location: GIFTSourceLocation

    package init(_ value: Character, escaped: Bool = false, at location: GIFTSourceLocation) {
        self.value = value
        self.isEscaped = escaped
        self.location = location
    }

    /// Whether it is `character` written without a backslash: a control character of GIFT.
    package func isControl(_ character: Character) -> Bool {
        !isEscaped && value == character
    }

    /// Whether it is white space that may be trimmed or collapsed (an escaped `\n` is not).
    package var isCollapsibleSpace: Bool {
        !isEscaped && value.isWhitespace
    }
}
