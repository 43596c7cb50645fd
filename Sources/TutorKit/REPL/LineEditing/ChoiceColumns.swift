import TutorTerminal

/// Lays out completion choices in columns, like a shell does after a second Tab.
///
///     ChoiceColumns.layout(["back", "hint", "next"], width: 20)   // ["back  hint  next"]
public enum ChoiceColumns {
    /// The lines that show `words` in as many columns as fit in `width`, filled down then across.
    public static func layout(_ words: [String], width: Int) -> [String] {
        guard !words.isEmpty else { return [] }
        let columnWidth = (words.map { TextWrapper.visibleWidth($0) }.max() ?? 0) + 2
        let columns = max(1, width / columnWidth)
        let rows = (words.count + columns - 1) / columns
        return (0..<rows).map { row in
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < words.count else { break }
                line += TextWrapper.pad(words[index], to: columnWidth)
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }
}
