import Testing
@testable import TutorQuiz

/// One test per GIFT construct, on small inputs written for these tests.
@Suite struct GIFTParserTests {
    func only(_ source: String) throws -> GIFTQuestion {
        let questions = try GIFTParser.parse(source).questions
        try #require(questions.count == 1)
        return questions[0]
    }

    func choices(_ source: String) throws -> [GIFTChoice] {
        switch try only(source).kind {
        case let .multipleChoice(choices), let .shortAnswer(choices): return choices
        default: throw KindMismatch()
        }
    }

    struct KindMismatch: Error {}

    @Test func titleAndStem() throws {
        let question = try only("::Hit rate::Why do caches exist?{=speed ~fun}")
        #expect(question.title == "Hit rate")
        #expect(question.stem == GIFTText(format: .moodle, text: "Why do caches exist?"))
        #expect(question.location == GIFTSourceLocation(line: 1, column: 1))
    }

    @Test func commentsAreDroppedAndQuestionsSplitOnBlankLines() throws {
        let document = try GIFTParser.parse("// heading\nFirst?{T}\n   \n// between\nSecond?{F}\n// trailing\n")
        #expect(document.questions.map(\.stem.text) == ["First?", "Second?"])
        #expect(document.questions[1].location == GIFTSourceLocation(line: 5, column: 1))
    }

    @Test func category() throws {
        let document = try GIFTParser.parse("$CATEGORY: $course$/top/Caching\n\nQ?{T}")
        #expect(document.items.first == .category("$course$/top/Caching", location: GIFTSourceLocation(line: 1, column: 1)))
        #expect(document.questions.count == 1)
    }

    @Test func textFormats() throws {
        let question = try only("[html]<p>Pick</p>{=[plain]<b>raw</b>#[markdown]*why* ~<i>x</i>}")
        #expect(question.stem.format == .html)
        let answers = try choices("[html]<p>Pick</p>{=[plain]<b>raw</b>#[markdown]*why* ~<i>x</i>}")
        #expect(answers[0].text == GIFTText(format: .plain, text: "<b>raw</b>"))
        #expect(answers[0].feedback == GIFTText(format: .markdown, text: "*why*"))
        #expect(answers[1].text.format == .html, "answers inherit the question's format")
    }

    @Test func singleChoice() throws {
        let answers = try choices("Which policy evicts the oldest entry?{=FIFO#first in, first out ~LRU#by use, not age}")
        #expect(answers.map(\.isCorrect) == [true, false])
        #expect(answers[1].feedback?.text == "by use, not age")
        #expect(answers.map(\.fraction) == [1, 0])
    }

    @Test func multipleAnswersWithWeights() throws {
        let answers = try choices("Which are NSCache methods?{~%50%object(forKey:) ~%50%setObject(_:forKey:) ~%-100%evictAll()}")
        #expect(answers.map(\.weight) == [50, 50, -100])
        #expect(answers.allSatisfy { !$0.isCorrect })
        #expect(answers[2].fraction == -1)
    }

    @Test func fractionalWeights() throws {
        let answers = try choices("Pick three.{~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-100%d}")
        #expect(answers[0].weight == 33.33333)
    }

    @Test func generalFeedbackLastOneWins() throws {
        let question = try only("Q?{=a ~b ####first #### second}")
        #expect(question.globalFeedback?.text == "second")
    }

    @Test func trueFalseWithOneAndTwoFeedbacks() throws {
        guard case let .trueFalse(one) = try only("NSCache copies keys.{F#It retains them.}").kind,
              case let .trueFalse(two) = try only("Q{TRUE#wrong side#right side}").kind else {
            throw KindMismatch()
        }
        #expect(one == GIFTTrueFalse(isTrue: false, wrongAnswerFeedback: GIFTText(text: "It retains them.")))
        #expect(two.wrongAnswerFeedback?.text == "wrong side")
        #expect(two.rightAnswerFeedback?.text == "right side")
    }

    @Test func lowercaseTrueIsAShortAnswerAsInMoodle() throws {
        guard case .shortAnswer = try only("Q{true}").kind else { throw KindMismatch() }
    }

    @Test func shortAnswer() throws {
        let answers = try choices("Which class caches objects?{=NSCache =%50%Cache#close}")
        #expect(answers.map(\.text.text) == ["NSCache", "Cache"])
        #expect(answers.map(\.fraction) == [1, 0.5])
        let bare = try choices("Name it.{NSCache}")
        #expect(bare.map(\.text.text) == ["NSCache"])
    }

    @Test func numericalForms() throws {
        func numerical(_ source: String) throws -> GIFTNumerical {
            guard case let .numerical(value) = try only(source).kind else { throw KindMismatch() }
            return value
        }
        #expect(try numerical("Q{#20}").answers.map(\.value) == [.exact(20)])
        #expect(try numerical("Q{#3.14:0.01}").answers.map(\.value) == [.tolerance(3.14, margin: 0.01)])
        #expect(try numerical("Q{#-5..5}").answers.map(\.value) == [.range(low: -5, high: 5)])
        let list = try numerical("Q{#\n=1024:0#exact\n=%50%1000:24#close\n~#far off}")
        #expect(list.isList)
        #expect(list.answers.map(\.fraction) == [1, 0.5, 0])
        #expect(list.answers[2].value == nil)
        #expect(list.answers[2].feedback?.text == "far off")
    }

    @Test func matchingWithDistractor() throws {
        guard case let .matching(pairs) = try only("Match.{=LRU -> least recently used =FIFO -> first in =-> random}").kind else { throw KindMismatch() }
        #expect(pairs.map(\.subanswer) == ["least recently used", "first in", "random"])
        #expect(pairs.map(\.isDistractor) == [false, false, true])
    }

    @Test func missingWord() throws {
        let question = try only("An {=NSCache ~Array} evicts on its own.")
        #expect(question.hasEmbeddedAnswers)
        #expect(question.stem.text == "An _____ evicts on its own.")
    }

    @Test func trailingCommentIsNotMissingWordText() throws {
        let question = try only("Q?{T} // a note")
        #expect(!question.hasEmbeddedAnswers)
    }

    @Test func essayAndDescription() throws {
        let document = try GIFTParser.parse("Read this first.\n\nExplain eviction.{}")
        #expect(document.questions.map(\.kind) == [.description, .essay])
        #expect(document.questions.map(\.isScored) == [false, false])
    }

    @Test func escapes() throws {
        let question = try only(##"Braces \{ \} colon \: tilde \~ equals \= hash \# line\nbreak backslash \\{=a\=b}"##)
        #expect(question.stem.text == "Braces { } colon : tilde ~ equals = hash # line\nbreak backslash \\")
        #expect(try choices(#"Q{=a\=b}"#).map(\.text.text) == ["a=b"])
    }

    @Test func multiLineQuestionsCollapseInMoodleFormatAndKeepLinesInHTML() throws {
        #expect(try only("A question\n  over two lines?{T}").stem.text == "A question over two lines?")
        #expect(try only("[html]<pre>\n  kept\n</pre>{T}").stem.text == "<pre>\n  kept\n</pre>")
    }

    @Test func byteOrderMarkAndWindowsLineEndings() throws {
        let document = try GIFTParser.parse("\u{FEFF}First?{T}\r\n\r\nSecond?{F}\r\n")
        #expect(document.questions.count == 2)
        #expect(document.questions[0].location == GIFTSourceLocation(line: 1, column: 1))
        #expect(document.questions[1].location.line == 3)
    }

    @Test func idAndTagsFromComments() throws {
        let question = try only("// [id:lru-1] [tag:eviction]\n// [tag:lesson-05]\nQ?{T}")
        #expect(question.id == "lru-1")
        #expect(question.tags == ["eviction", "lesson-05"])
    }

    @Test func invalidUTF8IsAnError() throws {
        #expect(throws: GIFTError(.invalidUTF8, at: GIFTSourceLocation(line: 2, column: 3))) {
            _ = try GIFTLexer.decode(Data([0x51, 0x0A, 0x41, 0x42, 0xFF]))
        }
    }

    /// Found while reading what the fuzzer exercised: the byte's line counted only `\n`,
    /// while the questions' lines count `\r\n` and a lone `\r` as the lexer does.
    @Test func invalidUTF8IsPlacedOnTheLineTheLexerCounts() throws {
        #expect(throws: GIFTError(.invalidUTF8, at: GIFTSourceLocation(line: 3, column: 2))) {
            _ = try GIFTLexer.decode(Data([0x51, 0x0D, 0x51, 0x0D, 0x0A, 0x41, 0xFF]))
        }
    }
}

import Foundation

/// One test per error: each says where and what was expected.
@Suite struct GIFTParserErrorTests {
    func error(_ source: String) -> GIFTError? {
        do {
            _ = try GIFTParser.parse(source)
            return nil
        } catch {
            return error
        }
    }

    @Test func blankLineInsideAnswers() {
        let found = error("Q?{\n=a\n\n~b}")
        #expect(found == GIFTError(.unclosedAnswerBlock(endLine: 2, atEndOfFile: false), at: GIFTSourceLocation(line: 1, column: 3)))
        #expect(found?.description.contains("before the blank line at line 3") == true)
    }

    /// Found by the fuzzer: the text an error quotes kept its control characters, so a quiz
    /// file could repaint the author's terminal from a lint run.
    @Test func quotedTextIsEscapedAndShort() {
        let found = error("Q?{\u{1B}[2J" + String(repeating: "w", count: 400) + " =a ~b}")
        guard case .textBeforeFirstAnswer = found?.reason else {
            Issue.record("\(String(describing: found))")
            return
        }
        #expect(found?.message.hasPrefix("<input>:1:4: answer text '\\u{1B}[2Jwww") == true, "\(found?.message ?? "")")
        #expect(found?.message.contains("…' has no marker") == true)
        #expect(found.map { $0.message.count < 250 } == true)
    }

    @Test func strayClosingBrace() {
        #expect(error("Q } {T}")?.reason == .strayClosingBrace)
        #expect(error("just text }")?.location == GIFTSourceLocation(line: 1, column: 11))
    }

    @Test func twoQuestionsWithoutABlankLine() {
        #expect(error("One?{T}\nTwo?{F}") == GIFTError(.secondAnswerBlock, at: GIFTSourceLocation(line: 2, column: 5)))
    }

    @Test func unclosedTitle() {
        #expect(error("::Title without end {T}") == GIFTError(.unclosedTitle, at: GIFTSourceLocation(line: 1, column: 1)))
    }

    @Test func titleAlone() {
        #expect(error("::Only a title::")?.reason == .missingQuestionText)
    }

    @Test func badWeight() {
        #expect(error("Q{~%5O%a ~b}") == GIFTError(.badWeight("5O"), at: GIFTSourceLocation(line: 1, column: 4)))
    }

    @Test func badNumber() {
        #expect(error("Q{#twelve}")?.reason == .badNumber("twelve"))
        #expect(error("Q{#}")?.reason == .missingNumber)
    }

    @Test func matchingPairWithoutArrow() {
        #expect(error("Q{=a -> b =c d}") == GIFTError(.missingArrow("c d"), at: GIFTSourceLocation(line: 1, column: 11)))
        #expect(error("Q{=a -> b =c ->}")?.reason == .missingMatch)
    }

    @Test func emptyAnswer() {
        #expect(error("Q{= ~b}")?.reason == .emptyAnswer)
    }

    @Test func categoryMustStandAlone() {
        #expect(error("$CATEGORY: x\nQ?{T}")?.reason == .categoryNotAlone)
    }

    @Test func parseAllKeepsGoingAfterAnError() {
        let result = GIFTParser.parseAll("Bad {\n\nGood?{T}\n\nAlso bad }")
        #expect(result.document.questions.count == 1)
        #expect(result.errors.map(\.location.line) == [1, 5])
    }
}
