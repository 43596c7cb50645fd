/// Turns Swift source into a normalised token stream for the similarity check.
///
/// Comments and white space are dropped; every identifier becomes `id`, every number
/// `num` and every string literal `str`, while keywords, operators and punctuation stay
/// as written. Renaming variables, rewording comments or reformatting therefore change
/// nothing; restructuring the code does. This is a lexer for comparison, not a compiler:
/// it never fails, whatever it is given. Each token remembers where it stands in the
/// source (``SourceToken``), so a shared run of tokens can be shown as lines of both files.
///
///     SwiftTokenizer.tokens(of: "let total = width * 4 // bytes")
///     // ["let", "id", "=", "id", "*", "num"]
public enum SwiftTokenizer {
    /// The normalised tokens of `source`.
    public static func tokens(of source: String) -> [String] {
        located(in: source).map(\.text)
    }

    /// The normalised tokens of `source` with their places in it.
    public static func located(in source: String) -> [SourceToken] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [SourceToken] = []
        var index = 0
        var line = 1
        var lineAt = 0
        func peek(_ offset: Int = 0) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        /// Line of scalar `position`, counting from the last position asked (positions only grow).
        func lineOf(_ position: Int) -> Int {
            while lineAt < position, lineAt < scalars.count {
                if scalars[lineAt] == "\n" { line += 1 }
                lineAt += 1
            }
            return line
        }
        func add(_ text: String, from start: Int) {
            let first = lineOf(start)
            let last = lineOf(max(start, index - 1))
            tokens.append(SourceToken(text: text, line: first, endLine: last))
        }

        while index < scalars.count {
            let scalar = scalars[index]
            let start = index
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "/", peek(1) == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "/", peek(1) == "*" {
                index = endOfBlockComment(scalars, from: index)
            } else if scalar == "\"" || (scalar == "#" && isRawStringStart(scalars, at: index)) {
                index = endOfString(scalars, from: index)
                add("str", from: start)
            } else if isIdentifierStart(scalar) {
                while index < scalars.count, isIdentifierPart(scalars[index]) { index += 1 }
                let word = String(String.UnicodeScalarView(scalars[start ..< index]))
                add(keywords.contains(word) ? word : "id", from: start)
            } else if scalar == "`" {
                index += 1
                while index < scalars.count, scalars[index] != "`", scalars[index] != "\n" { index += 1 }
                index = min(index + 1, scalars.count)
                add("id", from: start)
            } else if ("0" ... "9").contains(scalar) {
                while index < scalars.count, isIdentifierPart(scalars[index]) || scalars[index] == "." && peek(1).map({ ("0" ... "9").contains($0) }) == true {
                    index += 1
                }
                add("num", from: start)
            } else if scalar == "$" || scalar == "#" || scalar == "@" {
                // `$0`, `#selector`, `@escaping`: the sigil and the word read as one token.
                index += 1
                while index < scalars.count, isIdentifierPart(scalars[index]) { index += 1 }
                let word = String(String.UnicodeScalarView(scalars[start ..< index]))
                add(scalar == "$" ? "id" : word, from: start)
            } else if operatorCharacters.contains(scalar) {
                while index < scalars.count, operatorCharacters.contains(scalars[index]) {
                    if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "/" || scalars[index + 1] == "*" { break }
                    index += 1
                }
                if index == start { index += 1 }
                add(String(String.UnicodeScalarView(scalars[start ..< index])), from: start)
            } else {
                index += 1
                add(String(scalar), from: start)
            }
        }
        return tokens
    }

    private static func endOfBlockComment(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < scalars.count {
            if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                depth += 1
                index += 2
            } else if scalars[index] == "*", index + 1 < scalars.count, scalars[index + 1] == "/" {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return index
    }

    private static func isRawStringStart(_ scalars: [Unicode.Scalar], at start: Int) -> Bool {
        var index = start
        while index < scalars.count, scalars[index] == "#" { index += 1 }
        return index < scalars.count && scalars[index] == "\""
    }

    /// The index after the string literal starting at `start`: plain, multi-line (`"""`)
    /// or raw (`#"…"#`), with interpolations skipped by counting parentheses.
    private static func endOfString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        var hashes = 0
        while index < scalars.count, scalars[index] == "#" {
            hashes += 1
            index += 1
        }
        let multiline = index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\""
        let quotes = multiline ? 3 : 1
        index += quotes
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                var probe = index + 1
                var seen = 0
                while seen < hashes, probe < scalars.count, scalars[probe] == "#" {
                    seen += 1
                    probe += 1
                }
                if seen == hashes, probe < scalars.count, scalars[probe] == "(" {
                    index = endOfInterpolation(scalars, from: probe)
                } else {
                    index = probe + (hashes == 0 ? 1 : 0)
                }
                continue
            }
            if !multiline, scalar == "\n" { return index }
            if scalar == "\"", closes(scalars, at: index, quotes: quotes, hashes: hashes) { return index + quotes + hashes }
            index += 1
        }
        return index
    }

    private static func closes(_ scalars: [Unicode.Scalar], at index: Int, quotes: Int, hashes: Int) -> Bool {
        guard index + quotes + hashes <= scalars.count else { return false }
        for offset in 0 ..< quotes where scalars[index + offset] != "\"" { return false }
        for offset in 0 ..< hashes where scalars[index + quotes + offset] != "#" { return false }
        return true
    }

    private static func endOfInterpolation(_ scalars: [Unicode.Scalar], from open: Int) -> Int {
        var depth = 0
        var index = open
        while index < scalars.count {
            if scalars[index] == "(" { depth += 1 }
            if scalars[index] == ")" {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            if scalars[index] == "\"" {
                index = endOfString(scalars, from: index)
                continue
            }
            index += 1
        }
        return index
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || scalar.properties.numericType != nil
    }

    private static let operatorCharacters: Set<Unicode.Scalar> = ["+", "-", "*", "/", "%", "=", "<", ">", "!", "&", "|", "^", "~", "?", ".", ":"]

    /// Words that carry structure and stay in the stream as written; library names
    /// (`NSCache`, `setObject`) are identifiers like any other and normalise to `id`.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch",
        "false", "is", "nil", "self", "Self", "super", "throw", "throws", "true", "try", "async", "await",
        "final", "lazy", "weak", "unowned", "override", "mutating", "convenience", "required", "some", "any",
    ]
}
