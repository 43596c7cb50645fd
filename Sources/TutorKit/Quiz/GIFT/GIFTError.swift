import TutorTerminal

/// A GIFT file that cannot be read as questions: where, what is wrong, and what was expected.
///
///     Quizzes/05-eviction.gift:12:3: the answer block opened here is never closed; expected '}' before the blank line at line 15
public struct GIFTError: UserFacingError, Equatable {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The file is not UTF-8 text.
        case invalidUTF8
        /// `{` with no `}` before the question ends; `endLine` is the question's last line.
        case unclosedAnswerBlock(endLine: Int, atEndOfFile: Bool)
        /// `}` with no `{` before it.
        case strayClosingBrace
        /// A second `{` after a question's answer block.
        case secondAnswerBlock
        /// `::` opened a title that never closes.
        case unclosedTitle
        /// `::` inside question text, away from the start of the question.
        case colonsInText
        /// A title with nothing after it.
        case missingQuestionText
        /// Text before the first `=` or `~` of an answer list.
        case textBeforeFirstAnswer(String)
        /// A `=`/`~` answer with no text.
        case emptyAnswer
        /// `%…%` that is not a percentage.
        case badWeight(String)
        /// A numerical answer that is not a number, a tolerance or a range.
        case badNumber(String)
        /// `{#}` with no number.
        case missingNumber
        /// A matching pair without `->`.
        case missingArrow(String)
        /// A matching pair with nothing after `->`.
        case missingMatch
        /// More lines after `$CATEGORY:` in the same block.
        case categoryNotAlone
    }

    /// The file as the user named it, if the text came from a file.
    public var file: String?
    /// Where the problem is.
    public var location: GIFTSourceLocation
    /// What is wrong.
    public var reason: Reason

    /// An error at `location`.
    public init(_ reason: Reason, at location: GIFTSourceLocation, file: String? = nil) {
        self.reason = reason
        self.location = location
        self.file = file
    }

    /// The same error, naming `file`.
    public func inFile(_ file: String) -> GIFTError {
        var copy = self
        copy.file = file
        return copy
    }

    /// What is wrong and what was expected, without the file and position.
    public var description: String {
        switch reason {
        case .invalidUTF8:
            return "the file is not UTF-8 text; expected a GIFT file saved as UTF-8"
        case let .unclosedAnswerBlock(endLine, atEndOfFile):
            let end = atEndOfFile ? "the end of the file" : "the blank line at line \(endLine + 1)"
            return "the answer block opened here is never closed; expected '}' before \(end) (a blank line ends a question)"
        case .strayClosingBrace:
            return "'}' without an opening '{'; expected '{' to start the answers, or '\\}' for a literal brace"
        case .secondAnswerBlock:
            return "a second answer block in one question; expected a blank line between two questions, or '\\{' for a literal brace"
        case .unclosedTitle:
            return "the title opened with '::' is never closed; expected '::' after the title"
        case .colonsInText:
            return "'::' inside the question text; expected a title only at the very start ('::Title::'), or '\\:' for a literal colon"
        case .missingQuestionText:
            return "a title with no question after it; expected question text or an answer block"
        case let .textBeforeFirstAnswer(text):
            return "answer text '\(MessageText.excerpt(text))' has no marker; expected '=' (right) or '~' (wrong) before each answer"
        case .emptyAnswer:
            return "an answer with no text; expected text after '=' or '~'"
        case let .badWeight(text):
            return "weight '%\(MessageText.excerpt(text))%' is not a percentage; expected a number like %50% or %-33.33333%"
        case let .badNumber(text):
            return "'\(MessageText.excerpt(text))' is not a numerical answer; expected a number like 42, 3.14:0.01 (with a margin) or 1..5 (a range)"
        case .missingNumber:
            return "a numerical question with no answer; expected a number after '#'"
        case let .missingArrow(text):
            return "matching pair '\(MessageText.excerpt(text))' has no '->'; expected '=item -> match'"
        case .missingMatch:
            return "a matching pair with nothing after '->'; expected the item's match"
        case .categoryNotAlone:
            return "more text after a $CATEGORY line; expected a blank line after it (a category stands alone)"
        }
    }

    /// `file:line:column: what is wrong`, on one line whatever the file held.
    public var message: String {
        MessageText.escaped("\(file ?? "<input>"):\(location.line):\(location.column): \(description)")
    }

    public var exitCode: ExitCode { .dataError }
}
