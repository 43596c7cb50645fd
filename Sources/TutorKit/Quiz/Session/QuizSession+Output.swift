import TutorTerminal

/// What a session writes: questions, feedback, scores and the review.
extension QuizSession {
    func show(_ presented: PresentedQuestion, number: Int?, of total: Int) {
        let question = presented.question
        guard let number else {
            paragraph(QuizTextRenderer.render(question.stem, style: style))
            return
        }
        var header = "Question \(number) of \(total)"
        if let title = question.title { header += " · \(title)" }
        console.line(style.paint(header, .bold, .cyan))
        paragraph(QuizTextRenderer.render(question.stem, style: style))
        switch question.kind {
        case let .multipleChoice(choices):
            for (position, index) in presented.choiceOrder.enumerated() {
                paragraph(QuizTextRenderer.render(choices[index].text, style: style), indent: "  \(PresentedQuestion.letter(position))) ", continuation: "     ")
            }
        case let .matching(pairs):
            for (position, index) in presented.itemOrder.enumerated() {
                paragraph(QuizTextRenderer.render(pairs[index].subquestion, style: style), indent: "  \(position + 1). ", continuation: "     ")
            }
            console.line("  matches:")
            for (position, option) in presented.matchOptions.enumerated() {
                paragraph(option, indent: "  \(PresentedQuestion.letter(position))) ", continuation: "     ")
            }
        default:
            break
        }
        let hint = QuizAnswerParser.hint(for: presented)
        if !hint.isEmpty { console.line(style.paint("(\(hint))", .dim)) }
    }

    func showFeedback(for answered: AnsweredQuestion, presented: PresentedQuestion) {
        let question = answered.question
        guard let score = answered.score else {
            if let general = question.globalFeedback { paragraph(QuizTextRenderer.render(general, style: style), indent: "  ") }
            console.line()
            return
        }
        switch score.verdict {
        case .right: console.line(style.paint("✓ Right.", .green, .bold))
        case .partlyRight: console.line(style.paint("◐ Partly right: \(Self.percent(score.credit)) of the credit.", .yellow, .bold))
        case .wrong: console.line(style.paint("✗ Not right.", .red, .bold))
        }
        switch (question.kind, answered.response) {
        case let (.multipleChoice(choices), .choice(index)):
            explainChoices(chosen: [index], choices: choices, presented: presented, verdict: score.verdict)
        case let (.multipleChoice(choices), .choices(picked)):
            explainChoices(chosen: picked.sorted(), choices: choices, presented: presented, verdict: score.verdict)
        case let (.matching(pairs), .matches(chosen)):
            for (pair, answer) in zip(pairs.filter { !$0.isDistractor }, chosen) {
                let isRight = pair.subanswer == answer
                let mark = isRight ? style.paint("✓", .green) : style.paint("✗", .red)
                let said = isRight ? "" : " (you said: \(answer))"
                paragraph("\(mark) \(QuizTextRenderer.render(pair.subquestion, style: style)) → \(pair.subanswer)\(said)", indent: "  ", continuation: "    ")
            }
        default:
            for feedback in score.feedback { paragraph(QuizTextRenderer.render(feedback, style: style), indent: "  ") }
            if score.verdict != .right, !score.rightAnswer.isEmpty {
                paragraph("The answer: \(score.rightAnswer).", indent: "  ")
            }
        }
        if let general = question.globalFeedback { paragraph(QuizTextRenderer.render(general, style: style), indent: "  ") }
        console.line()
    }

    /// Says why each chosen answer is right or wrong and, when the learner missed, why the
    /// right ones are right.
    func explainChoices(chosen: [Int], choices: [GIFTChoice], presented: PresentedQuestion, verdict: QuizScore.Verdict) {
        func label(_ index: Int) -> String {
            let position = presented.choiceOrder.firstIndex(of: index) ?? index
            return "\(PresentedQuestion.letter(position))) \(QuizTextRenderer.render(choices[index].text, style: style))"
        }
        let several = presented.allowsSeveralChoices
        for index in chosen {
            let choice = choices[index]
            let prefix = verdict == .right ? "" : (several ? "You picked " : "You chose ")
            var line = prefix + label(index)
            if several, verdict != .right { line += choice.fraction > 0 ? " (right)" : " (wrong)" }
            if let feedback = choice.feedback { line += ": " + QuizTextRenderer.render(feedback, style: style) }
            paragraph(line, indent: "  ", continuation: "    ")
        }
        guard verdict != .right else { return }
        let right = choices.indices.filter { several ? choices[$0].fraction > 0 : choices[$0].fraction >= 1 }
        let missing = right.filter { !chosen.contains($0) }
        for index in missing {
            var line = (several ? "Also right: " : "The answer: ") + label(index)
            if let feedback = choices[index].feedback { line += ": " + QuizTextRenderer.render(feedback, style: style) }
            paragraph(line, indent: "  ", continuation: "    ")
        }
    }

    func printSummary(of result: QuizResult) {
        let answeredScored = result.answers.filter { $0.score != nil }.count
        guard result.completed || answeredScored > 0 else {
            console.line(style.paint("No question answered, so there is no score.", .bold))
            console.line()
            return
        }
        var line = "Score: \(Self.points(result.score)) / \(result.maxScore)"
        if result.maxScore > 0 { line += " (\(Self.percent(result.score / Double(result.maxScore))))" }
        if !result.completed { line += " so far: \(answeredScored) of \(result.scoredQuestionCount) scored questions answered" }
        console.line(style.paint(line, .bold))
        let missed = result.missed
        guard !missed.isEmpty else {
            if result.completed, result.maxScore > 0 { console.line("Every question right.") }
            console.line()
            return
        }
        console.line()
        console.line(style.paint("Review of what you missed:", .bold))
        for answered in missed {
            let credit = answered.score.map { " (\(Self.percent($0.credit)))" } ?? ""
            console.line("  \(answered.number). \(answered.question.displayName)\(credit)")
            paragraph("You answered: \(answered.responseText)", indent: "     ")
            if let right = answered.score?.rightAnswer, !right.isEmpty { paragraph("Right answer: \(right)", indent: "     ") }
            if let why = whyRight(answered.question) { paragraph("Why: " + QuizTextRenderer.render(why, style: style), indent: "     ") }
        }
        console.line()
    }

    /// The feedback that explains the right answer: the general one, else the full-credit answer's.
    ///
    /// The general feedback comes first because it explains the question to everyone, while
    /// the right answer's own feedback is written for someone who chose it ("Right. …"),
    /// which reads oddly in a review of what the learner missed.
    func whyRight(_ question: GIFTQuestion) -> GIFTText? {
        if let general = question.globalFeedback { return general }
        switch question.kind {
        case let .multipleChoice(choices), let .shortAnswer(choices):
            return choices.first { $0.fraction >= 1 && $0.feedback != nil }?.feedback ?? question.globalFeedback
        case let .numerical(numerical):
            return numerical.answers.first { $0.fraction >= 1 && $0.feedback != nil }?.feedback ?? question.globalFeedback
        case let .trueFalse(answer):
            return answer.rightAnswerFeedback ?? answer.wrongAnswerFeedback ?? question.globalFeedback
        default:
            return question.globalFeedback
        }
    }

    func printTotal(_ results: [QuizResult]) {
        let score = results.map(\.score).reduce(0, +)
        let max = results.map(\.maxScore).reduce(0, +)
        var line = "Total: \(Self.points(score)) / \(max)"
        if max > 0 { line += " (\(Self.percent(score / Double(max))))" }
        console.line(style.paint(line + " over \(results.count) quizzes", .bold))
    }

    /// Writes `text` wrapped, keeping lines that start with spaces (code) as they are.
    func paragraph(_ text: String, indent: String = "", continuation: String? = nil) {
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let lead = first ? indent : (continuation ?? indent)
            if line.first == " " || line.first == "\t" {
                console.line(lead + line)
            } else {
                for wrapped in TextWrapper.wrap(String(line), width: style.width, indent: lead, continuationIndent: continuation ?? indent) {
                    console.line(wrapped)
                }
            }
            first = false
        }
    }

    /// `0.5` as `50%`, `0.333…` as `33%`.
    static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded()))%"
    }

    /// Points with at most two decimals: `7`, `7.5`, `6.67`.
    static func points(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return GIFTNumericalValue.format(rounded)
    }
}
