import Foundation

/// Reads GIFT, Moodle's quiz format, into ``GIFTQuestion`` values.
///
/// It follows Moodle's own reader (`question/format/gift/format.php`): questions are
/// blocks separated by blank lines; whole-line `//` comments are dropped (their `[id:…]`
/// and `[tag:…]` kept); an optional `::title::` starts a question; the answers are the
/// text from the first `{` to the next unescaped `}`, and their kind is decided as Moodle
/// decides it. Text after the answers makes a missing-word question. It is stricter than
/// Moodle where Moodle would silently import nonsense (text before the first answer
/// marker, a second answer block, a stray `::`), and reports each problem with its line,
/// column and what was expected.
///
///     let document = try GIFTParser.parse("Which cache evicts the oldest entry first?{=FIFO ~LRU}")
///     document.questions[0].kind   // .multipleChoice([…])
public enum GIFTParser {
    /// What parsing a whole file produced: every item that parsed, and every error.
    public struct Result: Sendable {
        /// The items that parsed, in file order.
        public var document: GIFTDocument
        /// One error per block that did not parse, in file order.
        public var errors: [GIFTError]
        /// Unescaped control characters in question text: Moodle reads them as text,
        /// stricter parsers (gift-pegjs) reject them.
        public var unescapedInText: [(character: Character, location: GIFTSourceLocation)] = []
    }

    /// Parses `source`, throwing the first error.
    public static func parse(_ source: String) throws(GIFTError) -> GIFTDocument {
        let result = parseAll(source)
        if let first = result.errors.first { throw first }
        return result.document
    }

    /// Parses the GIFT file at `url`, naming it `displayPath` in errors.
    public static func parseFile(at url: URL, displayPath: String) throws -> GIFTDocument {
        let result = try parseFileCollectingErrors(at: url, displayPath: displayPath)
        if let first = result.errors.first { throw first }
        return result.document
    }

    /// Parses the GIFT file at `url`, keeping going after errors (for lint).
    ///
    /// Throws ``QuizFileError`` when the file cannot be read at all.
    public static func parseFileCollectingErrors(at url: URL, displayPath: String) throws -> Result {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw QuizFileError.unreadable(path: displayPath, reason: QuizFileError.describe(error, at: url))
        }
        let text: String
        do {
            text = try GIFTLexer.decode(data)
        } catch {
            return Result(document: GIFTDocument(items: []), errors: [error.inFile(displayPath)])
        }
        var result = parseAll(text)
        result.errors = result.errors.map { $0.inFile(displayPath) }
        return result
    }

    /// Parses `source`, keeping every block that parses and every error.
    public static func parseAll(_ source: String) -> Result {
        var result = Result(document: GIFTDocument(items: []), errors: [])
        for block in GIFTLexer.blocks(in: source) {
            do {
                result.document.items.append(try parse(block))
                result.unescapedInText += unescapedControlCharacters(in: block)
            } catch {
                result.errors.append(error)
            }
        }
        return result
    }

    /// Parses one block into a category or a question.
    static func parse(_ block: GIFTBlock) throws(GIFTError) -> GIFTDocument.Item {
        let all = block.characters[...].trimmed()
        guard let start = all.first?.location else {
            throw GIFTError(.missingQuestionText, at: GIFTSourceLocation(line: block.lastLine, column: 1))
        }
        if all.string.hasPrefix("$CATEGORY:") {
            return try category(all)
        }

        var rest = all
        var title: String?
        if all.count >= 2, all[all.startIndex].isControl(":"), all[all.startIndex + 1].isControl(":") {
            guard let close = all.firstIndex(ofControlSequence: "::", from: all.startIndex + 2) else {
                throw GIFTError(.unclosedTitle, at: start)
            }
            let name = all[(all.startIndex + 2)..<close].plainText
            title = name.isEmpty ? nil : name
            rest = all[(close + 2)...].trimmed()
            guard !rest.isEmpty else { throw GIFTError(.missingQuestionText, at: all[close].location) }
        }

        var question = try question(rest, block: block)
        question.title = title
        question.location = start
        let (id, tags) = idAndTags(in: block.comments)
        question.id = id
        question.tags = tags
        return .question(question)
    }

    /// The question in `text` (the block after its title).
    static func question(_ text: ArraySlice<GIFTCharacter>, block: GIFTBlock) throws(GIFTError) -> GIFTQuestion {
        let open = text.firstIndex(ofControl: "{")
        let close = text.firstIndex(ofControl: "}")
        if let close, open == nil || close < open! {
            throw GIFTError(.strayClosingBrace, at: text[close].location)
        }
        guard let open else {
            try rejectColons(in: text)
            return GIFTQuestion(kind: .description, stem: text.giftText(defaultFormat: .moodle))
        }
        guard let close else {
            throw GIFTError(.unclosedAnswerBlock(endLine: block.lastLine, atEndOfFile: block.endsFile), at: text[open].location)
        }

        let before = text[text.startIndex..<open].trimmed()
        var after = text[(close + 1)...]
        // A `//` comment on the line of the closing brace is a comment, not missing-word text.
        let afterSpaces = after.drop { !$0.isEscaped && ($0.value == " " || $0.value == "\t") }
        if afterSpaces.count >= 2, afterSpaces.first!.isControl("/"), afterSpaces[afterSpaces.startIndex + 1].isControl("/") {
            after = afterSpaces[(afterSpaces.firstIndex(ofControl: "\n") ?? afterSpaces.endIndex)...]
        }
        after = after.trimmed()
        if let second = after.firstIndex(ofControl: "{") { throw GIFTError(.secondAnswerBlock, at: after[second].location) }
        if let stray = after.firstIndex(ofControl: "}") { throw GIFTError(.strayClosingBrace, at: after[stray].location) }
        try rejectColons(in: before)
        try rejectColons(in: after)

        let stem1 = before.isEmpty ? nil : before.giftText(defaultFormat: .moodle)
        let explicitFormat = before.formatPrefix()?.0
        let answerFormat = explicitFormat ?? .moodle
        let stem2 = after.isEmpty ? nil : after.giftText(defaultFormat: answerFormat)
        let embedded = stem2 != nil
        var stemText = stem1.map { $0.text + (embedded ? " " : "") } ?? ""
        if let stem2 { stemText += "_____ " + stem2.text }
        let stemFormat = explicitFormat ?? after.formatPrefix()?.0 ?? .moodle

        let (kind, globalFeedback) = try answers(text[(open + 1)..<close], format: answerFormat, openingBrace: text[open].location)
        return GIFTQuestion(
            kind: kind,
            stem: GIFTText(format: stemFormat, text: stemText),
            hasEmbeddedAnswers: embedded,
            globalFeedback: globalFeedback
        )
    }

    static func category(_ text: ArraySlice<GIFTCharacter>) throws(GIFTError) -> GIFTDocument.Item {
        let lineEnd = text.firstIndex(ofControl: "\n") ?? text.endIndex
        if lineEnd < text.endIndex {
            throw GIFTError(.categoryNotAlone, at: text[lineEnd + 1].location)
        }
        let name = text[(text.startIndex + "$CATEGORY:".count)..<lineEnd].plainText
        return .category(name, location: text[text.startIndex].location)
    }

    /// Rejects an unescaped `::` in question text: almost always a broken title.
    static func rejectColons(in text: ArraySlice<GIFTCharacter>) throws(GIFTError) {
        if let colons = text.firstIndex(ofControlSequence: "::") {
            throw GIFTError(.colonsInText, at: text[colons].location)
        }
        if let first = text.first, first.isControl(":") {
            throw GIFTError(.colonsInText, at: first.location)
        }
    }

    /// Unescaped `=`, `~` and `#` in a block's question text (outside its title and answers).
    static func unescapedControlCharacters(in block: GIFTBlock) -> [(character: Character, location: GIFTSourceLocation)] {
        var text = block.characters[...].trimmed()
        if text.count >= 2, text.first!.isControl(":"), text[text.startIndex + 1].isControl(":"),
           let close = text.firstIndex(ofControlSequence: "::", from: text.startIndex + 2) {
            text = text[(close + 2)...]
        }
        if let open = text.firstIndex(ofControl: "{"), let close = text.firstIndex(ofControl: "}", from: open) {
            text = text[text.startIndex..<open] + text[(close + 1)...]
        }
        return text.filter { character in ["=", "~", "#"].contains { character.isControl($0) } }
            .map { (character: $0.value, location: $0.location) }
    }

    /// The `[id:…]` and `[tag:…]` values written in `comments`, as Moodle reads them.
    static func idAndTags(in comments: [String]) -> (id: String?, tags: [String]) {
        var id: String?
        var tags: [String] = []
        for comment in comments {
            if id == nil, let first = bracketValues(named: "id", in: comment).first {
                id = first.replacingOccurrences(of: "\\]", with: "]").trimmingWhitespace()
            }
            tags += bracketValues(named: "tag", in: comment)
        }
        return (id, tags)
    }

    /// Every `value` of `[name:value]` in `text` (no control characters, up to the first `]`).
    static func bracketValues(named name: String, in text: String) -> [String] {
        var values: [String] = []
        var rest = Substring(text)
        let opener = "[\(name):"
        while let start = rest.range(of: opener) {
            let body = rest[start.upperBound...]
            guard let end = body.firstIndex(of: "]") else { break }
            let value = body[..<end]
            if !value.isEmpty, !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                values.append(String(value))
            }
            rest = body[body.index(after: end)...]
        }
        return values
    }
}
