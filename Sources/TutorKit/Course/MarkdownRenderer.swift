import TutorTerminal

/// Renders lesson Markdown as styled lines for a terminal, wrapped to its width.
///
/// Pure: a ``TerminalStyle`` (width and whether to colour) in, lines out. Without colour
/// the text carries no escape codes: emphasis and strong lose their markers, inline code
/// keeps its backticks so it still stands out.
///
/// Code blocks are never re-flowed: a code line wider than the terminal is broken
/// between tokens (inside a token only when the token alone is too wide), and each
/// continuation starts with `↪` so it cannot be mistaken for a line of its own.
///
///     let renderer = MarkdownRenderer(style: TerminalStyle(colorEnabled: false, width: 40))
///     renderer.render(MarkdownParser.parse("- a **bold** claim"))   // ["• a bold claim"]
public struct MarkdownRenderer: Sendable {
    /// Width and colour.
    public var style: TerminalStyle

    /// A renderer for `style`.
    public init(style: TerminalStyle) {
        self.style = style
    }

    /// The lines of `blocks`, with one blank line between blocks.
    public func render(_ blocks: [MarkdownBlock]) -> [String] {
        render(blocks, width: style.width)
    }

    /// Parses `markdown` and renders it.
    public func render(markdown: String) -> [String] {
        render(MarkdownParser.parse(markdown))
    }

    /// One line of inline Markdown, styled but not wrapped.
    ///
    /// Each word is painted on its own, so wrapping the result never carries a style
    /// across a line break (or into an indent).
    public func inline(_ text: String) -> String {
        var output = ""
        for span in InlineMarkup.spans(text) {
            switch span.kind {
            case .plain: output += span.text
            case .code: output += paintWords(style.colorEnabled ? span.text : "`\(span.text)`", [.cyan])
            case .emphasis: output += paintWords(span.text, [.italic])
            case .strong: output += paintWords(span.text, [.bold])
            case .strongEmphasis: output += paintWords(span.text, [.bold, .italic])
            }
        }
        return output
    }

    func render(_ blocks: [MarkdownBlock], width: Int) -> [String] {
        var lines: [String] = []
        for (index, block) in blocks.enumerated() {
            if index > 0 { lines.append("") }
            lines += render(block, width: width)
        }
        return lines
    }

    func render(_ block: MarkdownBlock, width: Int) -> [String] {
        switch block {
        case let .heading(level, text):
            return heading(level: level, text: text, width: width)
        case let .paragraph(text):
            return TextWrapper.wrap(inline(text), width: width)
        case let .list(ordered, start, items):
            return list(ordered: ordered, start: start, items: items, width: width)
        case let .quote(blocks):
            let bar = style.paint("│", .gray)
            return render(blocks, width: max(10, width - 2)).map { $0.isEmpty ? bar : bar + " " + $0 }
        case let .table(table):
            return render(table, width: width)
        case let .code(code):
            return render(code, width: width)
        case .rule:
            return [style.paint(String(repeating: "─", count: width), .gray)]
        }
    }

    private func heading(level: Int, text: String, width: Int) -> [String] {
        let plain = InlineMarkup.spans(text).map(\.text).joined()
        let lines = TextWrapper.wrap(plain, width: width).map { paintWords($0, level <= 2 ? [.bold, .cyan] : [.bold]) }
        guard level <= 2 else { return lines }
        let underline = min(width, lines.map(TextWrapper.visibleWidth).max() ?? 0)
        return lines + [style.paint(String(repeating: level == 1 ? "═" : "─", count: underline), .cyan)]
    }

    private func list(ordered: Bool, start: Int, items: [[MarkdownBlock]], width: Int) -> [String] {
        let lastNumber = start + items.count - 1
        let markerWidth = ordered ? String(lastNumber).count + 2 : 2
        // An item of text and a nested list reads as one; any other second block makes the list loose.
        let loose = items.contains { item in item.dropFirst().contains { if case .list = $0 { return false } else { return true } } }
        var lines: [String] = []
        for (offset, item) in items.enumerated() {
            if loose, offset > 0 { lines.append("") }
            let marker: String
            if ordered {
                let number = "\(start + offset)."
                marker = String(repeating: " ", count: markerWidth - 1 - number.count) + number + " "
            } else {
                marker = "• "
            }
            let hanging = String(repeating: " ", count: markerWidth)
            let body = renderItem(item, width: max(10, width - markerWidth))
            for (index, line) in body.enumerated() {
                if index == 0 {
                    lines.append(style.paint(marker, .gray) + line)
                } else {
                    lines.append(line.isEmpty ? "" : hanging + line)
                }
            }
            if body.isEmpty { lines.append(style.paint(marker, .gray)) }
        }
        return lines
    }

    /// An item's blocks: blank lines between them, except before a nested list.
    private func renderItem(_ blocks: [MarkdownBlock], width: Int) -> [String] {
        var lines: [String] = []
        for (index, block) in blocks.enumerated() {
            if index > 0 {
                if case .list = block {} else { lines.append("") }
            }
            lines += render(block, width: width)
        }
        return lines
    }

    /// Paints every space-separated word of `text` separately.
    func paintWords(_ text: String, _ attributes: [TerminalStyle.Attribute]) -> String {
        guard style.colorEnabled else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false)
            .map { style.paint(String($0), attributes) }
            .joined(separator: " ")
    }
}
