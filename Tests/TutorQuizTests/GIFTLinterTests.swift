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
        #expect(warnings("Q{=a ~b ####explained here}").isEmpty)
    }

    @Test func otherChecks() {
        #expect(errors("Q{=only#x}").isEmpty, "a lone '=' is a short answer")
        #expect(errors("Q{#5..1#x}").contains { $0.contains("runs backwards") })
        #expect(errors("Q{=a -> b ####x}").contains { $0.contains("expected at least two") })
        #expect(warnings("Q{true#x}").contains { $0.contains("for true/false write {T}") })
        #expect(warnings("1+1=2 {T#x#y}") == ["unescaped '=' in question text: Moodle reads it as text but gift-pegjs rejects it; write '\\='"])
    }
}
