/// The answer block `{…}`: deciding its kind the way Moodle does, then reading its answers.
extension GIFTParser {
    /// The kind and answers in `block` (between the braces), and its `####` general feedback.
    ///
    /// Moodle's order: empty is an essay; a leading `#` is numerical; any `~` is multiple
    /// choice; `=` with `->` is matching; `T`, `TRUE`, `F`, `FALSE` is true/false; anything
    /// else is short answer. The general feedback is the text after the last `####`.
    static func answers(_ block: ArraySlice<GIFTCharacter>, format: GIFTTextFormat, openingBrace: GIFTSourceLocation) throws(GIFTError) -> (GIFTQuestion.Kind, GIFTText?) {
        var body = block
        var globalFeedback: GIFTText?
        if let separator = block.lastIndex(ofControlSequence: "####") {
            globalFeedback = nonEmpty(block[(separator + 4)...].giftText(defaultFormat: format))
            body = block[block.startIndex..<separator]
        }
        body = body.trimmed()
        guard let first = body.first else { return (.essay, globalFeedback) }
        if first.isControl("#") {
            return (.numerical(try numerical(body.dropFirst(), format: format, at: first.location)), globalFeedback)
        }
        if body.containsControl("~") {
            return (.multipleChoice(try choices(body, format: format, allowsBareFirstAnswer: false)), globalFeedback)
        }
        if body.containsControl("="), body.firstIndex(ofControlSequence: "->") != nil {
            return (.matching(try matchPairs(body, format: format)), globalFeedback)
        }
        if let trueFalse = trueFalse(body, format: format) {
            return (.trueFalse(trueFalse), globalFeedback)
        }
        return (.shortAnswer(try choices(body, format: format, allowsBareFirstAnswer: true)), globalFeedback)
    }

    /// `=`/`~` answers with optional weights and feedback. A short answer may start with one
    /// bare answer (`{One}`); a multiple-choice question may not.
    static func choices(_ body: ArraySlice<GIFTCharacter>, format: GIFTTextFormat, allowsBareFirstAnswer: Bool) throws(GIFTError) -> [GIFTChoice] {
        let (prefix, parts) = body.split(atMarkers: ["=", "~"])
        var result: [GIFTChoice] = []
        let lead = prefix.trimmed()
        if let start = lead.first?.location {
            guard allowsBareFirstAnswer else { throw GIFTError(.textBeforeFirstAnswer(excerpt(lead.plainText)), at: start) }
            result.append(try choice(isCorrect: true, lead, format: format, at: start))
        }
        for (marker, part) in parts {
            result.append(try choice(isCorrect: marker.value == "=", part, format: format, at: marker.location))
        }
        return result
    }

    static func choice(isCorrect: Bool, _ body: ArraySlice<GIFTCharacter>, format: GIFTTextFormat, at location: GIFTSourceLocation) throws(GIFTError) -> GIFTChoice {
        var rest = body.trimmed()
        let weight = try weightPrefix(&rest)
        let hash = rest.firstIndex(ofControl: "#")
        let text = rest[rest.startIndex..<(hash ?? rest.endIndex)].giftText(defaultFormat: format)
        guard !text.text.isEmpty else { throw GIFTError(.emptyAnswer, at: location) }
        let feedback = hash.flatMap { nonEmpty(rest[($0 + 1)...].giftText(defaultFormat: format)) }
        return GIFTChoice(isCorrect: isCorrect, weight: weight, text: text, feedback: feedback, location: location)
    }

    /// Reads a `%weight%` at the start of `text` and removes it.
    ///
    /// GIFT has no escape for `%`, so text that merely starts with `%` (no closing `%` on a
    /// short word) is left alone; a closing `%` around something that is not a number is an error.
    static func weightPrefix(_ text: inout ArraySlice<GIFTCharacter>) throws(GIFTError) -> Double? {
        guard let open = text.first, open.isControl("%"),
              let close = text.firstIndex(ofControl: "%", from: text.startIndex + 1) else { return nil }
        let inside = text[(text.startIndex + 1)..<close].string
        guard inside.count <= 12, !inside.contains(where: \.isWhitespace) else { return nil }
        guard let weight = parseNumber(inside) else { throw GIFTError(.badWeight(inside), at: open.location) }
        text = text[(close + 1)...].trimmed()
        return weight
    }

    static func numerical(_ body: ArraySlice<GIFTCharacter>, format: GIFTTextFormat, at hash: GIFTSourceLocation) throws(GIFTError) -> GIFTNumerical {
        let (prefix, parts) = body.split(atMarkers: ["=", "~"])
        var answers: [GIFTNumericalAnswer] = []
        let lead = prefix.trimmed()
        if let start = lead.first?.location {
            answers.append(try numericalAnswer(isCorrect: true, lead, format: format, at: start))
        }
        for (marker, part) in parts {
            answers.append(try numericalAnswer(isCorrect: marker.value == "=", part, format: format, at: marker.location))
        }
        guard !answers.isEmpty else { throw GIFTError(.missingNumber, at: hash) }
        return GIFTNumerical(answers: answers, isList: !parts.isEmpty)
    }

    static func numericalAnswer(isCorrect: Bool, _ body: ArraySlice<GIFTCharacter>, format: GIFTTextFormat, at location: GIFTSourceLocation) throws(GIFTError) -> GIFTNumericalAnswer {
        var rest = body.trimmed()
        let weight = try weightPrefix(&rest)
        let hash = rest.firstIndex(ofControl: "#")
        let written = rest[rest.startIndex..<(hash ?? rest.endIndex)].string.trimmingWhitespace()
        var value: GIFTNumericalValue?
        if !written.isEmpty, written != "*" {
            guard let parsed = numericalValue(written) else { throw GIFTError(.badNumber(excerpt(written)), at: rest.first?.location ?? location) }
            value = parsed
        }
        let feedback = hash.flatMap { nonEmpty(rest[($0 + 1)...].giftText(defaultFormat: format)) }
        return GIFTNumericalAnswer(isCorrect: isCorrect, weight: weight, value: value, feedback: feedback, location: location)
    }

    /// `42`, `3.14:0.01` or `1..5`.
    static func numericalValue(_ text: String) -> GIFTNumericalValue? {
        if let dots = text.range(of: "..") {
            guard let low = parseNumber(String(text[..<dots.lowerBound])), let high = parseNumber(String(text[dots.upperBound...])) else { return nil }
            return .range(low: low, high: high)
        }
        if let colon = text.firstIndex(of: ":") {
            guard let value = parseNumber(String(text[..<colon])), let margin = parseNumber(String(text[text.index(after: colon)...])) else { return nil }
            return .tolerance(value, margin: margin)
        }
        return parseNumber(text).map(GIFTNumericalValue.exact)
    }

    /// A finite decimal number (`-3.5`, `.5`, `1e3`), never `inf`, `nan` or hexadecimal.
    static func parseNumber(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              trimmed.contains(where: \.isNumber), let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }

    static func matchPairs(_ body: ArraySlice<GIFTCharacter>, format: GIFTTextFormat) throws(GIFTError) -> [GIFTMatchPair] {
        let (prefix, parts) = body.split(atMarkers: ["="])
        let lead = prefix.trimmed()
        if let start = lead.first?.location { throw GIFTError(.textBeforeFirstAnswer(excerpt(lead.plainText)), at: start) }
        var pairs: [GIFTMatchPair] = []
        for (marker, part) in parts {
            guard let arrow = part.firstIndex(ofControlSequence: "->") else {
                throw GIFTError(.missingArrow(excerpt(part.plainText)), at: marker.location)
            }
            let answer = part[(arrow + 2)...].plainText
            guard !answer.isEmpty else { throw GIFTError(.missingMatch, at: part[arrow].location) }
            pairs.append(GIFTMatchPair(subquestion: part[part.startIndex..<arrow].giftText(defaultFormat: format), subanswer: answer, location: marker.location))
        }
        return pairs
    }

    /// `{T}`, `{FALSE#wrong answer feedback#right answer feedback}`, or nil if it is not one.
    static func trueFalse(_ body: ArraySlice<GIFTCharacter>, format: GIFTTextFormat) -> GIFTTrueFalse? {
        let firstHash = body.firstIndex(ofControl: "#")
        let head = body[body.startIndex..<(firstHash ?? body.endIndex)].trimmed()
        guard !head.contains(where: \.isEscaped) else { return nil }
        let isTrue: Bool
        switch head.string {
        case "T", "TRUE": isTrue = true
        case "F", "FALSE": isTrue = false
        default: return nil
        }
        var wrong: GIFTText?, right: GIFTText?
        if let firstHash {
            let secondHash = body.firstIndex(ofControl: "#", from: firstHash + 1)
            wrong = nonEmpty(body[(firstHash + 1)..<(secondHash ?? body.endIndex)].giftText(defaultFormat: format))
            right = secondHash.flatMap { nonEmpty(body[($0 + 1)...].giftText(defaultFormat: format)) }
        }
        return GIFTTrueFalse(isTrue: isTrue, wrongAnswerFeedback: wrong, rightAnswerFeedback: right)
    }

    static func nonEmpty(_ text: GIFTText) -> GIFTText? {
        text.text.isEmpty ? nil : text
    }

    /// At most 40 characters of `text`, for messages.
    static func excerpt(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}
