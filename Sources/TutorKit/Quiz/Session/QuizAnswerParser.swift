/// Reads what a learner typed into a ``QuizResponse``, or says what form was expected.
///
/// The forms: one letter (`b`) for a single choice; letters separated by commas or spaces
/// (`a,c`) for several; `t`/`true`/`f`/`false`; any text for a short answer or essay; a
/// number (`42`, `-3.5`, `1e3`, `20,971,520`) for a numerical question; one letter per item for matching,
/// in the items' order (`c a b`, `cab`) or numbered (`1c 2a 3b`).
public enum QuizAnswerParser {
    /// Why a typed line was not an answer: a one-line hint of the expected form.
    public struct Problem: Error, Equatable, Sendable {
        /// What to tell the learner.
        public var hint: String
    }

    /// The response `line` gives to `presented`, or the problem with it.
    public static func parse(_ line: String, for presented: PresentedQuestion) -> Result<QuizResponse, Problem> {
        let typed = line.trimmingWhitespace()
        switch presented.question.kind {
        case .description:
            return .success(.text(""))
        case .essay:
            return .success(.text(typed))
        case .multipleChoice:
            return presented.allowsSeveralChoices ? severalChoices(typed, presented) : oneChoice(typed, presented)
        case .trueFalse:
            switch typed.lowercased() {
            case "t", "true": return .success(.trueFalse(true))
            case "f", "false": return .success(.trueFalse(false))
            default: return .failure(Problem(hint: hint(for: presented)))
            }
        case .shortAnswer:
            return typed.isEmpty ? .failure(Problem(hint: hint(for: presented))) : .success(.text(typed))
        case .numerical:
            guard let number = GIFTParser.parseNumber(typed) ?? groupedNumber(typed) else {
                return .failure(Problem(hint: "'\(typed)' is not a number; " + hint(for: presented)))
            }
            return .success(.number(number))
        case let .matching(pairs):
            return matches(typed, presented, pairs: pairs)
        }
    }

    /// The expected form for `presented`, as shown before the first try and after a bad one.
    public static func hint(for presented: PresentedQuestion) -> String {
        switch presented.question.kind {
        case .description: return ""
        case .essay: return "type your answer on one line; it is not scored, and an empty line skips it"
        case .multipleChoice:
            let range = letterRange(presented.choiceOrder.count)
            return presented.allowsSeveralChoices
                ? "answer with every letter that applies, separated by commas as in a,c; letters \(range)"
                : "answer with one letter, \(range)"
        case .trueFalse: return "answer t for true or f for false"
        case .shortAnswer: return "type the answer; case does not matter"
        case .numerical: return "answer with a number, e.g. 42 or 3.5"
        case .matching:
            let options = max(presented.matchOptions.count, 1)
            let example = (0..<min(presented.itemOrder.count, 3)).map { PresentedQuestion.letter(($0 + 1) % options) }
            let numbered = example.enumerated().map { "\($0.offset + 1)\($0.element)" }
            return "give one letter per item, in order as in \(example.joined(separator: " ")) or numbered as in \(numbered.joined(separator: " ")); letters \(letterRange(options))"
        }
    }

    /// `typed` read as a number written with thousands separators (`20,971,520`,
    /// `20_971_520`, `-1,024.5`), which feedback texts use and learners copy; nil otherwise.
    /// Only groups of exactly three digits count, so `3,5` is not read as 35.
    static func groupedNumber(_ typed: String) -> Double? {
        for separator in [",", "_"] {
            let sign = typed.hasPrefix("-") ? "-" : ""
            let parts = typed.dropFirst(sign.count).split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let groups = parts[0].split(separator: Character(separator), omittingEmptySubsequences: false)
            guard groups.count > 1, (1 ... 3).contains(groups[0].count),
                  groups.dropFirst().allSatisfy({ $0.count == 3 }),
                  groups.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { continue }
            let fraction = parts.count > 1 ? "." + parts[1] : ""
            return GIFTParser.parseNumber(sign + groups.joined() + fraction)
        }
        return nil
    }

    static func letterRange(_ count: Int) -> String {
        count <= 1 ? "a" : "a to \(PresentedQuestion.letter(count - 1))"
    }

    /// The display position of a typed letter, if it names one of `count` positions.
    static func position(of letter: Substring, count: Int) -> Int? {
        (0..<count).first { PresentedQuestion.letter($0) == letter.lowercased() }
    }

    static func oneChoice(_ typed: String, _ presented: PresentedQuestion) -> Result<QuizResponse, Problem> {
        let count = presented.choiceOrder.count
        let word = typed.hasSuffix(")") ? String(typed.dropLast()) : typed
        guard let position = position(of: Substring(word), count: count) else {
            let what = typed.isEmpty ? "" : (typed.count <= 2 && typed.allSatisfy(\.isLetter) ? "there is no choice '\(typed)'; " : "'\(typed)' is not a choice; ")
            return .failure(Problem(hint: what + hint(for: presented)))
        }
        return .success(.choice(presented.choiceOrder[position]))
    }

    static func severalChoices(_ typed: String, _ presented: PresentedQuestion) -> Result<QuizResponse, Problem> {
        let count = presented.choiceOrder.count
        var words = typed.split { $0 == "," || $0 == " " || $0 == ";" }
        // "ac" for a,c when every choice is a single letter.
        if words.count == 1, count <= 26, words[0].count > 1, words[0].allSatisfy(\.isLetter) {
            words = words[0].map { Substring(String($0)) }
        }
        var picked: Set<Int> = []
        for word in words {
            guard let position = position(of: word, count: count) else {
                return .failure(Problem(hint: "there is no choice '\(word)'; " + hint(for: presented)))
            }
            picked.insert(presented.choiceOrder[position])
        }
        if picked.isEmpty { return .failure(Problem(hint: hint(for: presented))) }
        return .success(.choices(picked))
    }

    static func matches(_ typed: String, _ presented: PresentedQuestion, pairs: [GIFTMatchPair]) -> Result<QuizResponse, Problem> {
        let items = presented.itemOrder.count, options = presented.matchOptions.count
        var words = typed.split { $0 == "," || $0 == " " || $0 == ";" }
        if words.count == 1, words[0].count == items, words[0].allSatisfy(\.isLetter) {
            words = words[0].map { Substring(String($0)) }
        }
        var chosen = [Int?](repeating: nil, count: items)
        let numbered = !words.isEmpty && words.allSatisfy { $0.first?.isNumber == true }
        for (offset, word) in words.enumerated() {
            var item = offset
            var letter = word
            if numbered {
                let digits = word.prefix { $0.isNumber }
                guard let number = Int(digits), (1...items).contains(number) else {
                    return .failure(Problem(hint: "there is no item \(digits); " + hint(for: presented)))
                }
                item = number - 1
                letter = word.dropFirst(digits.count)
            }
            guard item < items else {
                return .failure(Problem(hint: "there are only \(items) items; " + hint(for: presented)))
            }
            guard let option = position(of: letter, count: options) else {
                return .failure(Problem(hint: "there is no match '\(letter)'; " + hint(for: presented)))
            }
            chosen[item] = option
        }
        let missing = chosen.indices.filter { chosen[$0] == nil }.map { String($0 + 1) }
        guard missing.isEmpty else {
            return .failure(Problem(hint: "no match given for item\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")); " + hint(for: presented)))
        }
        // Back to file order of the real pairs, as QuizResponse.matches expects.
        let realPairs = pairs.indices.filter { !pairs[$0].isDistractor }
        var answers = [String](repeating: "", count: realPairs.count)
        for (displayed, pairIndex) in presented.itemOrder.enumerated() {
            guard let slot = realPairs.firstIndex(of: pairIndex), let option = chosen[displayed] else { continue }
            answers[slot] = presented.matchOptions[option]
        }
        return .success(.matches(answers))
    }
}
