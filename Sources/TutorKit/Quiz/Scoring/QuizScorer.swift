/// Scores responses the way Moodle scores GIFT questions.
///
/// - Single choice: the chosen answer's credit (`=` is 100 %, `~` 0 %, `%w%` is w %).
/// - Multiple answers: the sum of the chosen answers' weights, negative ones included,
///   kept between 0 and 100 %.
/// - True/false: all or nothing.
/// - Short answer: the first answer, in file order, equal to the response ignoring case
///   and extra spaces (`*` matches any run of characters); its weight is the credit.
/// - Numerical: the first answer whose number, margin or range holds the response.
/// - Matching: each item matched rightly earns an equal share.
///
/// Every credit is kept within 0…1 per question.
///
///     QuizScorer.score(question, .choices([0, 2])).credit   // 1.0 when a and c carry 50 % each
public enum QuizScorer {
    /// The score of `response` to `question`; a response of the wrong shape earns nothing.
    public static func score(_ question: GIFTQuestion, _ response: QuizResponse) -> QuizScore {
        let right = rightAnswer(question)
        switch (question.kind, response) {
        case let (.multipleChoice(choices), .choice(index)) where choices.indices.contains(index):
            return QuizScore(credit: clamp(choices[index].fraction), feedback: choices[index].feedback.map { [$0] } ?? [], rightAnswer: right)
        case let (.multipleChoice(choices), .choices(picked)):
            let chosen = picked.sorted().filter(choices.indices.contains)
            let credit = chosen.map { choices[$0].fraction }.reduce(0, +)
            return QuizScore(credit: clamp(credit), feedback: chosen.compactMap { choices[$0].feedback }, rightAnswer: right)
        case let (.trueFalse(answer), .trueFalse(said)):
            let isRight = said == answer.isTrue
            let feedback = isRight ? answer.rightAnswerFeedback : answer.wrongAnswerFeedback
            return QuizScore(credit: isRight ? 1 : 0, feedback: feedback.map { [$0] } ?? [], rightAnswer: right)
        case let (.shortAnswer(choices), .text(typed)):
            guard let match = choices.first(where: { matches(typed, pattern: $0.text.text) }) else {
                return QuizScore(credit: 0, rightAnswer: right)
            }
            return QuizScore(credit: clamp(match.fraction), feedback: match.feedback.map { [$0] } ?? [], rightAnswer: right)
        case let (.numerical(numerical), .number(value)):
            guard let match = numerical.answers.first(where: { $0.value?.accepts(value) ?? true }) else {
                return QuizScore(credit: 0, rightAnswer: right)
            }
            return QuizScore(credit: clamp(match.fraction), feedback: match.feedback.map { [$0] } ?? [], rightAnswer: right)
        case let (.matching(pairs), .matches(chosen)):
            let items = pairs.filter { !$0.isDistractor }
            guard !items.isEmpty else { return QuizScore(credit: 0, rightAnswer: right) }
            let rightCount = zip(items, chosen).filter { $0.subanswer == $1 }.count
            return QuizScore(credit: Double(rightCount) / Double(items.count), rightAnswer: right)
        default:
            return QuizScore(credit: 0, rightAnswer: right)
        }
    }

    /// The right answer of `question` in words: the full-credit choices, the side of a
    /// true/false, the accepted texts or numbers, the pairs.
    public static func rightAnswer(_ question: GIFTQuestion) -> String {
        switch question.kind {
        case .description, .essay:
            return ""
        case let .trueFalse(answer):
            return answer.isTrue ? "true" : "false"
        case let .multipleChoice(choices):
            let isMultipleAnswer = !choices.contains(where: \.isCorrect)
            let right = choices.filter { isMultipleAnswer ? $0.fraction > 0 : $0.fraction >= 1 }
            return right.map(\.text.text).joined(separator: isMultipleAnswer ? " + " : " or ")
        case let .shortAnswer(choices):
            return choices.filter { $0.fraction >= 1 }.map(\.text.text).joined(separator: " or ")
        case let .numerical(numerical):
            return numerical.answers.filter { $0.fraction >= 1 }.compactMap { $0.value?.readable }.joined(separator: " or ")
        case let .matching(pairs):
            return pairs.filter { !$0.isDistractor }.map { "\($0.subquestion.text) → \($0.subanswer)" }.joined(separator: "; ")
        }
    }

    /// Whether `typed` equals `pattern` ignoring case, surrounding and repeated spaces;
    /// `*` in the pattern matches any run of characters, as in Moodle.
    public static func matches(_ typed: String, pattern: String) -> Bool {
        let text = Array(normalize(typed)), wanted = Array(normalize(pattern))
        // Wildcard matching by dynamic programming over (pattern prefix, text prefix).
        var row = [Bool](repeating: false, count: text.count + 1)
        row[0] = true
        for symbol in wanted {
            var next = [Bool](repeating: false, count: text.count + 1)
            if symbol == "*" {
                var reachable = false
                for index in 0...text.count {
                    reachable = reachable || row[index]
                    next[index] = reachable
                }
            } else {
                for index in 1...max(1, text.count) where index <= text.count {
                    next[index] = row[index - 1] && text[index - 1] == symbol
                }
            }
            row = next
        }
        return row[text.count]
    }

    static func normalize(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func clamp(_ credit: Double) -> Double {
        min(1, max(0, credit))
    }
}
