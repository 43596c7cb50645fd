import TutorCourse
import TutorPlayground
import TutorTerminal

extension LearnSession {
    /// Starts `step`: runs its setup in the playground and states the task, unless the
    /// learner already did it.
    func startStep(_ step: TryStep, lesson: Lesson) {
        let identifier = Self.stepIdentifier(page: pageIndex)
        let done = (try? progress.record(forLesson: lesson.id))?.stepsDone.contains(identifier) ?? false
        console.line("")
        if done {
            console.wrapped(style.paint("Try it (done):", .green, .bold) + " " + renderer.inline(step.task))
            console.wrapped(style.paint("You did this step already; 'retry' to do it again, Enter to go on.", .dim))
            return
        }
        runSetup(step)
        beginStep(step)
        console.wrapped(style.paint(step.isSwift ? "Try it, in Swift:" : "Try it:", .yellow, .bold) + " " + renderer.inline(step.task))
        if step.isSwift {
            console.wrapped(style.paint("(write a program with 'edit', then 'run' it; 'hint' for a hint, 'skip' to go on)", .dim))
        } else {
            console.wrapped(style.paint("(type playground commands such as 'set KEY COST', 'get KEY', 'show'; 'hint' for a hint, 'skip' to go on)", .dim))
        }
    }

    /// Runs the step's setup commands, showing them on one line and their result on another.
    private func runSetup(_ step: TryStep) {
        guard !step.setup.isEmpty else { return }
        console.wrapped(style.paint("setup › " + step.setup.joined(separator: " · "), .dim))
        for command in step.setup {
            do {
                _ = try playground.run(command)
            } catch {
                console.warning("this lesson's setup command '\(command)' failed: \(error.message)")
            }
        }
        console.wrapped(style.paint(playground.describeCache(), .dim), indent: "  ")
    }

    /// `retry`: the current page's step again, from its setup.
    func retryStep() {
        guard let lesson = currentLesson, let step = lesson.pages[pageIndex].tryStep else {
            console.wrapped("This page has no try-it step.")
            return
        }
        runSetup(step)
        beginStep(step)
        console.wrapped(style.paint("Try it:", .yellow, .bold) + " " + renderer.inline(step.task))
    }

    /// Makes `step` the one waiting, counted from the playground's events as they are now.
    private func beginStep(_ step: TryStep) {
        let mark = playground.mark
        let holding = step.conditions.filter { playground.holds($0, since: mark) }.count
        activeStep = TryItProgress(pageIndex: pageIndex, step: step, mark: mark, holding: holding)
    }

    /// `skip`: leave the step undone and go to the next page.
    func skipStep() {
        guard activeStep != nil else {
            console.wrapped("No try-it step is waiting; Enter goes to the next page.")
            return
        }
        activeStep = nil
        console.wrapped(style.paint("Skipped; 'retry' on that page comes back to it.", .dim))
        goNext()
    }

    /// Runs a playground command and, during a try-it step, checks whether it is now done.
    func runPlayground(_ text: String) {
        let command: PlaygroundCommand
        do {
            command = try PlaygroundCommand(parsing: text)
        } catch {
            console.wrapped(error.message)
            return
        }
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        for line in playground.run(command, words: words) { console.line(line) }
        // A Swift step is judged by 'run', not by the playground.
        guard var step = activeStep, !step.step.isSwift else { return }
        let holding = step.step.conditions.filter { playground.holds($0, since: step.mark) }.count
        let verdict = step.judgeCommand(holding: holding, changedCache: command.changesCache)
        activeStep = step
        switch verdict {
        case .done:
            // Without the delegate an eviction is silent, yet it is the answer: say which.
            let evicted = playground.evictions(since: step.mark)
            completeStep(step, saying: evicted.isEmpty ? nil : "The cache evicted " + evicted.joined(separator: ", ") + ".")
        case .hint:
            showStepHint()
        case .notYet:
            console.wrapped(style.paint("Not yet. ('hint' for a hint, 'retry' to start over, 'skip' to go on)", .dim))
        case .closer, .unchanged:
            // Many answers take two commands (`remove a`, then `set c 1`): the first is no miss.
            break
        }
    }

    /// Marks `step` done: says so (with `detail`, if any), records it, and points onwards.
    func completeStep(_ step: TryItProgress, saying detail: String? = nil) {
        activeStep = nil
        console.wrapped(style.paint("✓ Well done:", .green, .bold) + " " + renderer.inline(step.step.task))
        if let detail { console.wrapped(detail, indent: "  ") }
        if let lesson = currentLesson {
            recorder.stepDone(lesson: lesson, step: Self.stepIdentifier(page: step.pageIndex))
        }
        console.line(style.paint("Enter: the next page", .dim))
    }

    /// `hint`: the next hint of the waiting step, else the page's next hint.
    func showHint() {
        if activeStep?.hasHintLeft == true {
            showStepHint()
            return
        }
        guard let lesson = currentLesson else { return }
        let page = lesson.pages[pageIndex]
        let key = "\(lesson.id)/\(pageIndex)"
        let shown = pageHintsShown[key, default: 0]
        guard shown < page.hints.count else {
            let total = page.hints.count + (page.tryStep?.hints.count ?? 0)
            console.wrapped(total == 0 ? "This page has no hints." : "No more hints on this page.")
            return
        }
        pageHintsShown[key] = shown + 1
        console.line(style.paint("Hint \(shown + 1) of \(page.hints.count):", .yellow))
        renderer.render(page.hints[shown]).forEach { console.line($0) }
        recordHint(lesson: lesson, step: nil)
    }

    private func showStepHint() {
        guard var step = activeStep, let lesson = currentLesson, let hint = step.takeHint() else { return }
        activeStep = step
        console.wrapped(style.paint("Hint \(step.hintsShown) of \(step.step.hints.count):", .yellow) + " " + renderer.inline(hint))
        recordHint(lesson: lesson, step: Self.stepIdentifier(page: step.pageIndex))
    }

    private func recordHint(lesson: Lesson, step: String?) {
        recorder.hintShown(lesson: lesson, page: pageIndex + 1, step: step)
    }
}
