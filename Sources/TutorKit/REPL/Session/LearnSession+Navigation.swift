import Foundation
import TutorCourse
import TutorTerminal

extension LearnSession {
    /// Shows the current page (paged when taller than the screen), starts its try-it step,
    /// and records the position.
    func showPage() {
        guard let lesson = currentLesson else { return }
        let page = lesson.pages[pageIndex]
        activeStep = nil
        var lines: [String] = [""]
        let header = String(format: "%02d · %@ · page %d of %d: %@", lesson.number, lesson.title, pageIndex + 1, lesson.pages.count, page.title)
        lines += TextWrapper.wrap(header, width: style.width).map { style.paint($0, .bold) }
        if pageIndex == 0 {
            lines += TextWrapper.wrap("Goal: " + renderer.inline(lesson.goal), width: style.width)
        }
        lines.append("")
        lines += renderer.render(page.body)
        showPaged(lines)
        savePosition()
        if let step = page.tryStep {
            startStep(step, lesson: lesson)
        }
        if cursor.isOnLastPage {
            closingLines(lesson).flatMap { fitted($0) }.forEach { console.line($0) }
        }
        prepareAhead(lesson)
    }

    /// On a page with Swift to `run`, or at the end of a lesson with an exercise, starts
    /// building in the background what the first `run` or `check` needs (once a session).
    func prepareAhead(_ lesson: Lesson) {
        var targets: [String?] = []
        if pageExample != nil || activeStep?.step.isSwift == true { targets.append(nil) }
        if cursor.isOnLastPage { targets += lesson.exercises.map { Optional($0) } }
        for target in targets where !preparing.contains(target ?? "") {
            preparing.insert(target ?? "")
            services.prepare(target)
        }
    }

    /// Writes `lines` a screenful at a time, asking before each next screen; `q` stops,
    /// and anything else typed there stops too and is run as the next command.
    func showPaged(_ lines: [String]) {
        let screens = screenHeight.map { Pager(height: $0).screens(for: lines) } ?? [lines.indices]
        for (index, screen) in screens.enumerated() {
            lines[screen].forEach { console.line($0) }
            guard index < screens.count - 1 else { break }
            let more = styledPrompt("-- more: Enter, q to stop --", sgr: "7")
            switch reader.readLine(prompt: more) {
            case let .line(answer) where answer.allSatisfy(\.isWhitespace):
                continue
            case let .line(answer) where answer.trimmingCharacters(in: .whitespaces).lowercased() != "q":
                // A command typed instead of Enter ends the paging and runs next.
                pendingInput = answer
                return
            default:
                return
            }
        }
    }

    /// `line` as it is when it fits the width, else wrapped with its own indent kept and
    /// the lines it continues on indented to `continuation` columns (default: two more).
    func fitted(_ line: String, continuation: Int? = nil) -> [String] {
        guard TextWrapper.visibleWidth(line) > style.width else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let rest = String(repeating: " ", count: continuation ?? indent.count + 2)
        return TextWrapper.wrap(String(line.dropFirst(indent.count)), width: style.width, indent: indent, continuationIndent: rest)
    }

    private func closingLines(_ lesson: Lesson) -> [String] {
        var lines = ["", style.paint("End of lesson \(lesson.number).", .bold)]
        if let quiz = lesson.quiz {
            lines.append("  quiz: type 'quiz' to take \(quiz) here (or 'cachetutor quiz \(lesson.number)')")
        }
        for exercise in lesson.exercises {
            lines.append("  exercise: 'cachetutor exercises start \(exercise)' practises this lesson; then 'check' here")
        }
        lines.append(cursor.isInLastLesson ? "  This is the last lesson of the course." : "  Enter: the next lesson")
        return lines
    }

    /// Enter on an empty line: the next page, or a reminder while a try-it step waits.
    func emptyLine() {
        if let activeStep {
            console.wrapped("Try it: " + renderer.inline(activeStep.step.task))
            console.wrapped(style.paint("(type playground commands; 'hint' for a hint, 'skip' to go on)", .dim))
            return
        }
        goNext()
    }

    func goNext() {
        guard currentLesson != nil else { return }
        if activeStep != nil {
            console.wrapped("Finish the try-it step first, or 'skip' it.")
            return
        }
        guard cursor.forward() != .endOfCourse else {
            console.wrapped("You have reached the end of the course. 'lessons' lists them all; 'progress' shows how you did.")
            return
        }
        showPage()
    }

    func goBack() {
        guard cursor.back() else {
            console.wrapped("This is the first page of the lesson." + (lessonIndex > 0 ? " 'open \(lessonIndex)' opens the lesson before." : ""))
            return
        }
        showPage()
    }

    func goToPage(_ arguments: [String]) {
        guard let lesson = currentLesson else { return }
        guard arguments.count == 1, let number = Int(arguments[0]), cursor.goTo(page: number) else {
            console.wrapped("usage: page N, with N from 1 to \(lesson.pages.count)")
            return
        }
        showPage()
    }

    func open(_ arguments: [String]) {
        guard arguments.count == 1 else {
            console.wrapped("usage: open LESSON (a number, name or id; 'lessons' lists them)")
            return
        }
        do {
            let lesson = try course.lesson(named: arguments[0])
            cursor.open(lesson: course.index(ofLesson: lesson.id) ?? 0, page: savedPage(of: lesson))
            noteResumedPage()
            showPage()
        } catch {
            console.wrapped(error.message)
        }
    }
}
