import TutorTerminal

/// Why a lesson file (or a course folder of them) is not a valid course.
///
/// Every message names the file and, where there is one, the line:
///
///     Lessons/05-eviction.md:42: unknown directive ':::tryit'; did you mean ':::try'?
public struct LessonError: UserFacingError, Equatable, Sendable {
    /// The file as the user knows it, `Lessons/05-eviction.md`.
    public var file: String
    /// The 1-based line, if the problem sits on one.
    public var line: Int?
    /// What is wrong.
    public var problem: Problem

    /// An error in `file` at `line`.
    public init(file: String, line: Int?, _ problem: Problem) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    /// The kinds of problem a lesson can have.
    public enum Problem: Equatable, Sendable {
        /// The file name is not `NN-slug.md`.
        case badFileName(String)
        /// The file could not be read.
        case unreadable(reason: String)
        /// The first non-blank line is not `# Title`.
        case missingTitle
        /// No `:::goal` block before the first page.
        case missingGoal
        /// A `:::goal` block with no text.
        case emptyGoal
        /// A second `:::goal`.
        case duplicateGoal(firstLine: Int)
        /// `:::goal` after a page.
        case goalAfterPage
        /// No `:::page` at all.
        case missingPages
        /// A page with no text.
        case emptyPage(title: String)
        /// A `:::hint` block with no text.
        case emptyHint
        /// `:::name` that is not a directive.
        case unknownDirective(String, suggestion: String?)
        /// A directive that needs text after its name (`:::page TITLE`) has none.
        case missingArgument(directive: String, what: String)
        /// A directive that takes no text on its line has some.
        case unexpectedArgument(directive: String)
        /// A directive where it may not stand (`:::try` outside a page, `:::page` inside one).
        case misplaced(directive: String, reason: String)
        /// A block never closed with `:::`.
        case unclosedBlock(directive: String)
        /// A code fence never closed.
        case unclosedFence(fence: String)
        /// A `:::` that closes nothing.
        case strayClose
        /// Text where only directives may stand.
        case textOutsidePage
        /// A second try-it step on one page.
        case secondTryStep(firstLine: Int)
        /// A try-it step with no `expect:` line.
        case tryWithoutExpect
        /// A condition about a Swift run on a playground step, or the other way round.
        case conditionForOtherStep(condition: String, swiftStep: Bool)
        /// A `setup:` line in a Swift step, whose program starts from nothing.
        case setupInSwiftStep
        /// A line in a try-it step that is not `key: value`, or has an unknown key.
        case badTryLine(key: String?, suggestion: String?)
        /// A `setup:`, `expect:` or `hint:` with nothing after it.
        case emptyTryValue(key: String)
        /// An `expect:` line that is not a condition.
        case badCondition(TryConditionError)
        /// `hint WORDS:` where WORDS is not `until CONDITION`.
        case badHintGoal(String)
        /// `hint until CONDITION:` in a Swift step.
        case hintGoalInSwiftStep
        /// A second `:::quiz` or `:::exercise`.
        case duplicatePointer(directive: String, firstLine: Int)
        /// Two lessons share a number.
        case duplicateNumber(Int, otherFile: String)
        /// `:::quiz NAME` with no `Quizzes/NAME.gift` (lint only).
        case missingQuiz(name: String, expected: String)
        /// `:::exercise NAME` with no `Exercises/NAME/` (lint only).
        case missingExercise(name: String, expected: String)
        /// A folder with no lessons.
        case noLessons
        /// A `setup:` line the playground would reject (lint only).
        case badSetup(command: String, reason: String)
        /// A `ran COMMAND` that names no playground command (lint only).
        case badRan(command: String, reason: String)
        /// A try-it step that cannot work as written: done by its setup, not solved by its
        /// own hints, or waiting for what its cache can never do (lint only).
        case unworkableStep(reason: String)
    }

    /// `file:line: what is wrong`, on one line whatever the file held.
    public var message: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return MessageText.escaped("\(place): \(problemDescription)")
    }

    /// Missing or unreadable files exit 66; everything else is bad data (65).
    public var exitCode: ExitCode {
        if case .unreadable = problem { return .noInput }
        return .dataError
    }

    /// What is wrong, without the place.
    public var problemDescription: String {
        switch problem {
        case let .badFileName(name):
            return "bad lesson file name '\(Self.cut(name))'; name lessons NN-slug.md, e.g. 05-eviction.md"
        case let .unreadable(reason):
            return "cannot read the lesson: \(reason)"
        case .missingTitle:
            return "a lesson begins with its title, '# Title', on the first line"
        case .missingGoal:
            return "the lesson has no ':::goal' block; add one before the first page"
        case .emptyGoal:
            return "the ':::goal' block is empty; write one sentence saying what the learner can do afterwards"
        case let .duplicateGoal(first):
            return "a second ':::goal' block; the goal is already given on line \(first)"
        case .goalAfterPage:
            return "':::goal' after a page; the goal comes before the first page"
        case .missingPages:
            return "the lesson has no pages; add at least one ':::page TITLE' block"
        case let .emptyPage(title):
            return "page '\(Self.cut(title))' has no text"
        case .emptyHint:
            return "the ':::hint' block is empty"
        case let .unknownDirective(name, suggestion?):
            return "unknown directive ':::\(Self.cut(name))'; did you mean ':::\(suggestion)'?"
        case let .unknownDirective(name, nil):
            return "unknown directive ':::\(Self.cut(name))'; directives are \(LessonParser.directives.map { ":::" + $0 }.joined(separator: ", "))"
        case let .missingArgument(directive, what):
            return "':::\(directive)' needs \(what) on the same line"
        case let .unexpectedArgument(directive):
            return "':::\(directive)' takes nothing else on its line; write its text on the lines below"
        case let .misplaced(directive, reason):
            return "':::\(directive)' \(reason)"
        case let .unclosedBlock(directive):
            return "the ':::\(directive)' block opened here is never closed; end it with a line holding only ':::'"
        case let .unclosedFence(fence):
            return "the code block opened here with '\(Self.cut(fence))' is never closed"
        case .strayClose:
            return "':::' closes nothing here; no block is open"
        case .textOutsidePage:
            return "text outside a page; put it inside a ':::page TITLE' … ':::' block"
        case let .secondTryStep(first):
            return "a second ':::try' on this page (the first is on line \(first)); a page holds at most one try-it step"
        case .tryWithoutExpect:
            return "the try-it step has no 'expect:' line, so it could never be completed"
        case let .conditionForOtherStep(condition, swiftStep):
            return swiftStep
                ? "'\(Self.cut(condition))' is about the playground, but this step is done in Swift (it holds a ```swift answer); use printed, stores, costless-stores, hits, misses or evictions [by REASON]"
                : "'\(Self.cut(condition))' is about a Swift program's run, but this step is done in the playground; add a ```swift reference answer to make it a Swift step"
        case .setupInSwiftStep:
            return "a Swift step starts from the learner's own program, so 'setup:' playground commands do not apply"
        case let .badTryLine(key?, suggestion?):
            return "unknown key '\(Self.cut(key)):' in a try-it step; did you mean '\(suggestion):'?"
        case let .badTryLine(key?, nil):
            return "unknown key '\(Self.cut(key)):' in a try-it step; keys are setup:, expect: and hint:"
        case .badTryLine(nil, _):
            return "a try-it step holds only 'setup:', 'expect:' and 'hint:' lines"
        case let .emptyTryValue(key):
            return "'\(Self.cut(key)):' has nothing after it"
        case let .badCondition(error):
            return error.description
        case let .badHintGoal(words):
            return "'hint \(Self.cut(words)):' is not a hint line; write 'hint: TEXT', or 'hint until CONDITION: TEXT' for a hint passed over once CONDITION holds"
        case .hintGoalInSwiftStep:
            return "'hint until' works in playground steps only; in a Swift step write 'hint: TEXT'"
        case let .duplicatePointer(directive, first):
            return "a second ':::\(directive)'; the first is on line \(first)"
        case let .duplicateNumber(number, other):
            return "lesson number \(number) is also used by \(other)"
        case let .missingQuiz(name, expected):
            return "quiz '\(Self.cut(name))' not found: there is no \(expected)"
        case let .missingExercise(name, expected):
            return "exercise '\(Self.cut(name))' not found: there is no \(expected)"
        case .noLessons:
            return "no lessons found (lesson files are named NN-slug.md)"
        case let .badSetup(command, reason):
            return "setup command '\(Self.cut(command))' would fail in the playground: \(reason)"
        case let .badRan(command, reason):
            return "'ran \(Self.cut(command))' can never hold: \(reason)"
        case let .unworkableStep(reason):
            return "try-it step: \(reason)"
        }
    }

    /// A name from the lesson file as a message quotes it: at most 40 characters, so a
    /// line of any length still gives a message of one short line.
    static func cut(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}

/// Errors from a whole course: every problem found, each a ``LessonError``.
///
/// Thrown when a folder must load cleanly; its message is the first problem and a count.
public struct CourseErrors: UserFacingError, Sendable {
    /// The problems, in file and line order.
    public var errors: [LessonError]

    /// The first problem, and how many more there are.
    public var message: String {
        guard let first = errors.first else { return "the course has errors" }
        let more = errors.count - 1
        return more == 0 ? first.message : "\(first.message) (and \(more) more; run 'cachetutor lessons --lint')"
    }

    /// 66 when the only trouble is unreadable files, else 65.
    public var exitCode: ExitCode {
        errors.allSatisfy { $0.exitCode == .noInput } && !errors.isEmpty ? .noInput : .dataError
    }
}
