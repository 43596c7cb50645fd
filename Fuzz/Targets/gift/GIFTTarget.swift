import Foundation
@testable import TutorQuiz

/// GIFT quizzes: the bytes go through the same decoding and parsing as a quiz file, then
/// the answer is checked: every error and every question names a line of the input and
/// reads as one clean line, the first error is the one `parse` throws, the linter copes
/// with whatever parsed, and the same file saved with CRLF line ends reads the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIFT(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let text: String
    do {
        text = try GIFTLexer.decode(Data(bytes))
    } catch {
        let message = error.inFile("quiz.gift").message
        FuzzCheck.cleanMessage(message, from: "GIFT decoding")
        FuzzCheck.lineExists(error.location.line, in: FuzzInput.text(bytes), message: message)
        return 0
    }

    let result = GIFTParser.parseAll(text)
    for error in result.errors {
        let message = error.inFile("quiz.gift").message
        FuzzCheck.cleanMessage(message, from: "GIFT")
        FuzzCheck.lineExists(error.location.line, in: text, message: message)
        FuzzCheck.expect(error.location.column >= 1, "column \(error.location.column) in \(message)")
    }
    for question in result.document.questions {
        FuzzCheck.lineExists(question.location.line, in: text, message: "the question \(question.displayName)")
    }
    do {
        let document = try GIFTParser.parse(text)
        FuzzCheck.expect(result.errors.isEmpty && document == result.document, "parse accepted what parseAll refused")
    } catch {
        FuzzCheck.expect(error == result.errors.first, "parse threw \(error), not the first error of parseAll")
    }

    let findings = GIFTLinter.lint([(path: "quiz.gift", result: result)])
    for finding in findings {
        // Lint quotes whole answers, as long as their author wrote them.
        FuzzCheck.cleanMessage(finding.message, from: "GIFT lint", maxLength: .max)
        FuzzCheck.lineExists(finding.location.line, in: text, message: finding.message)
    }
    _ = GIFTJSONEncoder.encode(result.document)

    let crlf = GIFTParser.parseAll(FuzzCheck.withCRLF(text))
    FuzzCheck.expect(crlf.document == result.document, "the CRLF copy parses to other questions")
    FuzzCheck.expect(crlf.errors == result.errors, "the CRLF copy has other errors: \(crlf.errors.map(\.message)) vs \(result.errors.map(\.message))")
    return 0
}
