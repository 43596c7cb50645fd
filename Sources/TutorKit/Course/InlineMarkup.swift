/// A run of inline text with one look: plain, *emphasis*, **strong** or `code`.
public struct InlineSpan: Sendable, Equatable {
    /// How a span looks.
    public enum Kind: Sendable, Equatable { case plain, emphasis, strong, strongEmphasis, code }

    /// The text, without its markers.
    public var text: String
    /// The look.
    public var kind: Kind

    /// A span.
    public init(_ text: String, _ kind: Kind = .plain) {
        self.text = text
        self.kind = kind
    }
}

/// Splits inline Markdown into spans: `` `code` ``, `**strong**`, `*emphasis*` (or `_x_`),
/// and backslash escapes. A marker with no partner is kept as text.
///
///     InlineMarkup.spans("a **big** `key`")
///     // [("a ", .plain), ("big", .strong), (" ", .plain), ("key", .code)]
public enum InlineMarkup {
    /// The spans of `text`.
    public static func spans(_ text: String) -> [InlineSpan] {
        let characters = Array(text)
        var spans: [InlineSpan] = []
        var current = ""
        var strong = false
        var emphasis = false
        var index = 0

        func kind() -> InlineSpan.Kind {
            switch (strong, emphasis) {
            case (true, true): return .strongEmphasis
            case (true, false): return .strong
            case (false, true): return .emphasis
            default: return .plain
            }
        }
        func flush() {
            guard !current.isEmpty else { return }
            if let last = spans.last, last.kind == kind() {
                spans[spans.count - 1].text += current
            } else {
                spans.append(InlineSpan(current, kind()))
            }
            current = ""
        }

        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, characters[index + 1].isPunctuation || characters[index + 1].isSymbol {
                current.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "`" {
                let run = runLength(of: "`", in: characters, at: index)
                if let close = closingBackticks(run, in: characters, after: index + run) {
                    flush()
                    var code = String(characters[(index + run)..<close])
                    if code.count > 2, code.first == " ", code.last == " " { code = String(code.dropFirst().dropLast()) }
                    spans.append(InlineSpan(code, .code))
                    index = close + run
                } else {
                    current += String(repeating: "`", count: run)
                    index += run
                }
                continue
            }
            if character == "*" || character == "_" {
                let run = min(3, runLength(of: character, in: characters, at: index))
                let before: Character? = index > 0 ? characters[index - 1] : nil
                let after: Character? = index + run < characters.count ? characters[index + run] : nil
                // `_` only counts at word edges, so snake_case_names stay intact.
                let wordy = character == "_" && (before.map(isWordCharacter) ?? false) && (after.map(isWordCharacter) ?? false)
                let wantsStrong = run >= 2, wantsEmphasis = run != 2
                let isOpen = (wantsStrong ? strong : true) && (wantsEmphasis ? emphasis : true)
                let canClose = isOpen && before.map { !$0.isWhitespace } ?? false
                let canOpen = !isOpen && after.map { !$0.isWhitespace } ?? false
                    && hasCloser(character, run: run, in: characters, after: index + run)
                if !wordy, canClose || canOpen {
                    flush()
                    if wantsStrong { strong.toggle() }
                    if wantsEmphasis { emphasis.toggle() }
                    index += run
                    continue
                }
                current += String(repeating: String(character), count: run)
                index += run
                continue
            }
            current.append(character)
            index += 1
        }
        flush()
        return spans
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    private static func runLength(of character: Character, in characters: [Character], at start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end] == character { end += 1 }
        return end - start
    }

    private static func closingBackticks(_ run: Int, in characters: [Character], after start: Int) -> Int? {
        var index = start
        while index < characters.count {
            if characters[index] == "`" {
                let length = runLength(of: "`", in: characters, at: index)
                if length == run { return index }
                index += length
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Whether a run of `run` markers that could close an opener appears after `start`.
    private static func hasCloser(_ marker: Character, run: Int, in characters: [Character], after start: Int) -> Bool {
        var index = start
        while index < characters.count {
            if characters[index] == "`", let close = closingBackticks(runLength(of: "`", in: characters, at: index), in: characters, after: index + runLength(of: "`", in: characters, at: index)) {
                index = close + runLength(of: "`", in: characters, at: close)
                continue
            }
            if characters[index] == marker {
                let length = runLength(of: marker, in: characters, at: index)
                if length >= run, index > start, !characters[index - 1].isWhitespace {
                    let next = index + length < characters.count ? characters[index + length] : nil
                    if marker != "_" || !(next.map(isWordCharacter) ?? false) { return true }
                }
                index += length
            } else {
                index += 1
            }
        }
        return false
    }
}
