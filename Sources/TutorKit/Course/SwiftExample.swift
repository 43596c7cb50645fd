
/// Turns a lesson's ```` ```swift ```` blocks into Swift files: all of a lesson's
/// `compile` blocks into files that type-check together in one compiler run (the test
/// suite does), or one block into a library `run` inside `learn` executes.
///
/// Each block gets its own file. Its top-level declarations (types, functions,
/// `let`/`var`) stay at file scope; a name declared by more than one block of the lesson
/// is made `private` to its file, so two blocks may both declare `AvatarLoader` without
/// clashing, while a name declared once can be used by later blocks ("with
/// `ThumbnailKey` from the previous page"). Statements move into a function of their own. `#sourceLocation` lines make the compiler report errors at the lesson's
/// own file and line (`Lessons/05-eviction.md:42:9: error: …`).
public struct SwiftExample: Sendable {
    /// The lesson file (or the learner's scratch copy) as messages should name it.
    public var lessonFile: String
    /// The modules every block imports.
    public var imports: [String]

    /// Files for blocks of `lessonFile`, each importing `imports`.
    public init(lessonFile: String, imports: [String]) {
        self.lessonFile = lessonFile
        self.imports = imports
    }

    /// One block as a library: its declarations at file scope, its statements inside
    /// `func ENTRY() throws`, errors reported at `lessonFile`'s lines. `hasStatements` says
    /// whether running it does anything.
    public func library(for block: CodeBlock, entry: String) -> (source: String, hasStatements: Bool) {
        let items = Self.items(of: block.lines, firstLine: block.line + 1)
        let source = source(for: block, privatizing: [], function: entry)
        return (source, items.contains { $0.kind == .statement })
    }

    /// One Swift file per block: a name and the text.
    public func files(for blocks: [CodeBlock]) -> [(name: String, text: String)] {
        var declared: [String: Int] = [:]
        for block in blocks {
            for item in Self.items(of: block.lines, firstLine: block.line + 1) {
                if case let .declaration(_, name?) = item.kind { declared[name, default: 0] += 1 }
            }
        }
        let repeated = Set(declared.filter { $0.value > 1 }.keys)
        return blocks.map { block in ("Example\(block.line).swift", source(for: block, privatizing: repeated)) }
    }

    /// The file for `block`; declarations of the names in `privatizing` become `private`,
    /// statements go into `function` (default: a private one named after the block's line).
    func source(for block: CodeBlock, privatizing: Set<String>, function: String? = nil) -> String {
        var declarations: [String] = []
        var statements: [String] = []
        for item in Self.items(of: block.lines, firstLine: block.line + 1) {
            let location = "#sourceLocation(file: \"\(lessonFile)\", line: \(item.line))"
            switch item.kind {
            case let .declaration(privateAt, name):
                var lines = item.lines
                if let insertAt = privateAt, name.map(privatizing.contains) ?? true { lines[0].insert(contentsOf: "private ", at: lines[0].index(lines[0].startIndex, offsetBy: insertAt)) }
                declarations += [location] + lines
            case .statement:
                statements += [location] + item.lines
            case .importLine:
                continue
            }
        }
        var text = imports.map { "import \($0)" }.joined(separator: "\n") + "\n"
        if !declarations.isEmpty { text += declarations.joined(separator: "\n") + "\n#sourceLocation()\n" }
        text += function.map { "func \($0)() throws {\n" } ?? "private func example\(block.line)() throws {\n"
        if !statements.isEmpty { text += statements.joined(separator: "\n") + "\n#sourceLocation()\n" }
        return text + "}\n"
    }

    /// A run of lines at the top level of a block.
    struct Item {
        enum Kind: Equatable {
            /// A declaration of `name` (nil for an extension); `private ` can go at this
            /// character offset of its first line (nil when it has an access modifier).
            case declaration(privateAt: Int?, name: String?)
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
        var keywordOffset: Int?
        var keyword = ""
        for token in tokens {
            if let keywordOffset {
                // The first word after the keyword is the declared name.
                guard token.kind == .identifier || token.kind == .type || token.kind == .keyword else {
                    if token.kind == .whitespace { continue }
                    return declaration(keyword, name: nil, privateAt: hasAccess ? nil : (firstModifierOffset ?? keywordOffset))
                }
                return declaration(keyword, name: token.text, privateAt: hasAccess ? nil : (firstModifierOffset ?? keywordOffset))
            }
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
                keyword = token.text
                keywordOffset = offset
            default:
                return .statement
            }
        }
        if let keywordOffset { return declaration(keyword, name: nil, privateAt: hasAccess ? nil : (firstModifierOffset ?? keywordOffset)) }
        return .statement
    }

    private static func declaration(_ keyword: String, name: String?, privateAt: Int?) -> Item.Kind {
        keyword == "extension" ? .declaration(privateAt: nil, name: nil) : .declaration(privateAt: privateAt, name: name)
    }
}
