import TutorTerminal

extension MarkdownRenderer {
    /// The marker that starts a code line continued from the line above.
    static let continuationMarker = "↪ "

    /// A code block indented by two columns; Swift is coloured, long lines broken between tokens.
    func render(_ code: CodeBlock, width: Int) -> [String] {
        let indent = "  "
        let available = max(8, width - indent.count)
        var highlighter = SwiftHighlighter()
        let isSwift = code.language?.lowercased() == "swift"
        var lines: [String] = []
        for line in code.lines {
            let expanded = line.replacingOccurrences(of: "\t", with: "    ")
            let tokens = isSwift ? highlighter.tokens(in: expanded) : Self.words(of: expanded)
            for piece in breakTokens(tokens, width: available) {
                lines.append(piece.isEmpty ? "" : indent + piece)
            }
        }
        return lines
    }

    /// Lays tokens into lines of at most `width` columns.
    ///
    /// A line breaks at its last space when that space lies past the first third of the
    /// line, else between the last two tokens that fit; inside a token only when the
    /// token alone is wider than a line. Comments and strings break between their words.
    private func breakTokens(_ tokens: [SwiftToken], width: Int) -> [String] {
        let markerWidth = TextWrapper.visibleWidth(Self.continuationMarker)
        var pieces: [SwiftToken] = []
        for token in tokens {
            guard token.kind == .comment || token.kind == .string, token.text.contains(" ") else {
                pieces.append(token)
                continue
            }
            for (index, word) in token.text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { pieces.append(SwiftToken(" ", .whitespace)) }
                if !word.isEmpty { pieces.append(SwiftToken(String(word), token.kind)) }
            }
        }
        var lines: [[SwiftToken]] = []
        var line: [SwiftToken] = []
        var used = 0
        func emit(carrying carried: [SwiftToken] = []) {
            while line.last?.kind == .whitespace { line.removeLast() }
            lines.append(line)
            line = carried
            used = markerWidth + carried.reduce(0) { $0 + TextWrapper.visibleWidth($1.text) }
        }
        for piece in pieces {
            var text = piece.text
            var pieceWidth = TextWrapper.visibleWidth(text)
            let lineStart = lines.isEmpty ? 0 : markerWidth
            if used + pieceWidth > width, used > lineStart {
                if piece.kind == .whitespace {
                    emit()
                    continue
                }
                var column = lineStart
                var lastSpace: (index: Int, column: Int)?
                for (index, token) in line.enumerated() {
                    if token.kind == .whitespace, index > 0 { lastSpace = (index, column) }
                    column += TextWrapper.visibleWidth(token.text)
                }
                if let lastSpace, lastSpace.column >= width / 3 {
                    let carried = Array(line[(lastSpace.index + 1)...])
                    line.removeSubrange(lastSpace.index...)
                    emit(carrying: carried)
                    // What was carried may still leave no room: break before the piece too.
                    if used + pieceWidth > width, used > markerWidth { emit() }
                } else {
                    emit()
                }
            }
            while used + pieceWidth > width {
                let (head, tail) = cut(text, columns: width - used)
                line.append(SwiftToken(head, piece.kind))
                emit()
                text = tail
                pieceWidth = TextWrapper.visibleWidth(text)
            }
            line.append(SwiftToken(text, piece.kind))
            used += pieceWidth
        }
        emit()
        let marker = style.paint(Self.continuationMarker, .gray)
        return lines.enumerated().map { index, tokens in
            (index == 0 ? "" : marker) + merged(tokens).map { paint($0.text, $0.kind) }.joined()
        }
    }

    /// Joins neighbouring tokens of one kind (and the spaces inside comments and strings)
    /// so each run gets one pair of escape codes.
    private func merged(_ tokens: [SwiftToken]) -> [SwiftToken] {
        var runs: [SwiftToken] = []
        for token in tokens {
            if let last = runs.last, last.kind == token.kind
                || (token.kind == .whitespace && (last.kind == .comment || last.kind == .string)) {
                runs[runs.count - 1].text += token.text
            } else {
                runs.append(token)
            }
        }
        return runs
    }

    /// A line of code that is not Swift (a diagram, a shell session) as words and the
    /// spaces between them, so it breaks between words like Swift does between tokens.
    static func words(of line: String) -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        for character in line {
            let kind: SwiftToken.Kind = character == " " ? .whitespace : .identifier
            if let last = tokens.last, last.kind == kind {
                tokens[tokens.count - 1].text.append(character)
            } else {
                tokens.append(SwiftToken(String(character), kind))
            }
        }
        return tokens
    }

    /// Cuts a token wider than a line after at most `columns`: after its last `/`, `.`,
    /// `-`, `_` or other ``TextWrapper/breakAfter`` character that keeps a third of them,
    /// else at the column.
    private func cut(_ text: String, columns: Int) -> (String, String) {
        let (head, tail) = cutAtColumn(text, columns: columns)
        guard !tail.isEmpty, let last = head.lastIndex(where: { TextWrapper.breakAfter.contains($0) }) else { return (head, tail) }
        let kept = String(head[...last])
        guard TextWrapper.visibleWidth(kept) * 3 >= columns else { return (head, tail) }
        return (kept, String(head[head.index(after: last)...]) + tail)
    }

    private func cutAtColumn(_ text: String, columns: Int) -> (String, String) {
        var head = ""
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let width = TextWrapper.visibleWidth(String(text[index]))
            if used + width > columns, used > 0 { break }
            used += width
            head.append(text[index])
            index = text.index(after: index)
        }
        return (head, String(text[index...]))
    }

    private func paint(_ text: String, _ kind: SwiftToken.Kind) -> String {
        switch kind {
        case .keyword, .attribute: return style.paint(text, .magenta)
        case .type: return style.paint(text, .cyan)
        case .string: return style.paint(text, .red)
        case .number: return style.paint(text, .yellow)
        case .comment: return style.paint(text, .gray)
        case .identifier, .punctuation, .whitespace: return text
        }
    }
}
