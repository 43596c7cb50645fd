import Foundation
import Testing
@testable import TutorQuiz

/// The malformed files of the shared corpus get errors that say where and what was expected.
@Suite(.enabled(if: GIFTCorpus.isPresent, "../shared/gift-corpus is absent: the conformance corpus lives beside the package"))
struct GIFTErrorCorpusTests {
    func parseError(_ name: String) throws -> GIFTError? {
        let url = GIFTCorpus.folder.appendingPathComponent("errors/\(name).gift")
        do {
            _ = try GIFTParser.parseFile(at: url, displayPath: "errors/\(name).gift")
            return nil
        } catch let error as GIFTError {
            return error
        }
    }

    @Test func missingCurlyPointsAtTheOpenBrace() throws {
        let error = try #require(try parseError("missingCurly"))
        #expect(error.location == GIFTSourceLocation(line: 1, column: 21))
        #expect(error.message == "errors/missingCurly.gift:1:21: the answer block opened here is never closed; expected '}' before the end of the file (a blank line ends a question)")
    }

    @Test func missingAnswerNamesTheUnmarkedAnswer() throws {
        let error = try #require(try parseError("missingAnswer"))
        #expect(error.location == GIFTSourceLocation(line: 2, column: 5))
        #expect(error.reason == .textBeforeFirstAnswer("Correct Answer"))
    }

    @Test func missingTitleColonPointsAtTheStrayColons() throws {
        let error = try #require(try parseError("missingTitleColon"))
        #expect(error.location == GIFTSourceLocation(line: 1, column: 7))
        #expect(error.reason == .colonsInText)
        #expect(error.message.contains("expected a title only at the very start ('::Title::')"))
    }

    /// Moodle accepts an unescaped `=` in question text, so this file parses; only
    /// gift-pegjs is stricter. Lint warns about it instead.
    @Test func unescapedEqualsInTheStemParsesAsMoodleDoes() throws {
        #expect(try parseError("unescapedCharacters2") == nil)
    }

    /// `escapeBracket.gift` escapes both braces correctly (`b\{2,\}`); Moodle, gift-pegjs and
    /// gift-parser-ide's own parser-level test all read it as two good questions.
    @Test func escapedBracesParse() throws {
        let url = GIFTCorpus.folder.appendingPathComponent("errors/escapeBracket.gift")
        let document = try GIFTParser.parseFile(at: url, displayPath: "escapeBracket.gift")
        #expect(document.questions.count == 2)
        guard case let .multipleChoice(choices) = document.questions[0].kind else {
            Issue.record("expected a multiple-choice question")
            return
        }
        #expect(choices.map(\.text.text) == ["b{2,}", "bb*"])
    }
}
