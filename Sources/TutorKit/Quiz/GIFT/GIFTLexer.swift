import Foundation

/// One question's worth of GIFT source: a run of non-blank lines.
package struct GIFTBlock: Sendable, Equatable {
    /// The characters of its lines, whole-line comments left out, lines joined by `\n`.
    package var characters: [GIFTCharacter]
    /// The text of its whole-line `//` comments, without the slashes.
    package var comments: [String]
    /// The last line of the block, for messages about what a blank line ended.
    package var lastLine: Int
    /// Whether the file ends with this block.
    package var endsFile: Bool
}

/// Turns GIFT source into blocks of escape-resolved characters.
///
/// GIFT separates questions with blank lines and drops whole-line `//` comments (Moodle
/// does both before it looks at a question), so the lexer does the same and leaves each
/// block to ``GIFTParser``. A UTF-8 byte-order mark is skipped; `\r\n` and `\r` end lines too.
package enum GIFTLexer {
    /// The characters GIFT lets a backslash escape, and what each escape means.
    static let escapes: [Character: Character] = [
        "\\": "\\", ":": ":", "~": "~", "=": "=", "#": "#",
        "{": "{", "}": "}", "[": "[", "]": "]", "n": "\n",
    ]

    /// The text of `data`, or an error at the first byte that is not UTF-8.
    package static func decode(_ data: Data) throws(GIFTError) -> String {
        let bytes = [UInt8](data)
        var line = 1, column = 1
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var text = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        decoding: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                text.append(scalar)
                // Lines end where `blocks(in:)` ends them: at `\n`, `\r\n` or a lone `\r`.
                if scalar == "\r" || scalar == "\n" && previous != "\r" {
                    line += 1
                    column = 1
                } else if scalar != "\n" {
                    column += 1
                }
                previous = scalar
            case .emptyInput:
                break decoding
            case .error:
                throw GIFTError(.invalidUTF8, at: GIFTSourceLocation(line: line, column: column))
            }
        }
        var string = String(text)
        if string.hasPrefix("\u{FEFF}") { string.removeFirst() }
        return string
    }

    /// The blocks of `source`, in order; blocks holding only comments are left out.
    package static func blocks(in source: String) -> [GIFTBlock] {
        var text = source
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }

        var blocks: [GIFTBlock] = []
        var characters: [GIFTCharacter] = []
        var comments: [String] = []
        var lastContentLine = 0
        var hasContent = false

        func finishBlock(endsFile: Bool) {
            if hasContent {
                blocks.append(GIFTBlock(characters: characters, comments: comments, lastLine: lastContentLine, endsFile: endsFile))
            }
            characters = []
            comments = []
            hasContent = false
        }

        for (index, line) in lines.enumerated() {
            let number = index + 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.allSatisfy(\.isWhitespace) {
                finishBlock(endsFile: false)
                continue
            }
            if trimmed.hasPrefix("//") {
                comments.append(String(trimmed.dropFirst(2)))
                continue
            }
            if hasContent {
                let end = characters.last.map { GIFTSourceLocation(line: $0.location.line, column: $0.location.column + 1) }
                characters.append(GIFTCharacter("\n", at: end ?? GIFTSourceLocation(line: number, column: 1)))
            }
            characters.append(contentsOf: lex(line, line: number))
            hasContent = true
            lastContentLine = number
        }
        finishBlock(endsFile: true)
        if let last = blocks.indices.last { blocks[last].endsFile = true }
        return blocks
    }

    /// The characters of one line with escapes resolved.
    static func lex(_ line: Substring, line number: Int) -> [GIFTCharacter] {
        var result: [GIFTCharacter] = []
        var column = 1
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let location = GIFTSourceLocation(line: number, column: column)
            let next = line.index(after: index)
            if character == "\\", next < line.endIndex, let meaning = escapes[line[next]] {
                result.append(GIFTCharacter(meaning, escaped: true, at: location))
                index = line.index(after: next)
                column += 2
            } else {
                result.append(GIFTCharacter(character, at: location))
                index = next
                column += 1
            }
        }
        return result
    }
}
