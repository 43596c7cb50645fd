import Foundation
import TutorCourse
import TutorPlayground
import TutorTerminal

/// The `cachetutor learn` REPL as logic: it reads commands from a ``LineReader``, shows
/// pages on a ``Console``, drives the playground and records progress.
///
/// Nothing here touches the terminal or the disk directly, so a test drives a whole
/// session with a `ScriptedLineReader` and a captured console:
///
///     let session = LearnSession(course: course, reader: ScriptedLineReader(["next", "quit"]),
///                                console: console, progress: MemoryLearnProgress())
///     session.run(startingAt: "eviction")
public final class LearnSession {
    /// What `quiz` and `check` run; the command wires in the real quiz session and grader.
    public struct Services {
        /// How `check` reports.
        public enum CheckMode: Sendable, Equatable {
            /// Once, on one screen (`check`).
            case brief
            /// Once, every test in full (`check --verbose`).
            case verbose
            /// Again after every save until Enter or Ctrl-C (`watch`).
            case watch
        }

        /// Runs the quiz `name` inline, reading answers from the reader; shuffled unless
        /// `shuffle` is false (`quiz --no-shuffle`).
        public var runQuiz: (_ name: String, _ shuffle: Bool, _ reader: any LineReader, _ console: Console) throws -> Void
        /// Grades `path` (as the learner typed it) and prints the report, as `mode` says.
        public var check: (_ path: String, _ mode: CheckMode, _ console: Console) throws -> Void
        /// Compiles and runs Swift in the grader's sandbox (`run`); errors name `displayPath`.
        public var runSwift: (_ code: CodeBlock, _ displayPath: String) throws -> SwiftRunReport
        /// Where the learner's edited copies of examples live (nil: nowhere to keep them).
        public var examplesFolder: URL?
        /// Opens `file` in `$VISUAL` or `$EDITOR` and waits; false when neither is set.
        public var openEditor: (_ file: URL) -> Bool
        /// Starts building, in the background, what the first `check` of `exercise` (nil:
        /// the first `run`) needs, so it is ready by then; called once per session each.
        public var prepare: (_ exercise: String?) -> Void

        /// Services from closures; the Swift ones default to "not available".
        public init(
            runQuiz: @escaping (_ name: String, _ shuffle: Bool, _ reader: any LineReader, _ console: Console) throws -> Void,
            check: @escaping (_ path: String, _ mode: CheckMode, _ console: Console) throws -> Void,
            runSwift: @escaping (_ code: CodeBlock, _ displayPath: String) throws -> SwiftRunReport = { _, _ in
                SwiftRunReport(outcome: .failed("running Swift is not available here", output: ""), hasStatements: false)
            },
            examplesFolder: URL? = nil,
            openEditor: @escaping (_ file: URL) -> Bool = { _ in false },
            prepare: @escaping (_ exercise: String?) -> Void = { _ in }
        ) {
            self.runQuiz = runQuiz
            self.check = check
            self.runSwift = runSwift
            self.examplesFolder = examplesFolder
            self.openEditor = openEditor
            self.prepare = prepare
        }

        /// Services that say the feature is unavailable: for tests that do not need them.
        public static var unavailable: Services { Services(
            runQuiz: { _, _, _, console in console.wrapped("(quizzes are not available here)") },
            check: { _, _, console in console.wrapped("(checking is not available here)") }
        ) }
    }

    /// How a `run` went, as the command layer reports it to the session.
    public struct SwiftRunReport {
        /// How it ended.
        public enum Outcome {
            /// It ran to its end.
            case ran(SwiftRun)
            /// It compiled, then crashed, hung or threw: what happened, and what it printed first.
            case failed(String, output: String)
            /// The compiler's messages, at the code's own lines.
            case didNotCompile(String)
        }

        public var outcome: Outcome
        /// Whether the code had statements to run (an example of declarations only runs nothing).
        public var hasStatements: Bool

        /// A report.
        public init(outcome: Outcome, hasStatements: Bool) {
            self.outcome = outcome
            self.hasStatements = hasStatements
        }
    }

    let course: Course
    let reader: any LineReader
    private(set) var console: Console
    /// Saves what the learner does, and says so when it cannot.
    let recorder: LearnRecorder
    var progress: any LearnProgress { recorder.progress }
    let services: Services
    /// Rows of the terminal, for paging; nil when output is not a terminal.
    private(set) var screenHeight: Int?
    /// Whether a person types at a terminal; from a pipe nothing is asked back, because
    /// the answer would be the script's next command.
    let interactive: Bool
    /// Measures the terminal again (after a resize), if output goes to one.
    private let remeasure: (() -> (console: Console, screenHeight: Int?))?
    let playground: Playground

    /// Where the learner is; the page commands move it.
    var cursor: LessonCursor
    var lessonIndex: Int { cursor.lesson }
    var pageIndex: Int { cursor.page }
    /// The try-it step waiting on this page, if any.
    var activeStep: TryItProgress?
    /// A command typed at a "more" prompt, run before the next read.
    var pendingInput: String?
    /// How far down each page's hints the learner has come, by "lesson/page".
    var pageHints: [String: HintSequence] = [:]
    /// What ``Services/prepare`` was asked to build this session ("" for the examples' runner).
    var preparing: Set<String> = []
    var style: TerminalStyle { console.style }
    /// Lesson Markdown to terminal lines, in the console's width and colours.
    var renderer: MarkdownRenderer { MarkdownRenderer(style: style) }

    /// A session over `course`; call ``run(startingAt:)`` to start it. `interactive` says
    /// whether input comes from a terminal (questions such as `reset`'s are asked only then).
    public init(
        course: Course,
        reader: any LineReader,
        console: Console,
        progress: any LearnProgress,
        services: Services = .unavailable,
        screenHeight: Int? = nil,
        interactive: Bool = true,
        remeasure: (() -> (console: Console, screenHeight: Int?))? = nil
    ) {
        self.course = course
        self.reader = reader
        self.console = console
        self.recorder = LearnRecorder(progress: progress, console: console)
        self.services = services
        self.screenHeight = screenHeight
        self.interactive = interactive
        self.remeasure = remeasure
        self.playground = Playground(style: console.style)
        cursor = LessonCursor(pageCounts: course.lessons.map(\.pages.count))
    }

    /// The identifier a try-it step is recorded under: `3.1` for the (only) step on the
    /// page at index 2, i.e. page 3.
    public static func stepIdentifier(page: Int) -> String { "\(page + 1).1" }

    /// The prompt: lesson number, slug and page, such as `05 eviction 2/4 › `.
    public var prompt: String {
        guard let lesson = currentLesson else { return "cachetutor › " }
        return styledPrompt(String(format: "%02d %@ %d/%d ›", lesson.number, lesson.slug, pageIndex + 1, lesson.pages.count), sgr: "1;36")
    }

    /// `text` and a space, coloured with the SGR codes `sgr` when colour is on. The escape
    /// codes are bracketed with ``EditLineReader/promptEscape`` so the line editor does not
    /// count them as columns.
    func styledPrompt(_ text: String, sgr: String) -> String {
        guard style.colorEnabled else { return text + " " }
        let mark = String(EditLineReader.promptEscape)
        return mark + "\u{1B}[\(sgr)m" + mark + text + mark + "\u{1B}[0m" + mark + " "
    }

    /// What Tab offers for the line typed so far.
    public var completionProvider: CompletionProvider {
        let playground = self.playground
        return CompletionProvider(
            lessonNames: course.lessons.flatMap { [$0.slug, $0.id] },
            keys: { playground.keys },
            pageCount: { [weak self] in self?.currentLesson?.pages.count ?? 0 }
        )
    }

    var currentLesson: Lesson? { course.lessons.indices.contains(lessonIndex) ? course.lessons[lessonIndex] : nil }

    /// Runs the session until `quit` or the end of input. `lessonName` (a number, slug or
    /// id) opens that lesson; without it the learner resumes where they left off.
    public func run(startingAt lessonName: String? = nil) throws {
        guard !course.lessons.isEmpty else {
            console.wrapped("This course has no lessons yet.")
            return
        }
        try resume(lessonName)
        console.wrapped(style.paint("cachetutor learn", .bold) + " · \(course.lessons.count) lessons · Enter: next page · help: commands · quit: leave")
        noteResumedPage()
        showPage()
        while true {
            let input = pendingInput.map { LineReadResult.line($0) } ?? reader.readLine(prompt: prompt)
            pendingInput = nil
            switch input {
            case let .line(text):
                if let remeasure {
                    (console, screenHeight) = remeasure()
                    playground.style = console.style
                }
                if handle(text) == .quit {
                    savePosition()
                    return
                }
            case .interrupted:
                continue
            case .endOfInput:
                // Ctrl-D leaves like `quit` does, farewell included.
                if interactive { console.line() }
                sayFarewell()
                savePosition()
                return
            }
        }
    }

    /// Whether the loop goes on after a command.
    enum Outcome { case proceed, quit }

    /// Runs one line of input.
    func handle(_ text: String) -> Outcome {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard let first = words.first else {
            emptyLine()
            return .proceed
        }
        let arguments = Array(words.dropFirst())
        if let command = LearnCommandName(word: first) {
            return run(command, arguments: arguments)
        }
        if PlaygroundCommand.names.contains(first) {
            runPlayground(text)
            return .proceed
        }
        let everything = LearnCommandName.allCases.map(\.rawValue) + PlaygroundCommand.names
        let suggestion = Suggestion.nearest(to: first, in: everything).map { "; did you mean '\($0)'?" } ?? ""
        console.wrapped("unknown command '\(first)'\(suggestion) ('help' lists the commands)")
        return .proceed
    }

    private func resume(_ lessonName: String?) throws {
        if let lessonName {
            let lesson = try course.lesson(named: lessonName)
            cursor.open(lesson: course.index(ofLesson: lesson.id) ?? 0, page: savedPage(of: lesson))
            return
        }
        if let position = recorder.resumePosition(), let index = course.index(ofLesson: position.lesson) {
            cursor.open(lesson: index, page: position.page - 1)
        }
    }

    /// Says so when a lesson opens past its first page, and how to start it over.
    func noteResumedPage() {
        guard pageIndex > 0, let lesson = currentLesson else { return }
        console.wrapped(style.paint("Picking up where you left off: lesson \(lesson.number), page \(pageIndex + 1) of \(lesson.pages.count) ('page 1' starts the lesson over).", .dim))
    }

    func savedPage(of lesson: Lesson) -> Int {
        recorder.savedPage(of: lesson)
    }

    func savePosition() {
        guard let lesson = currentLesson else { return }
        recorder.savePosition(lesson: lesson, page: pageIndex)
    }
}
