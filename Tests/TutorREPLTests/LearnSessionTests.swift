import Foundation
import Synchronization
import Testing
import TutorCourse
import TutorREPL
import TutorTerminal
import TutorTestSupport

@Suite struct LearnSessionTests {
    @Test func startsAtTheFirstPageAndShowsTheGoal() throws {
        let run = try SessionRun.run([])
        #expect(run.output.out.contains("01 · Alpha lesson · page 1 of 3: Opening"))
        #expect(run.output.out.contains("Goal: Practise the REPL with a small cache."))
        #expect(run.reader.prompts == ["01 alpha 1/3 › "])
    }

    @Test func enterAndNextTurnPagesAndThePromptFollows() throws {
        let run = try SessionRun.run(["", "skip", "n", "next", "quit"])
        #expect(run.reader.prompts == ["01 alpha 1/3 › ", "01 alpha 2/3 › ", "01 alpha 3/3 › ", "02 beta 1/2 › ", "02 beta 2/2 › "])
        #expect(run.output.out.contains("End of lesson 1."))
        #expect(run.output.out.contains("quiz: type 'quiz' to take 01-alpha here"))
        #expect(try run.progress.resumePosition() == LearnPosition(lesson: "02-beta", page: 2))
    }

    @Test func backAndPageNavigate() throws {
        let run = try SessionRun.run(["page 3", "back", "back", "back", "page 9", "quit"])
        #expect(run.reader.prompts.prefix(4) == ["01 alpha 1/3 › ", "01 alpha 3/3 › ", "01 alpha 2/3 › ", "01 alpha 1/3 › "])
        #expect(run.output.out.contains("This is the first page of the lesson."))
        #expect(run.output.out.contains("usage: page N, with N from 1 to 3"))
    }

    @Test func aTryStepRunsItsSetupAndRecognisesSuccess() throws {
        let run = try SessionRun.run(["page 2", "set c 1", "quit"])
        let out = run.output.out
        #expect(out.contains("setup › cache new --count 2 --policy fifo"))
        #expect(out.contains("Try it: Make the cache evict `a` because of the count limit"))
        #expect(out.contains("✓ Well done: Make the cache evict `a` because of the count limit"))
        #expect(try run.progress.record(forLesson: "01-alpha").stepsDone == ["2.1"])
    }

    @Test func wrongAttemptsLeadToHints() throws {
        let run = try SessionRun.run(["page 2", "get a", "remove b", "set b 1", "remove b", "set b 1", "quit"])
        let out = run.output.out
        #expect(out.contains("Not yet."))
        #expect(out.contains("Hint 1 of 3: The cache holds two entries already."))
        #expect(out.contains("Hint 2 of 3: Type `set c 1`."))
        #expect(out.contains("Hint 3 of 3:\nAlpha page hint."), "each miss from the second on brings the next hint")
        #expect(!out.contains("Well done"))
        #expect(try run.progress.record(forLesson: "01-alpha").hintsUsed == 3)
    }

    @Test func everyMissSaysWhatTheCacheHoldsAgainstWhatTheStepWants() throws {
        let run = try SessionRun.run(["page 2", "remove b", "set b 1", "remove b", "quit"])
        let out = run.output.out
        #expect(out.components(separatedBy: "Not yet. The step wants:\n  ✗ a evicted by count: a is still in the cache").count == 4, "\(out)")
    }

    @Test func anAttemptThatCanNoLongerSucceedSaysSoOnceAndRetryStartsOver() throws {
        let run = try SessionRun.run(["page 2", "remove a", "set c 1", "set d 1", "hint", "retry", "set c 1", "quit"])
        let out = run.output.out.replacingOccurrences(of: "\n", with: " ")
        #expect(out.components(separatedBy: "This attempt can no longer succeed: a left the cache by `remove`, so it cannot be evicted by count unless you store it again.").count == 2, "\(out)")
        #expect(out.components(separatedBy: "'retry' runs the step's setup again and starts over").count == 2)
        #expect(out.contains("This attempt can no longer succeed; 'retry' starts the step over. Hint 1 of 3:"), "asking for a hint says it again, then hints")
        #expect(out.components(separatedBy: "('retry' to start over, 'skip' to go on)").count == 3, "the misses after it point to 'retry', and bring no hint unasked")
        #expect(out.contains("✓ Well done: Make the cache evict `a` because of the count limit"))
        #expect(try run.progress.record(forLesson: "01-alpha").stepsDone == ["2.1"])
    }

    @Test func aStepHintAboutWhatAlreadyHoldsIsPassedOver() throws {
        let fresh = try SessionRun.run(["page 2", "hint", "quit"], startingAt: "beta")
        #expect(fresh.output.out.contains("Hint 1 of 2: Start by taking `x` out yourself."))
        let removed = try SessionRun.run(["page 2", "remove x", "hint", "hint", "quit"], startingAt: "beta")
        let out = removed.output.out.replacingOccurrences(of: "\n", with: " ")
        #expect(out.contains("Hint 2 of 2 (hint 1 passed over: already true): `remove x`, then two more entries."), "\(out)")
        #expect(!out.contains("Start by taking"))
        #expect(out.contains("No other hint applies now: hint 1 would describe what already holds."))
    }

    @Test func aCommandThatBringsTheStepCloserIsNotAMiss() throws {
        let run = try SessionRun.run(["page 2", "remove x", "set z 1", "set w 1", "quit"], startingAt: "beta")
        let out = run.output.out
        #expect(out.components(separatedBy: "Not yet.").count == 2, "only 'set z 1' is a miss")
        #expect(!out.contains("Hint 1"))
        #expect(out.contains("✓ Well done: Remove `x` yourself, then make the cache evict `y`"))
    }

    @Test func enterDuringAStepRemindsAndSkipMovesOn() throws {
        let run = try SessionRun.run(["page 2", "", "next", "skip", "quit"])
        let out = run.output.out
        #expect(out.contains("(type playground commands; 'hint' for a hint, 'skip' to go on)"))
        #expect(out.contains("Finish the try-it step first, or 'skip' it."))
        #expect(run.reader.prompts.last == "01 alpha 3/3 › ")
        #expect(try run.progress.record(forLesson: "01-alpha").stepsDone.isEmpty)
    }

    @Test func aDoneStepIsNotSetUpAgain() throws {
        let progress = MemoryLearnProgress()
        try progress.recordStepDone(lesson: "01-alpha", step: "2.1")
        let run = try SessionRun.run(["page 2", "next", "quit"], progress: progress)
        #expect(run.output.out.contains("Try it (done):"))
        #expect(!run.output.out.contains("setup ›"))
        #expect(run.reader.prompts.last == "01 alpha 3/3 › ")
    }

    @Test func hintShowsStepHintsThenPageHints() throws {
        let run = try SessionRun.run(["page 2", "hint", "hint", "hint", "hint", "quit"])
        let out = run.output.out
        #expect(out.contains("Hint 1 of 3: The cache holds two entries already."))
        #expect(out.contains("Hint 3 of 3:\nAlpha page hint."), "the page's hints go on from the step's")
        #expect(out.contains("No more hints on this page."))
    }

    @Test func resumesWhereTheLearnerLeftOff() throws {
        let progress = MemoryLearnProgress()
        try SessionRun.run(["open beta", "next", "quit"], progress: progress)
        let again = try SessionRun.run(["open alpha", "open beta", "quit"], progress: progress)
        #expect(again.reader.prompts == ["02 beta 2/2 › ", "01 alpha 1/3 › ", "02 beta 2/2 › "])
        #expect(again.output.out.components(separatedBy: "Picking up where you left off: lesson 2, page 2 of 2").count == 3)
    }

    @Test func aLessonNamedOnTheCommandLineWins() throws {
        let run = try SessionRun.run(["quit"], startingAt: "2")
        #expect(run.reader.prompts == ["02 beta 1/2 › "])
        #expect(throws: LessonLookupError.self) { try SessionRun.run([], startingAt: "gamma") }
    }

    @Test func openSuggestsForAMisspelledLesson() throws {
        let run = try SessionRun.run(["open alpah", "quit"])
        #expect(run.output.out.contains("no lesson 'alpah'; did you mean 'alpha'?"))
    }

    @Test func unknownCommandsGetASuggestion() throws {
        let run = try SessionRun.run(["nxet", "lessosn", "frobnicate", "quit"])
        let out = run.output.out
        #expect(out.contains("unknown command 'nxet'; did you mean 'next'? ('help' lists the commands)"))
        #expect(out.contains("unknown command 'lessosn'; did you mean 'lessons'?"))
        #expect(out.contains("unknown command 'frobnicate' ('help' lists the commands)"))
    }

    @Test func commandsWithoutArgumentsRefuseExtraWords() throws {
        let run = try SessionRun.run(["next please", "quit"])
        #expect(run.output.out.contains("'next' takes no arguments; 'help next' explains it"))
        #expect(run.reader.prompts == ["01 alpha 1/3 › ", "01 alpha 1/3 › "])
    }

    @Test func theLastPageEndsWithPointersToQuizAndNextLesson() throws {
        let run = try SessionRun.run(["page 3", "quit"])
        let out = run.output.out
        let closing = try #require(out.range(of: "End of lesson 1."))
        let body = try #require(out.range(of: "Alpha closing text."))
        #expect(body.upperBound < closing.lowerBound)
        #expect(out.contains("Enter: the next lesson"))
    }

    @Test func aliasesWork() throws {
        let run = try SessionRun.run(["n", "b", "p 3", "w", "q"])
        #expect(run.reader.prompts.prefix(4) == ["01 alpha 1/3 › ", "01 alpha 2/3 › ", "01 alpha 1/3 › ", "01 alpha 3/3 › "])
        #expect(run.output.out.contains("Page 3 of 3: Closing"))
        #expect(run.output.out.contains("Your place is saved"))
    }

    @Test func helpListsEveryCommandAndExplainsOne() throws {
        let run = try SessionRun.run(["help", "help n", "help pressure", "help nope", "quit"])
        let out = run.output.out
        let flat = out.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        for command in LearnCommandName.allCases {
            #expect(flat.contains(command.summary), "help lacks \(command)")
        }
        #expect(out.contains("next (or just Enter) (also: n)"))
        #expect(out.contains("pressure moderate|critical"))
        #expect(out.contains("no command 'nope'"))
    }

    @Test func lessonsAndProgressSummarise() throws {
        let run = try SessionRun.run(["page 2", "set c 1", "page 3", "lessons", "progress", "quit"])
        let out = run.output.out
        #expect(out.contains("→  1  alpha         Alpha lesson  (read 3/3)"))
        #expect(out.contains("   2  beta          Beta lesson"))
        #expect(out.contains(" 1  alpha         read 3/3        try-it 1/1  hints 0"))
        #expect(out.contains(" 2  beta          not started     try-it 0/1  hints 0"))
    }

    @Test func resetAsksFirst() throws {
        let progress = MemoryLearnProgress()
        try SessionRun.run(["page 2", "page 3", "reset alpha", "n", "quit"], progress: progress)
        #expect(try progress.record(forLesson: "01-alpha").furthestPage == 3)
        let run = try SessionRun.run(["reset alpha", "y", "quit"], progress: progress)
        #expect(run.output.out.contains("Progress in 01-alpha is forgotten."))
        #expect(run.reader.prompts.contains("Forget your progress in 01-alpha? [y/N] "))
    }

    @Test func quizAndCheckUseTheServices() throws {
        var calls: [String] = []
        let services = LearnSession.Services(
            runQuiz: { name, shuffle, _, console in calls.append("quiz \(name)" + (shuffle ? "" : " in file order")); console.line("quiz ran") },
            check: { path, mode, _ in calls.append((mode == .watch ? "watch " : mode == .verbose ? "check --verbose " : "check ") + path) }
        )
        try SessionRun.run(["quiz", "quiz --no-shuffle", "quiz --sorted", "check my.swift", "check --verbose my.swift", "open beta", "quiz", "check", "quit"], services: services)
        #expect(calls == ["quiz 01-alpha", "quiz 01-alpha in file order", "check my.swift", "check --verbose my.swift", "check exercises/ThumbnailCache.swift"])
    }

    @Test func serviceErrorsArePrintedAndTheSessionGoesOn() throws {
        struct Broken: UserFacingError { var message: String { "exercises/x.swift: no such file" }; var exitCode: ExitCode { .noInput } }
        let services = LearnSession.Services(runQuiz: { _, _, _, _ in }, check: { _, _, _ in throw Broken() })
        let run = try SessionRun.run(["check exercises/x.swift", "next", "quit"], services: services)
        #expect(run.output.out.contains("exercises/x.swift: no such file"))
        #expect(run.reader.prompts.last == "01 alpha 2/3 › ")
    }

    @Test func longPagesArePaged() throws {
        let run = try SessionRun.run(["", "", "", "quit"], startingAt: "beta", screenHeight: 8)
        #expect(run.reader.prompts.first == "-- more: Enter, q to stop -- ")
        #expect(run.output.out.contains("Line six."))
    }

    @Test func qStopsPaging() throws {
        let run = try SessionRun.run(["q", "quit"], startingAt: "beta", screenHeight: 8)
        #expect(!run.output.out.contains("Line six."))
        #expect(run.reader.prompts == ["-- more: Enter, q to stop -- ", "02 beta 1/2 › "])
    }

    @Test func aCommandTypedAtTheMorePromptStopsPagingAndRuns() throws {
        let run = try SessionRun.run(["where", "quit"], startingAt: "beta", screenHeight: 8)
        #expect(!run.output.out.contains("Line six."))
        #expect(run.output.out.contains("Lesson 2 of 2: Beta lesson (02-beta)"))
        #expect(run.reader.prompts == ["-- more: Enter, q to stop -- ", "02 beta 1/2 › "])
    }

    @Test func interruptsAreIgnoredAndEndOfInputSaves() throws {
        let (console, _) = Console.capture()
        let reader = ScriptedLineReader(results: [.line("next"), .interrupted, .endOfInput])
        let progress = MemoryLearnProgress()
        let session = LearnSession(course: try Fixture.course(), reader: reader, console: console, progress: progress)
        try session.run()
        #expect(reader.prompts.count == 3)
        #expect(try progress.resumePosition() == LearnPosition(lesson: "01-alpha", page: 2))
    }

    @Test func playgroundCommandsWorkOnAnyPage() throws {
        let run = try SessionRun.run(["set k 5", "get k", "sett k 1", "show", "quit"])
        let out = run.output.out
        #expect(out.contains("hit: k"))
        #expect(out.contains("unknown playground command") == false)
        #expect(out.contains("unknown command 'sett'; did you mean 'set'?"))
        #expect(out.contains("  k "))
    }

    @Test func completionOffersKeysOfTheLivePlayground() throws {
        let (console, _) = Console.capture()
        let session = LearnSession(course: try Fixture.course(), reader: ScriptedLineReader(["set apple 3"]), console: console,
                                   progress: MemoryLearnProgress())
        try session.run()
        let provider = session.completionProvider
        #expect(provider.candidates(for: "get ") == ["apple"])
        #expect(provider.candidates(for: "open ").contains("alpha"))
        #expect(provider.candidates(for: "open ").contains("02-beta"))
    }

    @Test func colourPromptBracketsItsEscapes() throws {
        let (console, _) = Console.capture(width: 80, color: true)
        let reader = ScriptedLineReader([])
        let session = LearnSession(course: try Fixture.course(), reader: reader, console: console, progress: MemoryLearnProgress())
        try session.run()
        #expect(reader.prompts == ["\u{1}\u{1B}[1;36m\u{1}01 alpha 1/3 ›\u{1}\u{1B}[0m\u{1} "])
    }
}

extension LearnSessionTests {
    @Test func aResizedTerminalIsMeasuredAgainBeforeEachCommand() throws {
        let text = Mutex("")
        func console(width: Int) -> Console {
            let style = TerminalStyle(colorEnabled: false, width: width)
            return Console(style: style, errorStyle: style, out: { chunk in text.withLock { $0 += chunk } }, err: { _ in })
        }
        let session = LearnSession(
            course: try Fixture.course(), reader: ScriptedLineReader(["open beta", "quit"]), console: console(width: 80),
            progress: MemoryLearnProgress(), remeasure: { (console(width: 24), nil) }
        )
        try session.run()
        let afterResize = text.withLock { $0 }.components(separatedBy: "Beta lesson")[1]
        #expect(afterResize.split(separator: "\n").allSatisfy { TextWrapper.visibleWidth(String($0)) <= 24 })
        #expect(afterResize.contains("Goal: Read a long page."))
    }
}
