import TutorCourse

/// Turns a lesson's ```` ```swift compile ```` blocks into Swift files that type-check
/// together in one compiler run, the way a learner's script would run.
///
/// Each block gets its own file. Its top-level declarations (types, functions,
/// `let`/`var`) stay at file scope but become `private`, so two blocks of a lesson may
/// both declare `AvatarLoader` without clashing; its statements move into a function of
/// their own. `#sourceLocation` lines make the compiler report errors at the lesson's
/// own file and line (`Lessons/05-eviction.md:42:9: error: …`).
struct ExampleProgram {
    /// The lesson file as messages should name it.
    var lessonFile: String
    /// The modules every block imports.
    var imports: [String]

    /// One Swift file per block: a name and the text.
    func files(for blocks: [CodeBlock]) -> [(name: String, text: String)] {
        blocks.map { block in ("Example\(block.line).swift", source(for: block)) }
    }

    func source(for block: CodeBlock) -> String {
        var declarations: [String] = []
        var statements: [String] = []
        for item in Self.items(of: block.lines, firstLine: block.line + 1) {
            let location = "#sourceLocation(file: \"\(lessonFile)\", line: \(item.line))"
            switch item.kind {
            case .declaration(let needsPrivate):
                var lines = item.lines
                if let insertAt = needsPrivate { lines[0].insert(contentsOf: "private ", at: lines[0].index(lines[0].startIndex, offsetBy: insertAt)) }
                declarations += [location] + lines
            case .statement:
                statements += [location] + item.lines
            case .importLine:
                continue
            }
        }
        var text = imports.map { "import \($0)" }.joined(separator: "\n") + "\n"
        if !declarations.isEmpty { text += declarations.joined(separator: "\n") + "\n#sourceLocation()\n" }
        text += "private func example\(block.line)() throws {\n"
        if !statements.isEmpty { text += statements.joined(separator: "\n") + "\n#sourceLocation()\n" }
        return text + "}\n"
    }

    /// A run of lines at the top level of a block.
    struct Item {
        enum Kind: Equatable {
            /// A declaration; `private ` is inserted at this character offset of its first line, if not nil.
            case declaration(privateAt: Int?)
            case statement
            case importLine
        }
        var kind: Kind
        var lines: [String]
        var line: Int
    }

    static let declarationKeywords: Set<String> = ["class", "struct", "enum", "protocol", "extension", "func", "typealias", "actor", "let", "var"]
    static let accessModifiers: Set<String> = ["public", "private", "fileprivate", "internal", "open", "package"]
    static let otherModifiers: Set<String> = ["final", "static", "nonisolated", "indirect", "lazy", "weak", "unowned", "convenience", "required", "override", "mutating", "dynamic"]

    /// Splits a block into top-level items: a line at nesting depth 0 starts one, and it
    /// runs until brackets balance again (and no `.` chain continues on the next line).
    static func items(of lines: [String], firstLine: Int) -> [Item] {
        var highlighter = SwiftHighlighter()
        let tokenized = lines.map { highlighter.tokens(in: $0) }
        var items: [Item] = []
        var depth = 0
        var index = 0
        while index < lines.count {
            let significant = tokenized[index].filter { $0.kind != .whitespace && $0.kind != .comment }
            if depth == 0, significant.isEmpty {
                index += 1
                continue
            }
            let start = index
            repeat {
                for token in tokenized[index] where token.kind == .punctuation {
                    switch token.text {
                    case "{", "(", "[": depth += 1
                    case "}", ")", "]": depth = max(0, depth - 1)
                    default: break
                    }
                }
                index += 1
            } while index < lines.count && (depth > 0 || lines[index].drop { $0 == " " }.hasPrefix("."))
            items.append(Item(kind: kind(of: tokenized[start], line: lines[start]), lines: Array(lines[start..<index]), line: firstLine + start))
        }
        return items
    }

    static func kind(of tokens: [SwiftToken], line: String) -> Item.Kind {
        var offset = 0
        var hasAccess = false
        var firstModifierOffset: Int?
        for token in tokens {
            defer { offset += token.text.count }
            switch token.kind {
            case .whitespace, .comment, .attribute:
                continue
            case .keyword, .identifier:
                if token.text == "import", firstModifierOffset == nil { return .importLine }
                if accessModifiers.contains(token.text) { hasAccess = true }
                if accessModifiers.contains(token.text) || otherModifiers.contains(token.text) {
                    if firstModifierOffset == nil { firstModifierOffset = offset }
                    continue
                }
                guard declarationKeywords.contains(token.text) else { return .statement }
                if hasAccess || token.text == "extension" { return .declaration(privateAt: nil) }
                return .declaration(privateAt: firstModifierOffset ?? offset)
            default:
                return .statement
            }
        }
        return .statement
    }
}
