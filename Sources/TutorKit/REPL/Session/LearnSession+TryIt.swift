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

    /// `retry`: the current page's step again, from its setup (every playground step's
    /// setup begins with `cache new`, so the cache is as the step began). The page's hint
    /// numbering goes on where it was.
    func retryStep() {
        guard let lesson = currentLesson, let step = lesson.pages[pageIndex].tryStep else {
            console.wrapped("This page has no try-it step.")
            return
        }
        runSetup(step)
        beginStep(step)
        console.wrapped(style.paint(step.isSwift ? "Try it, in Swift:" : "Try it:", .yellow, .bold) + " " + renderer.inline(step.task))
    }

    /// Makes `step` the one waiting, counted from the playground's events as they are now.
    private func beginStep(_ step: TryStep) {
        let mark = playground.mark
        activeStep = TryItProgress(pageIndex: pageIndex, step: step, mark: mark, holding: playground.evaluate(step.conditions, since: mark).holding)
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
        let state = playground.evaluate(step.step.conditions, since: step.mark)
        let verdict = step.judgeCommand(holding: state.holding, changedCache: command.changesCache)
        let tellOutOfReach = verdict != .done && step.shouldTellOutOfReach(state.outOfReach)
        let stuck = !state.outOfReach.isEmpty
        activeStep = step
        switch verdict {
        case .done:
            // Without the delegate an eviction is silent, yet it is the answer: say which.
            let evicted = playground.evictions(since: step.mark)
            completeStep(step, saying: evicted.isEmpty ? nil : "The cache evicted " + evicted.joined(separator: ", ") + ".")
            return
        case .notYet, .hint:
            showState(state, heading: "Not yet.", color: .yellow)
        case .closer:
            // Many answers take two commands (`remove a`, then `set c 1`): the first is no miss.
            // A step nearer by count can still be one that cannot be finished (`clear`): say so, not "closer".
            showState(state, heading: stuck ? "Not yet." : "Closer: \(state.holding) of \(state.entries.count).", color: stuck ? .yellow : .green)
        case .unchanged:
            break
        }
        if tellOutOfReach {
            console.wrapped(style.paint("This attempt can no longer succeed:", .yellow, .bold) + " " + renderer.inline(state.outOfReach.joined(separator: "; ")) + ".")
            console.wrapped(style.paint("'retry' runs the step's setup again and starts over; 'skip' goes on.", .dim))
        } else if verdict == .notYet || verdict == .hint {
            console.wrapped(style.paint(stuck ? "('retry' to start over, 'skip' to go on)" : "('hint' for a hint, 'retry' to start over, 'skip' to go on)", .dim))
        }
        // No hint leads anywhere from an attempt that cannot succeed: the way on is 'retry'.
        if verdict == .hint, !stuck { showHint(unasked: true) }
    }

    /// What the step wants against what the playground holds, one condition a line.
    private func showState(_ state: StepEvaluation, heading: String, color: TerminalStyle.Attribute) {
        console.wrapped(style.paint(heading, color) + " The step wants:")
        for line in state.lines { console.wrapped(renderer.inline(line), indent: "  ") }
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

    /// `hint`: the page's next hint, the waiting step's first, numbered over the page; a
    /// step hint that would describe what already holds is passed over. `unasked` (after
    /// a miss) stays quiet when no hint is left.
    func showHint(unasked: Bool = false) {
        guard let lesson = currentLesson else { return }
        let page = lesson.pages[pageIndex]
        let key = "\(lesson.id)/\(pageIndex)"
        var hints = pageHints[key] ?? HintSequence(
            stepHints: page.tryStep?.hints ?? [],
            stepGoals: page.tryStep?.hintGoals ?? [],
            pageHints: page.hints.count
        )
        let step = activeStep
        let waiting = step != nil && step?.pageIndex == pageIndex
        // A Swift step's goals are about a run, not the playground: its hints are never passed over.
        let next = hints.next(stepWaiting: waiting) { goal in
            guard let step, !step.step.isSwift else { return false }
            return playground.evaluate([goal], since: step.mark).isDone
        }
        pageHints[key] = hints
        let stuck = waiting && step.map { !$0.step.isSwift && !playground.evaluate($0.step.conditions, since: $0.mark).outOfReach.isEmpty } == true
        // Asked for help on an attempt that cannot succeed, the first help is to start over.
        if stuck, !unasked {
            console.wrapped(style.paint("This attempt can no longer succeed; 'retry' starts the step over.", .yellow))
        }
        let passedOver = next.skipped.map(String.init).joined(separator: ", ")
        let passedOverName = next.skipped.count == 1 ? "hint" : "hints"
        guard let item = next.item else {
            guard !unasked else { return }
            if hints.total == 0 {
                console.wrapped("This page has no hints.")
            } else if !next.skipped.isEmpty {
                console.wrapped("No other hint applies now: \(passedOverName) \(passedOver) would describe what already holds.")
            } else {
                console.wrapped("No more hints on this page." + (waiting && !stuck ? " 'retry' starts the step over." : ""))
            }
            return
        }
        var label = "Hint \(next.number) of \(next.total)"
        if !next.skipped.isEmpty { label += " (\(passedOverName) \(passedOver) passed over: already true)" }
        switch item {
        case let .step(text):
            console.wrapped(style.paint(label + ":", .yellow) + " " + renderer.inline(text))
            recordHint(lesson: lesson, step: Self.stepIdentifier(page: pageIndex))
        case let .page(index):
            console.line(style.paint(label + ":", .yellow))
            renderer.render(page.hints[index]).forEach { console.line($0) }
            recordHint(lesson: lesson, step: nil)
        }
    }

    private func recordHint(lesson: Lesson, step: String?) {
        recorder.hintShown(lesson: lesson, page: pageIndex + 1, step: step)
    }
}
