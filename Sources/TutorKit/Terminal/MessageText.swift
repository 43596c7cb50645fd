/// Text taken from a file or a command line, made fit to stand inside a one-line message.
///
/// Messages go to a terminal as they are, so a control character copied from the input
/// would be obeyed instead of shown: ESC starts a sequence that repaints the screen, CR
/// sends the cursor back over the file name, a newline breaks the one line in two, a
/// bidirectional override reverses what follows. Each is written as an escape instead, the
/// way Swift writes it in a string literal. And a quoted line can be a whole file long, so
/// ``excerpt(_:limit:)`` keeps its start.
///
///     MessageText.escaped("found '\u{1B}[2J'")    // "found '\u{1B}[2J'" with the ESC spelt out
///     MessageText.excerpt(String(repeating: "x", count: 500))   // the first 60 x and "…"
public enum MessageText {
    /// `text` with every character a terminal would act on written as an escape: `\t`,
    /// `\r`, `\n`, `\0`, and `\u{…}` for the rest.
    public static func escaped(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isUnshowable) else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars { result += shown(scalar) }
        return result
    }

    /// `text` escaped as ``escaped(_:)`` does, but keeping its line breaks and tabs: for
    /// what a program printed, shown under a report line by line.
    public static func escapedKeepingLines(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: { isUnshowable($0) && $0 != "\n" && $0 != "\t" }) else { return String(text) }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" { result.unicodeScalars.append(scalar) } else { result += shown(scalar) }
        }
        return result
    }

    /// The start of `text`, escaped, in at most `limit` characters (counted after escaping,
    /// so a line of control bytes is as short as any), followed by `…` when there was more.
    public static func excerpt(_ text: some StringProtocol, limit: Int = 60) -> String {
        var result = ""
        var taken = 0
        for scalar in text.unicodeScalars {
            let piece = shown(scalar)
            guard taken + piece.count <= limit else { return result + "…" }
            result += piece
            taken += piece.count
        }
        return result
    }

    /// Whether `scalar` must not reach a terminal raw: the C0 and C1 controls and DEL, the
    /// line and paragraph separators, and the bidirectional embeddings, overrides and isolates.
    public static func isUnshowable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: (0x202A ... 0x202E).contains(scalar.value) || (0x2066 ... 0x2069).contains(scalar.value)
        }
    }

    private static func shown(_ scalar: Unicode.Scalar) -> String {
        guard isUnshowable(scalar) else { return String(scalar) }
        switch scalar {
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\n": return "\\n"
        case "\0": return "\\0"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
