/// Searching and turning runs of ``GIFTCharacter`` into text: the parser's vocabulary.
extension ArraySlice where Element == GIFTCharacter {
    /// The slice without collapsible white space at either end.
    package func trimmed() -> ArraySlice<GIFTCharacter> {
        var slice = self
        while let first = slice.first, first.isCollapsibleSpace { slice.removeFirst() }
        while let last = slice.last, last.isCollapsibleSpace { slice.removeLast() }
        return slice
    }

    /// Whether it holds nothing but white space.
    package var isBlank: Bool { allSatisfy(\.isCollapsibleSpace) }

    /// The characters as written, escapes resolved.
    package var string: String { String(map(\.value)) }

    /// The index of the first unescaped `character` at or after `start`.
    package func firstIndex(ofControl character: Character, from start: Int? = nil) -> Int? {
        self[(start ?? startIndex)...].firstIndex { $0.isControl(character) }
    }

    /// The index where the first unescaped run `sequence` starts, at or after `start`.
    package func firstIndex(ofControlSequence sequence: String, from start: Int? = nil) -> Int? {
        let pattern = Array(sequence)
        var index = start ?? startIndex
        while index + pattern.count <= endIndex {
            if pattern.indices.allSatisfy({ self[index + $0].isControl(pattern[$0]) }) { return index }
            index += 1
        }
        return nil
    }

    /// The index where the last unescaped run `sequence` starts.
    package func lastIndex(ofControlSequence sequence: String) -> Int? {
        var found: Int?
        var index = startIndex
        while let next = firstIndex(ofControlSequence: sequence, from: index) {
            found = next
            index = next + 1
        }
        return found
    }

    /// Whether an unescaped `character` occurs.
    package func containsControl(_ character: Character) -> Bool {
        contains { $0.isControl(character) }
    }

    /// Splits at each unescaped marker character: the text before the first marker, then
    /// each marker with the text up to the next one.
    package func split(atMarkers markers: Set<Character>) -> (prefix: ArraySlice<GIFTCharacter>, parts: [(marker: GIFTCharacter, body: ArraySlice<GIFTCharacter>)]) {
        let positions = indices.filter { !self[$0].isEscaped && markers.contains(self[$0].value) }
        guard let first = positions.first else { return (self, []) }
        var parts: [(GIFTCharacter, ArraySlice<GIFTCharacter>)] = []
        for (offset, position) in positions.enumerated() {
            let end = offset + 1 < positions.count ? positions[offset + 1] : endIndex
            parts.append((self[position], self[(position + 1)..<end]))
        }
        return (self[startIndex..<first], parts)
    }

    /// The text with an optional `[format]` prefix read and white space normalised.
    ///
    /// Without a prefix the text takes `defaultFormat`. HTML and Markdown keep their line
    /// breaks and indentation; Moodle and plain text turn line breaks into spaces and runs
    /// of white space into one space. Both are trimmed. An escaped `\n` always stays a line break.
    package func giftText(defaultFormat: GIFTTextFormat) -> GIFTText {
        var slice = trimmed()
        var format = defaultFormat
        if let (named, rest) = slice.formatPrefix() {
            format = named
            slice = rest.trimmed()
        }
        return GIFTText(format: format, text: slice.normalizedText(for: format))
    }

    /// The text of a title, a category or a match: no format prefix, white space normalised.
    package var plainText: String { trimmed().normalizedText(for: .plain) }

    /// The `[format]` at the start and what follows it, if the name is one GIFT knows.
    func formatPrefix() -> (GIFTTextFormat, ArraySlice<GIFTCharacter>)? {
        guard let open = first, open.isControl("["), let close = firstIndex(ofControl: "]") else { return nil }
        let name = self[(startIndex + 1)..<close].string
        guard let format = GIFTTextFormat(rawValue: name) else { return nil }
        return (format, self[(close + 1)...])
    }

    func normalizedText(for format: GIFTTextFormat) -> String {
        switch format {
        case .html, .markdown:
            return string.trimmingWhitespace()
        case .moodle, .plain:
            var result = ""
            var pendingSpace: [Character] = []
            for character in self {
                if character.isCollapsibleSpace {
                    pendingSpace.append(character.value == "\n" ? " " : character.value)
                    continue
                }
                if !pendingSpace.isEmpty {
                    result += pendingSpace.count == 1 ? String(pendingSpace) : " "
                    pendingSpace = []
                }
                result.append(character.value)
            }
            return result.trimmingWhitespace()
        }
    }
}

extension String {
    /// The string without white space or line breaks at either end.
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
