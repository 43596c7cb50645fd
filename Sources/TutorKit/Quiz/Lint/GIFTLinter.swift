/// Checks quiz files for what a parser accepts but a quiz should not have.
///
/// **Errors** (exit 65): parse errors; a question with no right answer; weights outside
/// -100…100 %; multiple-answer weights whose positive part does not add up to 100 %;
/// fewer than two choices or two pairs; a range whose low end is above its high end; a
/// title used twice in one file; a question with no text.
///
/// **Warnings** (exit 0, or 65 with `--strict`): a scored question with no feedback at all;
/// a wrong choice without feedback of its own; a short answer's accepted text without
/// feedback when the others have some; a numerical question that says nothing about any
/// wrong number; the same answer twice; a choice that repeats a choice of another question
/// (a learner can answer one by remembering the other); right answers crowded into one
/// position of a file (``AnswerPositionCheck``); right answers that are the longest or the
/// shortest choice of a file's single-answer questions (or of all the files linted together)
/// far more or far less often than chance, a right
/// choice much longer than every wrong one, a multiple-answer question with mostly right
/// choices or that pays for ticking every choice, and "all/none of the above" choices
/// (``CueChecks``); a short answer `true`/`false` that looks
/// like a misspelt `{T}`; unescaped `=`, `~`, `#` in question text (Moodle reads them as
/// text, gift-pegjs does not); a title used again in another file.
///
/// Missing feedback is a warning, not an error: Moodle imports such a question and it
/// scores correctly; it only teaches less.
public enum GIFTLinter {
    /// The findings for each parsed file, sorted by file and position.
    public static func lint(_ files: [(path: String, result: GIFTParser.Result)]) -> [LintFinding] {
        var findings: [LintFinding] = []
        var titlesSeen: [String: String] = [:]
        var choicesSeen: [String: (question: String, file: String, line: Int)] = [:]
        for (path, result) in files {
            if let bias = AnswerPositionCheck.bias(in: result.document.questions) {
                let letter = PresentedQuestion.letter(bias.position)
                let chance = String(format: "%.2g", bias.probability)
                findings.append(LintFinding(.warning, file: path, at: GIFTSourceLocation(line: 1, column: 1), "right answers sit at position \(letter) in \(bias.observed) of \(bias.questions) questions; placed at random that happens with probability \(chance); move some right answers to other positions"))
            }
            if let bias = CueChecks.lengthBias(in: result.document.questions) {
                findings.append(LintFinding(.warning, file: path, at: GIFTSourceLocation(line: 1, column: 1), CueChecks.message(for: bias)))
            }
            for question in result.document.questions {
                guard case let .multipleChoice(choices) = question.kind else { continue }
                for choice in choices {
                    let text = choice.text.text.lowercased()
                    if let first = choicesSeen[text], first.question != question.displayName {
                        let place = first.file == path ? "line \(first.line)" : "\(first.file):\(first.line)"
                        findings.append(LintFinding(.warning, file: path, at: choice.location, "choice '\(choice.text.text)' repeats a choice of '\(first.question)' (\(place)); a learner who remembers one can answer the other without reading it"))
                    } else if choicesSeen[text] == nil {
                        choicesSeen[text] = (question.displayName, path, choice.location.line)
                    }
                }
            }
            findings += result.errors.map { LintFinding(.error, file: path, at: $0.location, $0.description) }
            for note in result.unescapedInText {
                findings.append(LintFinding(.warning, file: path, at: note.location, "unescaped '\(note.character)' in question text: Moodle reads it as text but gift-pegjs rejects it; write '\\\(note.character)'"))
            }
            var titlesHere: [String: GIFTSourceLocation] = [:]
            for question in result.document.questions {
                findings += lint(question).map { LintFinding($0.severity, file: path, at: $0.location, $0.message) }
                guard let title = question.title else { continue }
                if let first = titlesHere[title] {
                    findings.append(LintFinding(.error, file: path, at: question.location, "title '\(title)' is already used at line \(first.line); titles name questions in results, so each must be unique"))
                } else if let other = titlesSeen[title] {
                    findings.append(LintFinding(.warning, file: path, at: question.location, "title '\(title)' is also used in \(other)"))
                }
                titlesHere[title] = titlesHere[title] ?? question.location
            }
            for title in titlesHere.keys where titlesSeen[title] == nil { titlesSeen[title] = path }
        }
        // A file holds too few questions to show a mild length cue; a course that repeats
        // it in every file hands the learner a rule all the same.
        if files.count > 1, let first = files.first,
           let bias = CueChecks.lengthBias(in: files.flatMap(\.result.document.questions)) {
            findings.append(LintFinding(.warning, file: first.path, at: GIFTSourceLocation(line: 1, column: 1), CueChecks.message(for: bias, scope: "over all \(files.count) files, ")))
        }
        return findings.sorted { ($0.file, $0.location) < ($1.file, $1.location) }
    }

    /// The findings for one question (their `file` is left empty).
    public static func lint(_ question: GIFTQuestion) -> [LintFinding] {
        var findings: [LintFinding] = []
        func add(_ severity: LintFinding.Severity, _ message: String, at location: GIFTSourceLocation? = nil) {
            findings.append(LintFinding(severity, file: "", at: location ?? question.location, message))
        }
        let name = "'\(question.displayName)'"
        if question.stem.text.isEmpty { add(.error, "question \(name) has no text") }

        switch question.kind {
        case .description, .essay:
            return findings
        case let .trueFalse(answer):
            if answer.wrongAnswerFeedback == nil, answer.rightAnswerFeedback == nil, question.globalFeedback == nil {
                add(.warning, "\(name) has no feedback; add '#why it is wrong#why it is right' after T or F, or '####' general feedback")
            }
        case let .multipleChoice(choices):
            lintChoices(choices, question: question, name: name, add: add)
        case let .shortAnswer(choices):
            lintWeights(choices.map { ($0.weight, $0.location) }, add: add)
            if !choices.contains(where: { $0.fraction >= 1 }) {
                add(.error, "short answer \(name) has no answer worth full credit; expected at least one '=' answer without a weight, or with %100%")
            }
            if choices.count == 1, ["true", "false", "t", "f"].contains(choices[0].text.text.lowercased()), choices[0].text.text != choices[0].text.text.uppercased() {
                add(.warning, "\(name) is a short answer whose answer is '\(choices[0].text.text)'; for true/false write {T} or {F} in capitals")
            }
            warnDuplicates(choices, name: name, add: add)
            if question.globalFeedback == nil, choices.allSatisfy({ $0.feedback == nil }) {
                add(.warning, "\(name) has no feedback; add '#why' after the answers, or '####' general feedback")
            } else if choices.contains(where: { $0.feedback != nil }) {
                for choice in choices where choice.feedback == nil {
                    add(.warning, "answer '\(choice.text.text)' of \(name) has no feedback while the others do; add '#…' after it", at: choice.location)
                }
            }
        case let .numerical(numerical):
            lintWeights(numerical.answers.map { ($0.weight, $0.location) }, add: add)
            if !numerical.answers.contains(where: { $0.fraction >= 1 && $0.value != nil }) {
                add(.error, "numerical \(name) has no answer worth full credit; expected a number after '#' or an '=' answer without a weight")
            }
            for answer in numerical.answers {
                if case let .range(low, high) = answer.value, low > high {
                    add(.error, "range \(answer.value!.giftNotation) runs backwards; expected low..high", at: answer.location)
                }
                if case let .tolerance(_, margin) = answer.value, margin < 0 {
                    add(.error, "margin \(GIFTNumericalValue.format(margin)) is negative; expected value:margin with margin ≥ 0", at: answer.location)
                }
            }
            if question.globalFeedback == nil, numerical.answers.allSatisfy({ $0.feedback == nil }) {
                add(.warning, "\(name) has no feedback; add '#why' after the number, or '####' general feedback")
            } else if !numerical.answers.contains(where: { $0.fraction < 1 && $0.feedback != nil }) {
                add(.warning, "numerical \(name) says nothing to a wrong number; add '=%0%VALUE#why it is wrong' for a tempting mistake")
            }
        case let .matching(pairs):
            let real = pairs.filter { !$0.isDistractor }
            if real.count < 2 {
                add(.error, "matching \(name) has \(real.count) pair\(real.count == 1 ? "" : "s"); expected at least two '=item -> match' pairs")
            }
            var lefts: Set<String> = []
            for pair in real where !lefts.insert(pair.subquestion.text.lowercased()).inserted {
                add(.warning, "item '\(pair.subquestion.text)' appears twice in \(name)", at: pair.location)
            }
            if question.globalFeedback == nil {
                add(.warning, "matching \(name) has no feedback; add '####' general feedback explaining the pairs")
            }
        }
        return findings
    }

    static func lintChoices(_ choices: [GIFTChoice], question: GIFTQuestion, name: String, add: (LintFinding.Severity, String, GIFTSourceLocation?) -> Void) {
        lintWeights(choices.map { ($0.weight, $0.location) }, add: add)
        if choices.count < 2 {
            add(.error, "\(name) has \(choices.count) choice; expected at least two", nil)
        }
        let isMultipleAnswer = !choices.contains(where: \.isCorrect)
        if isMultipleAnswer {
            let positive = choices.map(\.fraction).filter { $0 > 0 }.reduce(0, +)
            if positive == 0 {
                add(.error, "\(name) has no right answer; expected one '=' choice, or '~%weight%' choices whose positive weights add up to 100%", nil)
            } else if abs(positive - 1) > 0.0001 {
                let total = GIFTNumericalValue.format((positive * 100 * 1000).rounded() / 1000)
                add(.error, "the positive weights of \(name) add up to \(total)%; expected 100% so that choosing every right answer earns full credit", nil)
            }
        } else if !choices.contains(where: { $0.fraction >= 1 }) {
            add(.error, "\(name) has no choice worth full credit; expected one '=' choice without a weight, or with %100%", nil)
        }
        warnDuplicates(choices, name: name, add: add)
        for cue in CueChecks.warnings(for: question, choices: choices, name: name) {
            add(.warning, cue.message, cue.location)
        }
        if question.globalFeedback == nil, choices.allSatisfy({ $0.feedback == nil }) {
            add(.warning, "\(name) has no feedback; add '#why' after each choice, or '####' general feedback", nil)
        } else {
            // General feedback explains the idea, not why this particular choice fails.
            let silent = choices.indices.filter { choices[$0].fraction < 1 && choices[$0].feedback == nil }
            if !silent.isEmpty {
                let list = silent.map { "\(PresentedQuestion.letter($0))) \(choices[$0].text.text)" }
                add(.warning, "in \(name), wrong choice\(silent.count == 1 ? "" : "s") \(list.joined(separator: ", ")) \(silent.count == 1 ? "has" : "have") no feedback saying why \(silent.count == 1 ? "it is" : "they are") wrong", nil)
            }
        }
    }

    static func lintWeights(_ weights: [(Double?, GIFTSourceLocation)], add: (LintFinding.Severity, String, GIFTSourceLocation?) -> Void) {
        for case let (weight?, location) in weights where abs(weight) > 100 {
            add(.error, "weight \(GIFTNumericalValue.format(weight))% is out of range; expected -100% to 100%", location)
        }
    }

    static func warnDuplicates(_ choices: [GIFTChoice], name: String, add: (LintFinding.Severity, String, GIFTSourceLocation?) -> Void) {
        var seen: Set<String> = []
        for choice in choices where !seen.insert(choice.text.text.lowercased()).inserted {
            add(.warning, "answer '\(choice.text.text)' appears twice in \(name)", choice.location)
        }
    }
}
