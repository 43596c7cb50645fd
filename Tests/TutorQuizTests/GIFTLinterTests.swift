import Testing
@testable import TutorQuiz

/// Lint: errors for quizzes that cannot be scored as meant, warnings for weaker ones.
@Suite struct GIFTLinterTests {
    func findings(_ source: String) -> [LintFinding] {
        GIFTLinter.lint([(path: "q.gift", result: GIFTParser.parseAll(source))])
    }

    func errors(_ source: String) -> [String] {
        findings(source).filter { $0.severity == .error }.map(\.message)
    }

    func warnings(_ source: String) -> [String] {
        findings(source).filter { $0.severity == .warning }.map(\.message)
    }

    /// Found by the fuzzer (on the shared corpus): lint quoted answers holding line breaks,
    /// so one finding spread over several lines.
    @Test func aFindingIsOneLineWhateverTheAnswerHolds() {
        let all = findings("Q?{=one\\nline\u{7} ~two ~one\\nline\u{7}}")
        #expect(!all.isEmpty)
        for finding in all {
            #expect(!finding.formatted.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(finding.formatted)")
        }
    }

    @Test func aGoodQuestionIsClean() {
        #expect(findings("::A:: Q?{=right#why ~wrong#why not}").isEmpty)
    }

    @Test func parseErrorsAreErrorsWithTheirPosition() {
        let found = findings("Q?{=a\n\nb}")
        #expect(found.map(\.formatted).first == "q.gift:1:3: error: the answer block opened here is never closed; expected '}' before the blank line at line 2 (a blank line ends a question)")
    }

    @Test func choiceQuestionWithoutARightAnswer() {
        #expect(errors("Q{~a#x ~b#y}").contains { $0.contains("has no right answer") })
        #expect(errors("Q{=%50%a#x ~b#y}").contains { $0.contains("no choice worth full credit") })
    }

    @Test func multipleAnswerWeightsMustAddUpTo100() {
        #expect(errors("Q{~%50%a ~%40%b ~%-100%c ####why}") == ["the positive weights of 'Q' add up to 90%; expected 100% so that choosing every right answer earns full credit"])
        #expect(errors("Q{~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-100%d ####why}").isEmpty)
        #expect(errors("Q{~%150%a ~b ####why}").contains { $0.contains("out of range") })
    }

    @Test func duplicateTitlesInAFileAreErrorsAcrossFilesWarnings() {
        #expect(errors("::Same:: A{T#x#y}\n\n::Same:: B{F#x#y}") == ["title 'Same' is already used at line 1; titles name questions in results, so each must be unique"])
        let across = GIFTLinter.lint([
            (path: "a.gift", result: GIFTParser.parseAll("::Same:: A{T#x#y}")),
            (path: "b.gift", result: GIFTParser.parseAll("::Same:: B{T#x#y}")),
        ])
        #expect(across.map(\.formatted) == ["b.gift:1:1: warning: title 'Same' is also used in a.gift"])
    }

    @Test func missingFeedbackIsAWarning() {
        #expect(errors("Q{T}").isEmpty)
        #expect(warnings("Q{T}") == ["'Q' has no feedback; add '#why it is wrong#why it is right' after T or F, or '####' general feedback"])
        #expect(warnings("Q{=a#yes ~b#no ~c}") == ["in 'Q', wrong choice c) c has no feedback saying why it is wrong"])
        #expect(warnings("Q{=a ~b ####explained here}") == ["in 'Q', wrong choice b) b has no feedback saying why it is wrong"], "general feedback explains the idea, not each wrong choice")
        #expect(warnings("Q{#\n=4:0.5#right\n####why}") == ["numerical 'Q' says nothing to a wrong number; add '=%0%VALUE#why it is wrong' for a tempting mistake"])
        #expect(warnings("Q{#\n=4:0.5#right\n=%0%16#squared, not doubled\n}").isEmpty)
        #expect(warnings("Q{=cache#yes =store ####why}") == ["answer 'store' of 'Q' has no feedback while the others do; add '#…' after it"])
    }

    /// Five questions; the right answer of each sits at `positions[i]` of its four choices,
    /// all of one length, so that only the position can be a cue.
    func quizFile(rightAt positions: [Int]) -> String {
        positions.enumerated().map { number, position in
            let choices = (0..<4).map { index in
                index == position ? "=choice \(number).\(index)#why it is right" : "~choice \(number).\(index)#why it is wrong"
            }
            return "::Q\(number):: Question \(number)?{\n" + choices.joined(separator: "\n") + "\n}"
        }.joined(separator: "\n\n")
    }

    @Test func rightAnswersAlwaysFirstAreCaught() {
        let found = warnings(quizFile(rightAt: [0, 0, 0, 0, 0]))
        #expect(found == ["right answers sit at position a in 5 of 5 questions; placed at random that happens with probability 0.00098; move some right answers to other positions"])
        #expect(findings(quizFile(rightAt: [0, 0, 0, 0, 0])).first?.location.line == 1)
    }

    @Test func rightAnswersSpreadOverThePositionsPass() {
        #expect(warnings(quizFile(rightAt: [2, 0, 3, 1, 1])).isEmpty)
        #expect(warnings(quizFile(rightAt: [1, 1, 1, 0, 2])).isEmpty, "three of five in one place happens by chance")
    }

    @Test func aChoiceRepeatedByAnotherQuestionIsAWarning() {
        let source = "::A:: First?{=right#yes ~a plain dictionary#no}\n\n::B:: Second?{=other#yes ~A plain dictionary#no}"
        #expect(warnings(source) == ["choice 'A plain dictionary' repeats a choice of 'A' (line 1); a learner who remembers one can answer the other without reading it"])
    }

    @Test func thePoissonBinomialTailIsExact() {
        #expect(abs(AnswerPositionCheck.upperTail([0.5, 0.5], atLeast: 1) - 0.75) < 1e-12)
        #expect(abs(AnswerPositionCheck.upperTail([0.25, 0.5, 1], atLeast: 3) - 0.125) < 1e-12)
        #expect(abs(AnswerPositionCheck.upperTail([0.3, 0.3], atLeast: 0) - 1) < 1e-12)
    }

    @Test func otherChecks() {
        #expect(errors("Q{=only#x}").isEmpty, "a lone '=' is a short answer")
        #expect(errors("Q{#5..1#x}").contains { $0.contains("runs backwards") })
        #expect(errors("Q{=a -> b ####x}").contains { $0.contains("expected at least two") })
        #expect(warnings("Q{true#x}").contains { $0.contains("for true/false write {T}") })
        #expect(warnings("1+1=2 {T#x#y}") == ["unescaped '=' in question text: Moodle reads it as text but gift-pegjs rejects it; write '\\='"])
    }
}
