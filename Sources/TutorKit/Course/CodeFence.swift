/// The opening line of a fenced code block: ```` ```swift compile ```` or `~~~`.
struct CodeFence: Sendable {
    /// The fence character, ` or ~.
    var character: Character
    /// How many fence characters opened the block; the closing fence needs at least as many.
    var length: Int
    /// Columns of indentation before the fence, removed from the code lines.
    var indentation: Int
    /// The words after the fence.
    var info: [Substring]

    /// The fence `line` opens, if it opens one.
    init?(opening line: Substring) {
        let indentation = line.indentation
        guard indentation < 4 else { return nil }
        let text = line.trimmed
        guard let first = text.first, first == "`" || first == "~" else { return nil }
        let run = text.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        let rest = text.dropFirst(run.count)
        // A backtick fence's info string may not hold backticks (that is inline code).
        if first == "`", rest.contains("`") { return nil }
        self.character = first
        self.length = run.count
        self.indentation = indentation
        self.info = rest.split(separator: " ")
    }

    /// Whether `line` closes this fence.
    func isClosed(by line: Substring) -> Bool {
        let text = line.trimmed
        guard text.count >= length else { return false }
        return text.allSatisfy { $0 == character }
    }

    /// The opening fence as written, for messages.
    var marker: String { String(repeating: String(character), count: length) }
}
