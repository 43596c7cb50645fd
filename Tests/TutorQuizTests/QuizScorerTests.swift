import Testing
@testable import TutorQuiz
import TutorTerminal

/// Scoring as Moodle scores GIFT: weights, negative weights, tolerances, ranges, matching.
@Suite struct QuizScorerTests {
    func question(_ source: String) throws -> GIFTQuestion {
        try #require(try GIFTParser.parse(source).questions.first)
    }

    func credit(_ source: String, _ response: QuizResponse) throws -> Double {
        QuizScorer.score(try question(source), response).credit
    }

    @Test func singleChoiceRightWrongAndWeighted() throws {
        let source = "Q{=right#yes ~wrong#no ~%50%half#close}"
        #expect(try credit(source, .choice(0)) == 1)
        #expect(try credit(source, .choice(1)) == 0)
        #expect(try credit(source, .choice(2)) == 0.5)
        #expect(QuizScorer.score(try question(source), .choice(1)).feedback == [GIFTText(text: "no")])
    }

    @Test func multipleAnswersAddWeightsAndFloorAtZero() throws {
        let source = "Q{~%50%a ~%50%b ~%-100%c ~d}"
        #expect(try credit(source, .choices([0, 1])) == 1)
        #expect(try credit(source, .choices([0])) == 0.5)
        #expect(try credit(source, .choices([0, 1, 2])) == 0)
        #expect(try credit(source, .choices([0, 2])) == 0, "negative weights never take a question below zero")
        #expect(try credit(source, .choices([0, 1, 3])) == 1)
    }

    @Test func thirdsAddUpToFullCredit() throws {
        let source = "Q{~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-100%d}"
        #expect(abs(try credit(source, .choices([0, 1, 2])) - 0.9999999) < 1e-6)
        #expect(QuizScorer.score(try question(source), .choices([0, 1, 2])).verdict == .partlyRight)
    }

    @Test func trueFalseFeedbackSides() throws {
        let source = "Q{F#wrong side#right side}"
        let wrong = QuizScorer.score(try question(source), .trueFalse(true))
        let right = QuizScorer.score(try question(source), .trueFalse(false))
        #expect(wrong.credit == 0 && wrong.feedback.map(\.text) == ["wrong side"])
        #expect(right.credit == 1 && right.feedback.map(\.text) == ["right side"])
    }

    @Test func shortAnswerIgnoresCaseAndSpacesAndUsesTheFirstMatch() throws {
        let source = "Q{=NSCache =%50%Cache =%0%*#anything else}"
        #expect(try credit(source, .text("  nscache ")) == 1)
        #expect(try credit(source, .text("CACHE")) == 0.5)
        #expect(QuizScorer.score(try question(source), .text("dictionary")).feedback.map(\.text) == ["anything else"])
        #expect(try credit("Q{=ns*cache}", .text("NS Cache")) == 1)
        #expect(try credit("Q{=ns*cache}", .text("cache")) == 0)
    }

    @Test func numericalExactToleranceAndRange() throws {
        #expect(try credit("Q{#20}", .number(20)) == 1)
        #expect(try credit("Q{#20}", .number(20.5)) == 0)
        #expect(try credit("Q{#0.3}", .number(0.1 + 0.2)) == 1)
        #expect(try credit("Q{#3.14:0.01}", .number(3.15)) == 1)
        #expect(try credit("Q{#3.14:0.01}", .number(3.16)) == 0)
        #expect(try credit("Q{#1..5}", .number(1)) == 1)
        #expect(try credit("Q{#1..5}", .number(5.01)) == 0)
        #expect(try credit("Q{#-5..-1}", .number(-3)) == 1)
    }

    @Test func numericalWeightedAlternativesInOrder() throws {
        let source = "Q{#=1024:0#exact =%50%1000:50#close ~#far}"
        #expect(try credit(source, .number(1024)) == 1)
        #expect(try credit(source, .number(980)) == 0.5)
        let far = QuizScorer.score(try question(source), .number(1))
        #expect(far.credit == 0 && far.feedback.map(\.text) == ["far"])
    }

    @Test func matchingCreditPerPair() throws {
        let source = "Q{=LRU -> by use =FIFO -> by age =Random -> by chance = -> by size}"
        #expect(try credit(source, .matches(["by use", "by age", "by chance"])) == 1)
        #expect(abs(try credit(source, .matches(["by use", "by size", "by age"])) - 1.0 / 3) < 1e-9)
        #expect(try credit(source, .matches(["by size", "by size", "by size"])) == 0)
    }

    @Test func aResponseOfTheWrongShapeEarnsNothing() throws {
        #expect(try credit("Q{T}", .choice(0)) == 0)
        #expect(try credit("Q{=a ~b}", .choice(7)) == 0)
    }

    @Test func rightAnswersInWords() throws {
        #expect(QuizScorer.rightAnswer(try question("Q{~%50%a ~%50%b ~c}")) == "a + b")
        #expect(QuizScorer.rightAnswer(try question("Q{#3.14:0.01}")) == "3.14 ± 0.01")
        #expect(QuizScorer.rightAnswer(try question("Q{=x -> 1 =y -> 2}")) == "x → 1; y → 2")
    }
}

/// GIFT text as a terminal shows it.
@Suite struct QuizTextRendererTests {
    @Test func htmlBecomesText() {
        let text = GIFTText(format: .html, text: "<p>Use <b>NSCache</b> &amp; friends.</p><ul><li>one</li><li>two</li></ul>")
        #expect(QuizTextRenderer.render(text) == "Use NSCache & friends.\n• one\n• two")
    }

    @Test func markdownBoldIsDrawnBold() {
        let style = TerminalStyle(colorEnabled: true, width: 80)
        #expect(QuizTextRenderer.render(GIFTText(format: .markdown, text: "a **b** c"), style: style) == "a \u{1B}[1mb\u{1B}[0m c")
        #expect(QuizTextRenderer.render(GIFTText(format: .markdown, text: "a **b** c")) == "a b c")
    }

    @Test func moodleTextIsKept() {
        #expect(QuizTextRenderer.render(GIFTText(text: "a <b> c")) == "a <b> c")
    }
}
