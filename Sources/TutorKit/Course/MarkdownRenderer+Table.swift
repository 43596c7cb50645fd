import TutorTerminal

extension MarkdownRenderer {
    /// A table boxed with line-drawing characters, columns fitted to `width`.
    ///
    /// Columns start at their natural width (the widest cell); while the table is too
    /// wide, the widest column gives up a column at a time, and cells wrap inside it. When
    /// a column would become narrower than a word in it, the table is a list instead, one
    /// item per row, so no word is ever cut.
    func render(_ table: MarkdownTable, width: Int) -> [String] {
        let header = table.header.map(inline)
        let rows = table.rows.map { $0.map(inline) }
        let widths = columnWidths(for: [header] + rows, available: width - (3 * header.count + 1))
        let longestWords = header.indices.map { column in
            ([header] + rows).flatMap { $0.indices.contains(column) ? $0[column].split(separator: " ") : [] }
                .map { TextWrapper.visibleWidth(String($0)) }.max() ?? 0
        }
        if zip(widths, longestWords).contains(where: { $0 < $1 }) {
            return list(header: header, rows: rows, width: width)
        }
        var lines = [border("┌", "┬", "┐", widths)]
        lines += row(header.map { paintWords(strip($0), [.bold]) }, widths: widths, alignments: table.alignments)
        lines.append(border("├", "┼", "┤", widths))
        for cells in rows {
            lines += row(cells, widths: widths, alignments: table.alignments)
        }
        lines.append(border("└", "┴", "┘", widths))
        return lines
    }

    /// A table too wide for `width` as a list: each row's first cell as an item, the
    /// others under it as `header: cell`.
    ///
    ///     • countLimit
    ///       meaning: the number of entries
    ///         the cache holds
    private func list(header: [String], rows: [[String]], width: Int) -> [String] {
        rows.flatMap { cells -> [String] in
            guard let title = cells.first else { return [] }
            var lines = TextWrapper.wrap(paintWords(strip(title), [.bold]), width: width, indent: "• ", continuationIndent: "  ")
            for (column, cell) in cells.enumerated().dropFirst() where !cell.isEmpty {
                let name = header.indices.contains(column) ? strip(header[column]) : ""
                let text = name.isEmpty ? cell : style.paint(name + ":", .gray) + " " + cell
                lines += TextWrapper.wrap(text, width: width, indent: "  ", continuationIndent: "    ")
            }
            return lines
        }
    }

    func columnWidths(for rows: [[String]], available: Int) -> [Int] {
        guard let columns = rows.first?.count, columns > 0 else { return [] }
        var widths = (0..<columns).map { column in
            max(1, rows.map { TextWrapper.visibleWidth($0[column]) }.max() ?? 1)
        }
        let minimum = 3
        while widths.reduce(0, +) > max(available, minimum * columns) {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > minimum else { break }
            widths[widest] -= 1
        }
        return widths
    }

    private func row(_ cells: [String], widths: [Int], alignments: [MarkdownTable.Alignment]) -> [String] {
        let wrapped = cells.enumerated().map { column, cell in TextWrapper.wrap(cell, width: widths[column]) }
        let height = wrapped.map(\.count).max() ?? 1
        let bar = style.paint("│", .gray)
        return (0..<height).map { lineIndex in
            let parts = wrapped.enumerated().map { column, lines in
                align(lineIndex < lines.count ? lines[lineIndex] : "", width: widths[column], alignments[column])
            }
            return bar + " " + parts.joined(separator: " " + bar + " ") + " " + bar
        }
    }

    private func align(_ text: String, width: Int, _ alignment: MarkdownTable.Alignment) -> String {
        let missing = max(0, width - TextWrapper.visibleWidth(text))
        switch alignment {
        case .left: return text + String(repeating: " ", count: missing)
        case .right: return String(repeating: " ", count: missing) + text
        case .center: return String(repeating: " ", count: missing / 2) + text + String(repeating: " ", count: missing - missing / 2)
        }
    }

    private func border(_ left: String, _ middle: String, _ right: String, _ widths: [Int]) -> String {
        style.paint(left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right, .gray)
    }

    /// Header cells are painted bold as a whole, so drop the inner styling first.
    private func strip(_ text: String) -> String {
        var output = ""
        var inEscape = false
        for character in text {
            if character == "\u{1B}" { inEscape = true; continue }
            if inEscape { if character.isLetter { inEscape = false }; continue }
            output.append(character)
        }
        return output
    }
}
