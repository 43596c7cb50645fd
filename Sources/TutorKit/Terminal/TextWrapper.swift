/// Word-wraps text to a column width, measuring only the visible characters.
///
/// Escape sequences (`ESC [ … m`) take no columns, and East Asian wide characters and
/// emoji take two, so styled text and non-ASCII lessons wrap where the eye expects.
/// A word longer than the width (a long path) is broken after a `/`, `:`, `_`, `-`, `.`,
/// `,`, `=`, a bracket or `>` where it has one, and only otherwise at the column, rather than allowed to
/// overflow (where the terminal would cut it anywhere).
///
///     TextWrapper.wrap("a cache keeps what is cheap to lose", width: 12)
///     // ["a cache", "keeps what", "is cheap to", "lose"]
public enum TextWrapper {
    /// The lines of `text` wrapped to `width` columns, each prefixed with `indent`
    /// (and `continuationIndent` from the second line on, which defaults to `indent`).
    ///
    /// Existing line breaks are kept; runs of spaces between words collapse to one.
    public static func wrap(_ text: String, width: Int, indent: String = "", continuationIndent: String? = nil) -> [String] {
        let rest = continuationIndent ?? indent
        var output: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = indent
            var lineWidth = visibleWidth(indent)
            var lineHasWord = false
            var onFirstLine = true
            func startNewLine() {
                output.append(line)
                line = rest
                lineWidth = visibleWidth(rest)
                lineHasWord = false
                onFirstLine = false
            }
            for piece in paragraph.split(separator: " ") {
                var word = String(piece)
                if lineHasWord, lineWidth + 1 + visibleWidth(word) > width { startNewLine() }
                // A word too wide for the indented line but not for the terminal keeps whole,
                // on a line indented less.
                if !lineHasWord, !onFirstLine, lineWidth + visibleWidth(word) > width, visibleWidth(word) <= width {
                    line = String(repeating: " ", count: width - visibleWidth(word))
                    lineWidth = width - visibleWidth(word)
                }
                // A word wider than a whole line is cut into line-sized pieces.
                while lineWidth + visibleWidth(word) > width, lineWidth < width {
                    let (head, tail) = breakLongWord(word, columns: width - lineWidth)
                    if tail.isEmpty { break }
                    line += head
                    lineHasWord = true
                    startNewLine()
                    word = tail
                }
                if lineHasWord {
                    line += " "
                    lineWidth += 1
                }
                line += word
                lineWidth += visibleWidth(word)
                lineHasWord = true
            }
            output.append(lineHasWord ? line : "")
        }
        return output.map { $0.trailingSpacesRemoved }
    }

    /// Each line of `text` that is wider than `width`, wrapped at word boundaries with its
    /// own leading spaces (and `extra` more) as the continuation indent; lines that fit are
    /// kept exactly as they are (spacing included), so aligned text stays aligned.
    ///
    ///     TextWrapper.fit("  ThumbnailCache.swift:3:5: error: cannot find 'x' in scope", width: 30)
    ///     // ["  ThumbnailCache.swift:3:5:", "    error: cannot find 'x'", "    in scope"]
    public static func fit(_ text: String, width: Int, extra: Int = 2) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let line = String(line)
            guard visibleWidth(line) > width else { return [line] }
            let indent = String(line.prefix { $0 == " " })
            let rest = String(repeating: " ", count: min(indent.count + extra, max(0, width / 2)))
            return wrap(String(line.dropFirst(indent.count)), width: width, indent: indent, continuationIndent: rest)
        }
    }

    /// `text` on one line of at most `width` columns: whole when it fits, else cut at the
    /// last word boundary that leaves room for `…` (only `…` when its first word alone is
    /// too wide: a word is never cut).
    ///
    ///     TextWrapper.clip("the generator ran twice for one miss", width: 20)   // "the generator ran…"
    public static func clip(_ text: String, width: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        guard visibleWidth(flat) > width else { return flat }
        guard width > 1 else { return "…" }
        var kept = ""
        var keptWidth = 0
        for piece in flat.split(separator: " ") {
            let word = String(piece)
            let needed = (kept.isEmpty ? 0 : 1) + visibleWidth(word)
            if keptWidth + needed + 1 > width { break }
            kept += (kept.isEmpty ? "" : " ") + word
            keptWidth += needed
        }
        // Never half a word: when not even the first fits, only the mark is left.
        guard !kept.isEmpty else { return "…" }
        while let last = kept.last, ",;:(".contains(last) { kept.removeLast() }
        return kept + (leavesStyleOpen(kept) ? "\u{1B}[0m" : "") + "…"
    }

    /// Whether `text` leaves an escape sequence open (a style not reset at its end).
    private static func leavesStyleOpen(_ text: String) -> Bool {
        guard let open = text.range(of: "\u{1B}[", options: .backwards) else { return false }
        return !text[open.lowerBound...].hasPrefix("\u{1B}[0m")
    }

    /// The characters after which a word too long for a line is best broken.
    public static let breakAfter: Set<Character> = ["/", ":", "_", "-", ".", ",", "=", ")", ">", "(", "[", "{"]

    /// Splits a word too wide for the `columns` of a line: after the last of ``breakAfter``
    /// that fits and keeps at least a third of the line, else at the column.
    private static func breakLongWord(_ word: String, columns: Int) -> (String, String) {
        let (head, tail) = split(word, columns: columns)
        guard !tail.isEmpty, let cut = head.lastIndex(where: { breakAfter.contains($0) }) else { return (head, tail) }
        let kept = String(head[...cut])
        guard visibleWidth(kept) * 3 >= columns else { return (head, tail) }
        return (kept, String(head[head.index(after: cut)...]) + tail)
    }

    /// The number of terminal columns `text` occupies, ignoring escape sequences.
    public static func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar.properties.isAlphabetic { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            width += columns(of: scalar)
        }
        return width
    }

    /// Pads `text` with spaces on the right to `width` visible columns.
    public static func pad(_ text: String, to width: Int) -> String {
        let missing = width - visibleWidth(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// East Asian wide and emoji ranges, which a terminal draws two columns wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if (0x20..<0x7F).contains(value) { return 1 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return 0 }
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
        if value < 0x1100 { return 1 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// Splits `word` after at most `columns` visible columns, keeping escape sequences whole.
    private static func split(_ word: String, columns limit: Int) -> (String, String) {
        var head = ""
        var used = 0
        var inEscape = false
        var index = word.startIndex
        while index < word.endIndex {
            let character = word[index]
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if character.isLetter { inEscape = false }
            } else {
                let width = visibleWidth(String(character))
                if used + width > limit, used > 0 { break }
                used += width
            }
            head.append(character)
            index = word.index(after: index)
        }
        return (head, String(word[index...]))
    }
}

extension String {
    fileprivate var trailingSpacesRemoved: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
