import TutorTerminal

/// Turns the text of a lesson file into a ``Lesson``, or says precisely what is wrong.
///
/// Pure: text and a file name in, a lesson or errors out. The format is described in
/// `Lessons/README.md`.
///
///     let lesson = try LessonParser.parse(text, file: "Lessons/05-eviction.md")
///     let (lesson, errors) = LessonParser.check(text, file: "Lessons/05-eviction.md")   // every error, for lint
public enum LessonParser {
    /// The directive names, as written after `:::`.
    public static let directives = ["goal", "page", "try", "hint", "quiz", "exercise"]

    /// The lesson in `text`, or the first error (by line) in it.
    ///
    /// `file` names the file in messages (`Lessons/05-eviction.md`); its last component
    /// gives the lesson's id, number and slug.
    public static func parse(_ text: String, file: String) throws(LessonError) -> Lesson {
        let result = check(text, file: file)
        if let first = result.errors.first { throw first }
        guard let lesson = result.lesson else { throw LessonError(file: file, line: nil, .missingPages) }
        return lesson
    }

    /// The lesson in `text` (when it could be built at all) and every error found, in line order.
    public static func check(_ text: String, file: String) -> (lesson: Lesson?, errors: [LessonError]) {
        var scanner = LessonScanner(file: file)
        for line in sourceLines(of: text) { scanner.read(line) }
        return scanner.finish()
    }

    /// The number and slug in a lesson file name, `05-eviction.md` → (5, "eviction"), or nil.
    ///
    /// The number is one or more digits; the slug lowercase letters, digits and inner hyphens.
    public static func nameParts(ofFile fileName: String) -> (number: Int, slug: String)? {
        guard fileName.hasSuffix(".md") else { return nil }
        let stem = fileName.dropLast(3)
        let digits = stem.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 6, let number = Int(digits) else { return nil }
        let rest = stem.dropFirst(digits.count)
        guard rest.first == "-" else { return nil }
        let slug = rest.dropFirst()
        guard !slug.isEmpty, slug.first != "-", slug.last != "-",
              slug.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
        else { return nil }
        return (number, String(slug))
    }
}

/// The line-by-line state machine behind ``LessonParser``.
private struct LessonScanner {
    enum Kind: String { case goal, page, tryStep = "try", hint }

    struct OpenBlock {
        var kind: Kind
        var line: Int
        var lines: [SourceLine] = []
    }

    struct PageDraft {
        var title: String
        var line: Int
        var body: [SourceLine] = []
        var tryStep: TryStep?
        var tryLine: Int?
        var hints: [[MarkdownBlock]] = []
    }

    let file: String
    var errors: [LessonError] = []
    var title: String?
    var sawFirstLine = false
    var goal: String?
    var goalLine: Int?
    var pages: [Page] = []
    var page: PageDraft?
    var stack: [OpenBlock] = []
    var fence: (fence: CodeFence, line: Int)?
    var tryDraft = TryStep(task: "", conditions: [])
    var quiz: (name: String, line: Int)?
    var exercises: [(name: String, line: Int)] = []
    var lastOutsideLine = -1

    init(file: String) { self.file = file }

    mutating func fail(_ line: Int?, _ problem: LessonError.Problem) {
        errors.append(LessonError(file: file, line: line, problem))
    }

    mutating func read(_ line: SourceLine) {
        if let open = fence {
            if open.fence.isClosed(by: line.text) { fence = nil }
            stack[stack.count - 1].lines.append(line)
            return
        }
        let trimmed = line.text.trimmed
        if !sawFirstLine, !trimmed.isEmpty {
            sawFirstLine = true
            if trimmed.hasPrefix("# ") {
                title = String(trimmed.dropFirst(2).trimmed)
                return
            }
            fail(line.number, .missingTitle)
        }
        if trimmed.hasPrefix(":::") {
            directive(trimmed.dropFirst(3), at: line.number)
            return
        }
        guard let top = stack.last else {
            // One error per run of stray text, not one per line.
            if !trimmed.isEmpty, lastOutsideLine != line.number - 1 { fail(line.number, .textOutsidePage) }
            if !trimmed.isEmpty { lastOutsideLine = line.number }
            return
        }
        if top.kind == .tryStep {
            // A fenced block inside a step is its Swift reference answer.
            if let opened = CodeFence(opening: line.text) {
                fence = (opened, line.number)
                stack[stack.count - 1].lines.append(line)
                return
            }
            tryLine(trimmed, at: line.number)
            return
        }
        if let opened = CodeFence(opening: line.text) { fence = (opened, line.number) }
        stack[stack.count - 1].lines.append(line)
    }

    mutating func directive(_ text: Substring, at line: Int) {
        let name = text.prefix { $0 != " " && $0 != "\t" }
        let argument = text.dropFirst(name.count).trimmed
        if name.isEmpty {
            guard !stack.isEmpty else { return fail(line, .strayClose) }
            close()
            return
        }
        var resolved = String(name)
        if !LessonParser.directives.contains(resolved) {
            let suggestion = Suggestion.nearest(to: resolved, in: LessonParser.directives)
            fail(line, .unknownDirective(resolved, suggestion: suggestion))
            // Carry on as the likely intended directive, so one typo gives one error.
            guard let suggestion else { return }
            resolved = suggestion
        }
        switch resolved {
        case "goal": openGoal(argument, at: line)
        case "page": openPage(argument, at: line)
        case "try", "hint": openInPage(resolved == "try" ? .tryStep : .hint, argument, at: line)
        default: pointer(resolved, argument, at: line)
        }
    }

    mutating func openGoal(_ argument: Substring, at line: Int) {
        if let open = stack.last {
            fail(line, .misplaced(directive: "goal", reason: "cannot open inside the ':::\(open.kind.rawValue)' block opened at line \(open.line); the goal stands before the first page"))
            closeAll()
        } else if let goalLine {
            fail(line, .duplicateGoal(firstLine: goalLine))
        } else if !pages.isEmpty {
            fail(line, .goalAfterPage)
        }
        if !argument.isEmpty { fail(line, .unexpectedArgument(directive: "goal")) }
        if goalLine == nil { goalLine = line }
        stack.append(OpenBlock(kind: .goal, line: line))
    }

    mutating func openPage(_ argument: Substring, at line: Int) {
        if let open = stack.first {
            let reason = open.kind == .goal
                ? "cannot open inside the ':::goal' block opened at line \(open.line); close it with ':::' first"
                : "cannot open inside the ':::page' block opened at line \(open.line); close that page with ':::' first"
            fail(line, .misplaced(directive: "page", reason: reason))
            closeAll()
        }
        if let pointer = [quiz.map { ("quiz", $0.line) }, exercises.first.map { ("exercise", $0.line) }].compactMap({ $0 }).min(by: { $0.1 < $1.1 }) {
            fail(line, .misplaced(directive: "page", reason: "comes after ':::\(pointer.0)' on line \(pointer.1); pages come before the quiz and exercise pointers"))
        }
        if argument.isEmpty { fail(line, .missingArgument(directive: "page", what: "a title")) }
        page = PageDraft(title: String(argument), line: line)
        stack.append(OpenBlock(kind: .page, line: line))
    }

    mutating func openInPage(_ kind: Kind, _ argument: Substring, at line: Int) {
        let name = kind.rawValue
        guard let open = stack.last else {
            fail(line, .misplaced(directive: name, reason: "stands outside a page; put it inside a ':::page' block"))
            stack.append(OpenBlock(kind: kind, line: line))
            return
        }
        if open.kind != .page {
            fail(line, .misplaced(directive: name, reason: "cannot open inside the ':::\(open.kind.rawValue)' block opened at line \(open.line); close it with ':::' first"))
            close()
            if stack.last?.kind != .page {
                stack.append(OpenBlock(kind: kind, line: line))
                return
            }
        }
        switch kind {
        case .tryStep:
            if let first = page?.tryLine { fail(line, .secondTryStep(firstLine: first)) }
            if argument.isEmpty { fail(line, .missingArgument(directive: name, what: "the task")) }
            tryDraft = TryStep(task: String(argument), conditions: [], line: line)
        default:
            if !argument.isEmpty { fail(line, .unexpectedArgument(directive: name)) }
        }
        stack.append(OpenBlock(kind: kind, line: line))
    }

    mutating func pointer(_ name: String, _ argument: Substring, at line: Int) {
        if let open = stack.last {
            fail(line, .misplaced(directive: name, reason: "cannot stand inside the ':::\(open.kind.rawValue)' block opened at line \(open.line); it goes on its own line after the last page"))
            return
        }
        guard !argument.isEmpty else { return fail(line, .missingArgument(directive: name, what: "a NAME")) }
        let value = (String(argument), line)
        if name == "quiz" {
            if let first = quiz { return fail(line, .duplicatePointer(directive: name, firstLine: first.line)) }
            quiz = value
        } else {
            // A lesson may lead to several exercises; each only once.
            if let first = exercises.first(where: { $0.name == value.0 }) { return fail(line, .duplicatePointer(directive: "\(name) \(value.0)", firstLine: first.line)) }
            exercises.append(value)
        }
    }

    mutating func tryLine(_ text: Substring, at line: Int) {
        guard !text.isEmpty else { return }
        guard let colon = text.firstIndex(of: ":") else { return fail(line, .badTryLine(key: nil, suggestion: nil)) }
        var key = String(text[..<colon].trimmed)
        let value = text[text.index(after: colon)...].trimmed
        var hintGoal: TryCondition?
        if key.hasPrefix("hint ") || key.hasPrefix("hint\t") {
            let rest = key.dropFirst(4).trimmed
            let goal = rest.hasPrefix("until ") ? rest.dropFirst(6).trimmed : ""
            guard !goal.isEmpty else { return fail(line, .badHintGoal(String(rest))) }
            do {
                hintGoal = try TryCondition(parsing: goal)
            } catch {
                return fail(line, .badCondition(error))
            }
            key = "hint"
        }
        guard ["setup", "expect", "hint"].contains(key) else {
            let looksLikeKey = !key.isEmpty && !key.contains(" ")
            return fail(line, .badTryLine(key: looksLikeKey ? key : nil, suggestion: looksLikeKey ? Suggestion.nearest(to: key, in: ["setup", "expect", "hint"]) : nil))
        }
        guard !value.isEmpty else { return fail(line, .emptyTryValue(key: key)) }
        switch key {
        case "setup":
            tryDraft.setup.append(String(value))
            tryDraft.setupLines.append(line)
        case "hint":
            tryDraft.hints.append(String(value))
            tryDraft.hintGoals.append(hintGoal)
            tryDraft.hintLines.append(line)
        default:
            do {
                tryDraft.conditions.append(try TryCondition(parsing: value))
                tryDraft.conditionLines.append(line)
            } catch {
                fail(line, .badCondition(error))
            }
        }
    }

    /// Closes the innermost open block.
    mutating func close() {
        guard let block = stack.popLast() else { return }
        switch block.kind {
        case .goal:
            let text = block.lines.map { $0.text.trimmed }.filter { !$0.isEmpty }.joined(separator: " ")
            if text.isEmpty { fail(block.line, .emptyGoal) }
            if goal == nil { goal = text }
        case .hint:
            let blocks = MarkdownParser.parse(block.lines)
            if blocks.isEmpty { fail(block.line, .emptyHint) }
            if !stack.isEmpty { page?.hints.append(blocks) }
        case .tryStep:
            for case let .code(code) in MarkdownParser.parse(block.lines) where code.language == "swift" {
                tryDraft.answer = tryDraft.answer ?? code
            }
            checkStepKind(tryDraft)
            if tryDraft.conditions.isEmpty, !errors.contains(where: { $0.line.map { $0 > block.line } ?? false && isConditionError($0) }) {
                fail(block.line, .tryWithoutExpect)
            }
            if !stack.isEmpty, page?.tryLine == nil {
                page?.tryStep = tryDraft
                page?.tryLine = block.line
            }
        case .page:
            guard var draft = page else { return }
            draft.body = block.lines
            let body = MarkdownParser.parse(draft.body)
            if body.isEmpty { fail(block.line, .emptyPage(title: draft.title)) }
            pages.append(Page(title: draft.title, body: body, tryStep: draft.tryStep, hints: draft.hints, line: draft.line))
            page = nil
        }
    }

    /// Conditions about a Swift run only on Swift steps, playground ones only on playground
    /// steps, and no playground setup before Swift.
    mutating func checkStepKind(_ step: TryStep) {
        for (condition, line) in zip(step.conditions, step.conditionLines) {
            if let aboutSwift = condition.isAboutSwift, aboutSwift != step.isSwift {
                fail(line, .conditionForOtherStep(condition: condition.description, swiftStep: step.isSwift))
            }
        }
        if step.isSwift, let first = step.setupLines.first { fail(first, .setupInSwiftStep) }
        for (goal, line) in zip(step.hintGoals, step.hintLines) {
            guard let goal else { continue }
            if step.isSwift {
                // A run's outcome is known only after 'run'; such a hint could never be passed over in time.
                fail(line, .hintGoalInSwiftStep)
            } else if goal.isAboutSwift == true {
                fail(line, .conditionForOtherStep(condition: goal.description, swiftStep: false))
            }
        }
    }

    func isConditionError(_ error: LessonError) -> Bool {
        if case .badCondition = error.problem { return true }
        return false
    }

    mutating func closeAll() {
        while !stack.isEmpty { close() }
    }

    mutating func finish() -> (lesson: Lesson?, errors: [LessonError]) {
        let fileName = String(file.split(separator: "/").last ?? Substring(file))
        let parts = LessonParser.nameParts(ofFile: fileName)
        if parts == nil { fail(nil, .badFileName(fileName)) }
        if let open = fence { fail(open.line, .unclosedFence(fence: open.fence.marker)) }
        for block in stack { fail(block.line, .unclosedBlock(directive: block.kind.rawValue)) }
        closeAll()
        if !sawFirstLine { fail(1, .missingTitle) }
        if goalLine == nil, sawFirstLine { fail(pages.first?.line, .missingGoal) }
        if pages.isEmpty, sawFirstLine { fail(nil, .missingPages) }
        // File-level problems first, then by line; the sort is stable so same-line errors keep their order.
        let sorted = errors.enumerated().sorted { a, b in
            let lineA = a.element.line ?? 0, lineB = b.element.line ?? 0
            return lineA != lineB ? lineA < lineB : a.offset < b.offset
        }.map(\.element)
        guard let title, !pages.isEmpty else { return (nil, sorted) }
        let stem = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
        let lesson = Lesson(
            id: stem, number: parts?.number ?? 0, slug: parts?.slug ?? stem, title: title, goal: goal ?? "",
            pages: pages, quiz: quiz?.name, quizLine: quiz?.line, exercises: exercises.map(\.name), exerciseLines: exercises.map(\.line),
            file: file
        )
        return (lesson, sorted)
    }
}
