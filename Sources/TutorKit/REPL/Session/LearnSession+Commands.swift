import Foundation
import TutorCourse
import TutorPlayground
import TutorTerminal

extension LearnSession {
    /// Runs one of the REPL's own commands.
    func run(_ command: LearnCommandName, arguments: [String]) -> Outcome {
        if !command.takesArguments, !arguments.isEmpty {
            console.wrapped("'\(command.rawValue)' takes no arguments; 'help \(command.rawValue)' explains it")
            return .proceed
        }
        switch command {
        case .next: goNext()
        case .back: goBack()
        case .page: goToPage(arguments)
        case .lessons: listLessons()
        case .open: open(arguments)
        case .where: showWhere()
        case .hint: showHint()
        case .skip: skipStep()
        case .retry: retryStep()
        case .quiz: runQuiz(arguments)
        case .run: runExample()
        case .edit: editExample()
        case .resetExample: resetExample()
        case .check: runCheck(arguments, watch: false)
        case .watch: runCheck(arguments, watch: true)
        case .progress: showProgress()
        case .reset: reset(arguments)
        case .help: showHelp(arguments)
        case .quit:
            sayFarewell()
            return .quit
        }
        return .proceed
    }

    /// What `quit` and the end of input both say on the way out.
    func sayFarewell() {
        console.wrapped("Your place is saved; 'cachetutor learn' brings you back here.")
    }

    private func listLessons() {
        for (index, lesson) in course.lessons.enumerated() {
            let record = try? progress.record(forLesson: lesson.id)
            let marker = index == lessonIndex ? "→" : (record?.furthestPage == lesson.pages.count ? "✓" : " ")
            var status = ""
            if let furthest = record?.furthestPage { status = "  (read \(furthest)/\(lesson.pages.count))" }
            fitted(String(format: "%@ %2d  %@", marker, lesson.number, TextWrapper.pad(lesson.slug, to: 14)) + lesson.title + style.paint(status, .dim), continuation: 6)
                .forEach { console.line($0) }
        }
        console.wrapped(style.paint("'open N' or 'open NAME' opens a lesson.", .dim))
    }

    private func showWhere() {
        guard let lesson = currentLesson else { return }
        let page = lesson.pages[pageIndex]
        console.wrapped("Lesson \(lesson.number) of \(course.lessons.count): \(lesson.title) (\(lesson.id))")
        console.wrapped("Page \(pageIndex + 1) of \(lesson.pages.count): \(page.title)")
        console.wrapped("Goal: " + renderer.inline(lesson.goal))
        if let step = activeStep {
            console.wrapped("Waiting for: " + renderer.inline(step.step.task))
        }
    }

    private func runQuiz(_ arguments: [String]) {
        guard arguments.isEmpty || arguments == ["--no-shuffle"] else {
            console.wrapped("'quiz' takes only --no-shuffle (the file's order of questions and choices)")
            return
        }
        guard let lesson = currentLesson else { return }
        guard let quiz = lesson.quiz else {
            console.wrapped("Lesson \(lesson.number) has no quiz.")
            return
        }
        do {
            try services.runQuiz(quiz, arguments.isEmpty, reader, console)
        } catch {
            console.wrapped(Self.describe(error))
        }
    }

    /// The exercise `check` defaults to: the current lesson's, or the first of them whose
    /// file the learner has started in ./exercises/.
    private func defaultExercise() -> String? {
        let exercises = currentLesson?.exercises ?? []
        return exercises.first { FileManager.default.fileExists(atPath: "exercises/\($0).swift") } ?? exercises.first
    }

    private func runCheck(_ arguments: [String], watch: Bool) {
        let verbose = !watch && arguments.contains { $0 == "--verbose" || $0 == "-v" }
        let files = arguments.filter { watch || ($0 != "--verbose" && $0 != "-v") }
        let path: String
        if let given = files.first, files.count == 1 {
            path = given
        } else if files.isEmpty, let exercise = defaultExercise() {
            path = "exercises/\(exercise).swift"
        } else {
            console.wrapped("usage: \(watch ? "watch FILE" : "check [--verbose] FILE") (this lesson has no exercise to default to)")
            return
        }
        do {
            try services.check(path, watch ? .watch : verbose ? .verbose : .brief, console)
        } catch {
            console.wrapped(Self.describe(error))
        }
    }

    private func showProgress() {
        var started = 0
        for lesson in course.lessons {
            guard let record = try? progress.record(forLesson: lesson.id) else { continue }
            let steps = lesson.trySteps.count
            let done = lesson.trySteps.filter { record.stepsDone.contains(Self.stepIdentifier(page: $0.page)) }.count
            if record.furthestPage != nil { started += 1 }
            let read = record.furthestPage.map { "read \($0)/\(lesson.pages.count)" } ?? "not started"
            var parts = [TextWrapper.pad(read, to: 14), "try-it \(done)/\(steps)", "hints \(record.hintsUsed)"]
            if let best = record.bestQuizScore { parts.append("quiz \(Int((best * 100).rounded()))%") }
            fitted(String(format: "%2d  ", lesson.number) + TextWrapper.pad(lesson.slug, to: 14) + parts.joined(separator: "  "), continuation: 4)
                .forEach { console.line($0) }
        }
        console.wrapped(style.paint("\(started) of \(course.lessons.count) lessons started.", .dim))
    }

    private func reset(_ arguments: [String]) {
        let confirmed = arguments.contains { Self.yesFlags.contains($0) }
        let names = arguments.filter { !Self.yesFlags.contains($0) }
        let lesson: Lesson
        if names.isEmpty, let current = currentLesson {
            lesson = current
        } else if names.count == 1 {
            do {
                lesson = try course.lesson(named: names[0])
            } catch {
                console.wrapped(error.message)
                return
            }
        } else {
            console.wrapped("usage: \(LearnCommandName.reset.usage)")
            return
        }
        if !confirmed {
            guard interactive else {
                // A script's next line is a command, not an answer: never take it as one.
                console.wrapped("Nothing was reset: without a terminal it does not ask. 'reset \(lesson.slug) --yes' resets at once.")
                return
            }
            guard case let .line(answer) = reader.readLine(prompt: "Forget your progress in \(lesson.id)? [y/N] "),
                  ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
                console.wrapped("Nothing was reset.")
                return
            }
        }
        if recorder.reset(lesson: lesson) {
            console.wrapped("Progress in \(lesson.id) is forgotten.")
        }
    }

    /// The words after `reset` that answer its question in advance.
    static let yesFlags: Set<String> = ["--yes", "-y"]

    private func showHelp(_ arguments: [String]) {
        if let topic = arguments.first {
            if let command = LearnCommandName(word: topic) {
                let aliases = command.aliases.isEmpty ? "" : " (also: \(command.aliases.joined(separator: ", ")))"
                fitted(command.usage + aliases).forEach { console.line($0) }
                console.wrapped(command.summary, indent: "  ")
                if let details = command.details { console.wrapped(details, indent: "  ") }
            } else if PlaygroundCommand.names.contains(topic), let lines = try? playground.run("help \(topic)") {
                lines.forEach { console.line($0) }
            } else {
                let all = LearnCommandName.allCases.map(\.rawValue) + PlaygroundCommand.names
                console.wrapped("no command '\(topic)'" + (Suggestion.nearest(to: topic, in: all).map { "; did you mean '\($0)'?" } ?? ""))
            }
            return
        }
        console.line(style.paint("Lesson commands", .bold))
        let width = LearnCommandName.allCases.map { $0.usage.count }.max() ?? 10
        for command in LearnCommandName.allCases {
            let aliases = command.aliases.isEmpty ? "" : style.paint(" [\(command.aliases.joined(separator: ", "))]", .dim)
            let lead = "  " + TextWrapper.pad(command.usage, to: width) + "  "
            TextWrapper.wrap(command.summary + aliases, width: style.width, indent: lead, continuationIndent: String(repeating: " ", count: lead.count))
                .forEach { console.line($0) }
        }
        fitted(style.paint("Playground commands", .bold) + style.paint(" (a live cache; 'help set' explains one)", .dim)).forEach { console.line($0) }
        for name in PlaygroundCommand.names where name != "help" {
            Playground.listing(name, width: style.width, style: style).forEach { console.line($0) }
        }
        console.wrapped(style.paint("Tab completes commands, lesson names and cache keys; Up recalls earlier lines; Ctrl-C drops the line; Ctrl-D leaves.", .dim))
    }

    static func describe(_ error: any Error) -> String {
        userFacingMessage(error)
    }
}
