/// Writes parsed GIFT in the JSON shape of gift-pegjs, the widely used JavaScript parser.
///
/// Every item becomes an object with `type` (`MC`, `TF`, `Short`, `Numerical`,
/// `Matching`, `Essay`, `Description`, `Category`), `title`, `stem` `{format, text}`,
/// `hasEmbeddedAnswers`, `globalFeedback`, `id`, `tags`, and the fields of its type:
///
///     $ cachetutor quiz --export json Quizzes/05-eviction.gift
///     [
///       {
///         "id": null,
///         "tags": null,
///         "type": "TF",
///         …
///
/// Where our model knows more than that shape can say, the shape wins: a true/false
/// question's two feedbacks are written positionally as `trueFeedback` (the first, shown
/// after a wrong answer) and `falseFeedback` (the second), as gift-pegjs writes them.
public enum GIFTJSONEncoder {
    /// The whole document as a JSON array.
    public static func encode(_ document: GIFTDocument) -> JSONValue {
        .array(document.items.map(encode))
    }

    /// One item as a JSON object.
    public static func encode(_ item: GIFTDocument.Item) -> JSONValue {
        switch item {
        case let .category(name, _):
            return .object([("type", .string("Category")), ("title", .string(name))])
        case let .question(question):
            return encode(question)
        }
    }

    /// One question as a JSON object.
    public static func encode(_ question: GIFTQuestion) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", question.id.map(JSONValue.string) ?? .null),
            ("tags", question.tags.isEmpty ? .null : .array(question.tags.map(JSONValue.string))),
            ("type", .string(typeName(of: question.kind))),
            ("title", question.title.map(JSONValue.string) ?? .null),
            ("stem", text(question.stem)),
            ("hasEmbeddedAnswers", .bool(question.hasEmbeddedAnswers)),
        ]
        if case .description = question.kind { return .object(members) }
        members.append(("globalFeedback", optionalText(question.globalFeedback)))
        switch question.kind {
        case .description, .essay:
            break
        case let .trueFalse(answer):
            members += [
                ("isTrue", .bool(answer.isTrue)),
                ("trueFeedback", optionalText(answer.wrongAnswerFeedback)),
                ("falseFeedback", optionalText(answer.rightAnswerFeedback)),
            ]
        case let .multipleChoice(choices), let .shortAnswer(choices):
            members.append(("choices", .array(choices.map(choice))))
        case let .numerical(numerical):
            members.append(("choices", numericalChoices(numerical, format: question.stem.format)))
        case let .matching(pairs):
            members.append(("matchPairs", .array(pairs.map { pair in
                .object([("subquestion", text(pair.subquestion)), ("subanswer", .string(pair.subanswer))])
            })))
        }
        return .object(members)
    }

    static func typeName(of kind: GIFTQuestion.Kind) -> String {
        switch kind {
        case .description: return "Description"
        case .essay: return "Essay"
        case .trueFalse: return "TF"
        case .multipleChoice: return "MC"
        case .shortAnswer: return "Short"
        case .numerical: return "Numerical"
        case .matching: return "Matching"
        }
    }

    static func text(_ text: GIFTText) -> JSONValue {
        .object([("format", .string(text.format.rawValue)), ("text", .string(text.text))])
    }

    static func optionalText(_ value: GIFTText?) -> JSONValue {
        value.map(text) ?? .null
    }

    static func weight(_ value: Double?) -> JSONValue {
        value.map(JSONValue.number) ?? .null
    }

    static func choice(_ choice: GIFTChoice) -> JSONValue {
        .object([
            ("isCorrect", .bool(choice.isCorrect)),
            ("weight", weight(choice.weight)),
            ("text", text(choice.text)),
            ("feedback", optionalText(choice.feedback)),
        ])
    }

    /// A lone bare value is written as the value itself; a list (or a bare value with
    /// feedback, which that shape cannot hold) as an array of choices.
    static func numericalChoices(_ numerical: GIFTNumerical, format: GIFTTextFormat) -> JSONValue {
        if !numerical.isList, numerical.answers.count == 1, let only = numerical.answers.first,
           only.feedback == nil, only.weight == nil, let value = only.value {
            return self.value(value)
        }
        return .array(numerical.answers.map { answer in
            .object([
                ("isCorrect", .bool(answer.isCorrect)),
                ("weight", weight(answer.weight)),
                ("text", answer.value.map(value) ?? text(GIFTText(format: format, text: "*"))),
                ("feedback", optionalText(answer.feedback)),
            ])
        })
    }

    static func value(_ value: GIFTNumericalValue) -> JSONValue {
        switch value {
        case let .exact(number):
            return .object([("type", .string("simple")), ("number", .number(number))])
        case let .tolerance(number, margin):
            return .object([("type", .string("range")), ("number", .number(number)), ("range", .number(margin))])
        case let .range(low, high):
            return .object([("type", .string("high-low")), ("numberHigh", .number(high)), ("numberLow", .number(low))])
        }
    }
}
