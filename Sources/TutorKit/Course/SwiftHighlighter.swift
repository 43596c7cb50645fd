/// A piece of a line of Swift, classified for colouring.
public struct SwiftToken: Sendable, Equatable {
    /// What a token is.
    public enum Kind: Sendable, Equatable {
        case keyword, type, string, number, comment, attribute, identifier, punctuation, whitespace
    }

    /// The token's text, exactly as in the source.
    public var text: String
    /// What it is.
    public var kind: Kind

    /// A token.
    public init(_ text: String, _ kind: Kind) {
        self.text = text
        self.kind = kind
    }
}

/// A small Swift tokenizer for colouring code blocks, line by line.
///
/// It knows keywords, capitalised type names, string literals (with interpolation and
/// multi-line `"""` strings), comments (with `/* */` across lines), numbers and
/// attributes. It is for display only: anything it does not recognise is punctuation
/// or an identifier, never an error. Joining the tokens' text gives back the line.
///
///     var highlighter = SwiftHighlighter()
///     highlighter.tokens(in: "let n = 3 // three")
///     // let(keyword) ' ' n(identifier) ' ' =(punctuation) ' ' 3(number) ' ' // three(comment)
public struct SwiftHighlighter: Sendable {
    /// Whether the previous line ended inside a `/* */` comment or a `"""` string.
    private var openComment = 0
    private var inMultilineString = false

    /// A highlighter at the start of a code block.
    public init() {}

    static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class",
        "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough",
        "false", "fileprivate", "final", "for", "func", "guard", "if", "import", "in", "indirect", "init",
        "inout", "internal", "is", "lazy", "let", "mutating", "nil", "nonisolated", "open", "operator",
        "override", "package", "private", "protocol", "public", "repeat", "required", "rethrows", "return",
        "self", "Self", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "unowned", "var", "weak", "where", "while", "convenience", "dynamic",
        "get", "set", "willSet", "didSet", "consuming", "borrowing", "sending",
    ]

    /// The tokens of `line`, carrying comment and string state on to the next line.
    public mutating func tokens(in line: String) -> [SwiftToken] {
        let characters = Array(line)
        var tokens: [SwiftToken] = []
        var index = 0
        func take(_ end: Int, _ kind: SwiftToken.Kind) {
            tokens.append(SwiftToken(String(characters[index..<end]), kind))
            index = end
        }
        if openComment > 0 { take(endOfBlockComment(characters, from: 0), .comment) }
        if inMultilineString { take(endOfString(characters, from: 0, multiline: true), .string) }
        while index < characters.count {
            let character = characters[index]
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            if character == " " || character == "\t" {
                take(scan(characters, from: index) { $0 == " " || $0 == "\t" }, .whitespace)
            } else if character == "/", next == "/" {
                take(characters.count, .comment)
            } else if character == "/", next == "*" {
                openComment = 1
                take(endOfBlockComment(characters, from: index + 2), .comment)
            } else if character == "\"" {
                let multiline = index + 2 < characters.count && characters[index + 1] == "\"" && characters[index + 2] == "\""
                if multiline { inMultilineString = true }
                take(endOfString(characters, from: index + (multiline ? 3 : 1), multiline: multiline), .string)
            } else if character == "#", let quote = characters[index...].firstIndex(where: { $0 != "#" }), characters[quote] == "\"" {
                take(endOfRawString(characters, from: index), .string)
            } else if character.isNumber {
                take(scan(characters, from: index) { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }, .number)
                // `1.description` or a range `0..<3`: give back a trailing dot run.
                while let last = tokens.last?.text.last, last == "." {
                    tokens[tokens.count - 1].text.removeLast()
                    index -= 1
                }
            } else if character == "@" || (character == "#" && (next?.isLetter ?? false)) {
                take(scan(characters, from: index + 1) { $0.isLetter || $0.isNumber || $0 == "_" }, .attribute)
            } else if character == "$", next?.isNumber ?? false {
                take(scan(characters, from: index + 1) { $0.isNumber }, .identifier)
            } else if character.isLetter || character == "_" || character == "`" {
                let end = character == "`"
                    ? min(characters.count, (characters[(index + 1)...].firstIndex(of: "`") ?? characters.count - 1) + 1)
                    : scan(characters, from: index) { $0.isLetter || $0.isNumber || $0 == "_" }
                let word = String(characters[index..<end])
                let kind: SwiftToken.Kind = Self.keywords.contains(word) ? .keyword
                    : (word.first?.isUppercase ?? false) ? .type : .identifier
                take(end, kind)
            } else {
                take(index + 1, .punctuation)
            }
        }
        return tokens
    }

    private func scan(_ characters: [Character], from start: Int, while predicate: (Character) -> Bool) -> Int {
        var end = start
        while end < characters.count, predicate(characters[end]) { end += 1 }
        // At least one character, so every branch makes progress; never past the end.
        return max(end, min(start + 1, characters.count))
    }

    /// The index after the comment's end on this line (nested comments counted), or the line's end.
    private mutating func endOfBlockComment(_ characters: [Character], from start: Int) -> Int {
        var index = start
        while index < characters.count {
            if characters[index] == "*", index + 1 < characters.count, characters[index + 1] == "/" {
                openComment -= 1
                index += 2
                if openComment == 0 { return index }
            } else if characters[index] == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                openComment += 1
                index += 2
            } else {
                index += 1
            }
        }
        return characters.count
    }

    /// The index after the closing quote(s), skipping escapes and `\( … )` interpolations.
    private mutating func endOfString(_ characters: [Character], from start: Int, multiline: Bool) -> Int {
        var index = start
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                if index + 1 < characters.count, characters[index + 1] == "(" {
                    index = endOfInterpolation(characters, from: index + 2)
                } else {
                    index += 2
                }
                continue
            }
            if character == "\"" {
                if !multiline { return index + 1 }
                if index + 2 < characters.count, characters[index + 1] == "\"", characters[index + 2] == "\"" {
                    inMultilineString = false
                    return index + 3
                }
            }
            index += 1
        }
        return characters.count
    }

    private func endOfInterpolation(_ characters: [Character], from start: Int) -> Int {
        var depth = 1
        var index = start
        var inString = false
        while index < characters.count, depth > 0 {
            let character = characters[index]
            if character == "\\" { index += 2; continue }
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
            }
            index += 1
        }
        return min(index, characters.count)
    }

    /// The index after a raw string `#"…"#` (any number of `#`) that starts at `start`.
    private func endOfRawString(_ characters: [Character], from start: Int) -> Int {
        var index = start
        while index < characters.count, characters[index] == "#" { index += 1 }
        let hashes = index - start
        index += 1
        while index < characters.count {
            if characters[index] == "\"" {
                var closing = 0
                while closing < hashes, index + 1 + closing < characters.count, characters[index + 1 + closing] == "#" { closing += 1 }
                if closing == hashes { return index + 1 + hashes }
            }
            index += 1
        }
        return characters.count
    }
}
