/// Parses the Markdown subset of lessons into blocks.
///
/// The subset: ATX headings, paragraphs, bulleted and numbered lists (nested by
/// indentation), `>` quotes, pipe tables with a delimiter row, fenced code and `---`
/// rules. Inline markup is left in the text for ``MarkdownRenderer``. Anything else is
/// read as paragraph text, so the parser never fails.
///
///     MarkdownParser.parse("## Keys\n\n- strings\n- structs")
///     // [.heading(level: 2, text: "Keys"), .list(ordered: false, start: 1, items: [[.paragraph("strings")], [.paragraph("structs")]])]
public enum MarkdownParser {
    /// The blocks of `text`; code block line numbers count from `firstLine`.
    public static func parse(_ text: String, firstLine: Int = 1) -> [MarkdownBlock] {
        let lines = sourceLines(of: text).map { SourceLine(text: $0.text, number: $0.number + firstLine - 1) }
        return parse(lines)
    }

    static func parse(_ lines: [SourceLine]) -> [MarkdownBlock] {
        var reader = BlockReader(lines: lines)
        return reader.readBlocks()
    }
}

/// A list item marker: `- `, `* `, `+ `, `1. ` or `1) `.
struct ListMarker {
    var ordered: Bool
    var number: Int
    /// Columns from the line start to the item's text.
    var contentIndentation: Int
    /// The item's first line of text.
    var content: Substring

    init?(_ line: Substring) {
        let indentation = line.indentation
        let text = line.droppingIndentation(indentation)
        guard let first = text.first else { return nil }
        var markerWidth: Int
        if first == "-" || first == "*" || first == "+" {
            ordered = false
            number = 1
            markerWidth = 1
        } else if first.isASCII, first.isNumber {
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            guard digits.count <= 9, let value = Int(digits) else { return nil }
            let after = text.dropFirst(digits.count)
            guard let delimiter = after.first, delimiter == "." || delimiter == ")" else { return nil }
            ordered = true
            number = value
            markerWidth = digits.count + 1
        } else {
            return nil
        }
        let rest = text.dropFirst(markerWidth)
        if rest.isEmpty {
            content = rest
            contentIndentation = indentation + markerWidth + 1
            return
        }
        guard rest.first == " " || rest.first == "\t" else { return nil }
        let spaces = rest.prefix { $0 == " " }.count
        let gap = (1...4).contains(spaces) ? spaces : 1
        content = rest.dropFirst(gap)
        contentIndentation = indentation + markerWidth + gap
    }
}

/// Walks a run of lines and groups them into blocks.
private struct BlockReader {
    let lines: [SourceLine]
    var index = 0

    init(lines: [SourceLine]) { self.lines = lines }

    mutating func readBlocks() -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        while index < lines.count {
            let text = lines[index].text
            if text.isBlank {
                index += 1
            } else if let fence = CodeFence(opening: text) {
                blocks.append(readCode(fence))
            } else if let heading = Self.heading(text) {
                blocks.append(heading)
                index += 1
            } else if Self.isRule(text) {
                blocks.append(.rule)
                index += 1
            } else if Self.isQuote(text) {
                blocks.append(readQuote())
            } else if isTableStart(at: index) {
                blocks.append(readTable())
            } else if let marker = ListMarker(text) {
                blocks.append(readList(first: marker))
            } else {
                blocks.append(readParagraph())
            }
        }
        return blocks
    }

    private mutating func readCode(_ fence: CodeFence) -> MarkdownBlock {
        let opening = lines[index].number
        index += 1
        var code: [String] = []
        while index < lines.count, !fence.isClosed(by: lines[index].text) {
            code.append(String(lines[index].text.droppingIndentation(fence.indentation)))
            index += 1
        }
        index += 1
        let language = fence.info.first.map(String.init)
        let compiles = fence.info.dropFirst().contains("compile")
        return .code(CodeBlock(language: language, compiles: compiles, lines: code, line: opening))
    }

    private mutating func readQuote() -> MarkdownBlock {
        var inner: [SourceLine] = []
        while index < lines.count, Self.isQuote(lines[index].text) {
            var text = lines[index].text.trimmed.dropFirst()
            if text.first == " " { text = text.dropFirst() }
            inner.append(SourceLine(text: text, number: lines[index].number))
            index += 1
        }
        return .quote(MarkdownParser.parse(inner))
    }

    private mutating func readParagraph() -> MarkdownBlock {
        var parts: [Substring] = [lines[index].text.trimmed]
        index += 1
        while index < lines.count, !startsBlock(at: index) {
            parts.append(lines[index].text.trimmed)
            index += 1
        }
        return .paragraph(parts.joined(separator: " "))
    }

    private mutating func readList(first: ListMarker) -> MarkdownBlock {
        let baseIndentation = lines[index].text.indentation
        var items: [[MarkdownBlock]] = []
        while index < lines.count {
            guard let marker = ListMarker(lines[index].text), marker.ordered == first.ordered,
                  lines[index].text.indentation < first.contentIndentation,
                  lines[index].text.indentation + 3 >= baseIndentation
            else { break }
            var itemLines = [SourceLine(text: marker.content, number: lines[index].number)]
            index += 1
            var previousBlank = false
            var fence: CodeFence?
            while index < lines.count {
                let text = lines[index].text
                if let open = fence {
                    if open.isClosed(by: text) { fence = nil }
                    itemLines.append(SourceLine(text: text.droppingIndentation(marker.contentIndentation), number: lines[index].number))
                    index += 1
                    continue
                }
                if text.isBlank {
                    guard let next = nextNonBlank(after: index), lines[next].text.indentation >= marker.contentIndentation else { break }
                    itemLines.append(SourceLine(text: "", number: lines[index].number))
                    previousBlank = true
                    index += 1
                    continue
                }
                if text.indentation >= marker.contentIndentation {
                    let inner = text.droppingIndentation(marker.contentIndentation)
                    if let open = CodeFence(opening: inner) { fence = open }
                    itemLines.append(SourceLine(text: inner, number: lines[index].number))
                } else if !previousBlank, !startsBlock(at: index), ListMarker(text) == nil {
                    itemLines.append(SourceLine(text: text.trimmed, number: lines[index].number))
                } else {
                    break
                }
                previousBlank = false
                index += 1
            }
            items.append(MarkdownParser.parse(itemLines))
            // A blank line between items keeps the list going.
            if index < lines.count, lines[index].text.isBlank, let next = nextNonBlank(after: index),
               let marker = ListMarker(lines[next].text), marker.ordered == first.ordered,
               lines[next].text.indentation < first.contentIndentation {
                index = next
            }
        }
        return .list(ordered: first.ordered, start: first.number, items: items)
    }

    private mutating func readTable() -> MarkdownBlock {
        let header = Self.cells(of: lines[index].text)
        let alignments = Self.cells(of: lines[index + 1].text).map(Self.alignment)
        index += 2
        var rows: [[String]] = []
        while index < lines.count, lines[index].text.trimmed.first == "|" {
            var row = Self.cells(of: lines[index].text)
            if row.count < header.count { row += Array(repeating: "", count: header.count - row.count) }
            rows.append(Array(row.prefix(header.count)))
            index += 1
        }
        var columnAlignments = Array(alignments.prefix(header.count))
        if columnAlignments.count < header.count {
            columnAlignments += Array(repeating: .left, count: header.count - columnAlignments.count)
        }
        return .table(MarkdownTable(header: header, alignments: columnAlignments, rows: rows))
    }

    private func nextNonBlank(after start: Int) -> Int? {
        var next = start + 1
        while next < lines.count {
            if !lines[next].text.isBlank { return next }
            next += 1
        }
        return nil
    }

    /// Whether the line at `position` ends a paragraph by starting a block of its own.
    private func startsBlock(at position: Int) -> Bool {
        let text = lines[position].text
        if text.isBlank || CodeFence(opening: text) != nil || Self.heading(text) != nil || Self.isRule(text) || Self.isQuote(text) {
            return true
        }
        if isTableStart(at: position) { return true }
        if let marker = ListMarker(text), !marker.content.isEmpty, !marker.ordered || marker.number == 1 { return true }
        return false
    }

    private func isTableStart(at position: Int) -> Bool {
        guard position + 1 < lines.count, lines[position].text.trimmed.first == "|" else { return false }
        let delimiter = lines[position + 1].text.trimmed
        guard delimiter.first == "|" || delimiter.first == "-" || delimiter.first == ":" else { return false }
        let cells = Self.cells(of: delimiter)
        return !cells.isEmpty && cells.allSatisfy { cell in
            let core = cell.drop { $0 == ":" }
            return core.contains("-") && core.allSatisfy { $0 == "-" || $0 == ":" }
        }
    }

    private static func heading(_ text: Substring) -> MarkdownBlock? {
        guard text.indentation < 4 else { return nil }
        let trimmed = text.trimmed
        let hashes = trimmed.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = trimmed.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " else { return nil }
        var title = rest.trimmed
        while title.last == "#" { title = title.dropLast() }
        return .heading(level: hashes, text: String(title.trimmed))
    }

    private static func isRule(_ text: Substring) -> Bool {
        let compact = text.trimmed.filter { $0 != " " }
        guard compact.count >= 3, let first = compact.first, first == "-" || first == "*" || first == "_" else { return false }
        return compact.allSatisfy { $0 == first }
    }

    private static func isQuote(_ text: Substring) -> Bool {
        text.indentation < 4 && text.trimmed.first == ">"
    }

    /// The cells of a table row: split on `|` outside inline code, `\|` kept as a bar.
    static func cells(of row: Substring) -> [String] {
        var text = row.trimmed
        if text.first == "|" { text = text.dropFirst() }
        if text.last == "|", !text.hasSuffix("\\|") { text = text.dropLast() }
        var cells: [String] = []
        var current = ""
        var inCode = false
        var escaped = false
        for character in text {
            if escaped {
                if character != "|" { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "`" {
                inCode.toggle()
                current.append(character)
            } else if character == "|", !inCode {
                cells.append(String(Substring(current).trimmed))
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        cells.append(String(Substring(current).trimmed))
        return cells
    }

    private static func alignment(_ cell: String) -> MarkdownTable.Alignment {
        switch (cell.hasPrefix(":"), cell.hasSuffix(":")) {
        case (true, true): return .center
        case (false, true): return .right
        default: return .left
        }
    }
}
