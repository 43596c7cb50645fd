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
            let tokens = isSwift ? highlighter.tokens(in: expanded) : [SwiftToken(expanded, .identifier)]
            for piece in breakTokens(tokens, width: available) {
                lines.append(indent + piece)
            }
        }
        return lines
    }

    /// Lays tokens into lines of at most `width` columns, breaking between tokens.
    private func breakTokens(_ tokens: [SwiftToken], width: Int) -> [String] {
        let marker = style.paint(Self.continuationMarker, .gray)
        let markerWidth = TextWrapper.visibleWidth(Self.continuationMarker)
        var lines: [String] = []
        var line = ""
        var used = 0
        func newLine() {
            lines.append(line)
            line = marker
            used = markerWidth
        }
        for token in tokens {
            var text = token.text
            var tokenWidth = TextWrapper.visibleWidth(text)
            if used + tokenWidth > width, used > (lines.isEmpty ? 0 : markerWidth) {
                if token.kind == .whitespace { continue }
                newLine()
            }
            // A token wider than a whole line is cut, the only place code breaks mid-token.
            while used + tokenWidth > width {
                let (head, tail) = cut(text, columns: width - used)
                line += paint(head, token.kind)
                newLine()
                text = tail
                tokenWidth = TextWrapper.visibleWidth(text)
            }
            line += paint(text, token.kind)
            used += tokenWidth
        }
        lines.append(line)
        return lines
    }

    private func cut(_ text: String, columns: Int) -> (String, String) {
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
