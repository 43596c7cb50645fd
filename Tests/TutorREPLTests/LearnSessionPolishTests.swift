import Testing
import TutorREPL
import TutorTerminal
import TutorTestSupport

/// Scripted use, leaving, try-it outcomes and narrow terminals.
@Suite struct LearnSessionPolishTests {
    @Test func resetFromAPipeAsksNothingAndTakesNoLine() throws {
        let progress = MemoryLearnProgress()
        let run = try SessionRun.run(["page 2", "page 3", "reset alpha", "where", "quit"], progress: progress, interactive: false)
        let out = run.output.out
        #expect(!run.reader.prompts.contains { $0.hasPrefix("Forget") })
        let flat = out.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        #expect(flat.contains("Nothing was reset: without a terminal it does not ask. 'reset alpha --yes' resets at once."))
        // The line after `reset` ran as a command, not as the answer to a question.
        #expect(out.contains("Page 3 of 3: Closing"))
        #expect(try progress.record(forLesson: "01-alpha").furthestPage == 3)
    }

    @Test func resetYesResetsWithoutAsking() throws {
        let progress = MemoryLearnProgress()
        try SessionRun.run(["page 2", "page 3", "quit"], progress: progress, interactive: false)
        #expect(try progress.record(forLesson: "01-alpha").furthestPage == 3)
        let run = try SessionRun.run(["reset alpha --yes", "quit"], startingAt: "beta", progress: progress, interactive: false)
        #expect(run.output.out.contains("Progress in 01-alpha is forgotten."))
        #expect(!run.reader.prompts.contains { $0.hasPrefix("Forget") })
        #expect(try progress.record(forLesson: "01-alpha").furthestPage == nil)
    }

    @Test func helpResetSaysHowScriptsConfirm() throws {
        let run = try SessionRun.run(["help reset", "quit"])
        #expect(run.output.out.contains("reset [LESSON] [--yes]"))
        let flat = run.output.out.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        #expect(flat.contains("it resets nothing unless --yes is given, as in: printf 'reset 3 --yes\\nquit\\n' | cachetutor learn"))
    }

    @Test func endOfInputSaysGoodbyeAsQuitDoes() throws {
        let (console, output) = Console.capture()
        let reader = ScriptedLineReader(results: [.line("next"), .endOfInput])
        let session = LearnSession(course: try Fixture.course(), reader: reader, console: console, progress: MemoryLearnProgress())
        try session.run()
        #expect(output.out.contains("\nYour place is saved; 'cachetutor learn' brings you back here.\n"))
    }

    @Test func aStepDoneByAnEvictionNamesWhatWasEvicted() throws {
        let run = try SessionRun.run(["page 2", "set c 1", "quit"])
        let out = run.output.out
        let done = try #require(out.range(of: "✓ Well done"))
        let evicted = try #require(out.range(of: "The cache evicted a (count: over the count limit)."))
        #expect(done.upperBound < evicted.lowerBound)
    }

    @Test func helpDescribesThePlaygroundCommandsIndented() throws {
        let run = try SessionRun.run(["help", "quit"])
        #expect(run.output.out.contains("\n  set KEY [COST] · store an object under KEY, costing COST (default 0)\n"))
        #expect(run.output.out.contains("\n  show · draw the entries against the cost limit\n"))
    }

    /// Everything the session prints, at every width, stays inside the width.
    @Test(arguments: [40, 50, 60, 80])
    func noLineIsWiderThanTheTerminal(width: Int) throws {
        let script = [
            "help", "help set", "help cache", "help reset", "help next", "help pressure",
            "cache new --count 3 --cost 100 --policy random --seed 7", "set a 60", "set b 300", "show", "stats",
            "delegate on", "set c 50", "set d 70", "pressure moderate", "stats", "lessons", "progress",
            "page 2", "set c 1", "hint", "page 3", "where", "reset alpha", "n", "open beta", "nonsense", "quit",
        ]
        let run = try SessionRun.run(script, width: width)
        let lines = run.output.out.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            #expect(TextWrapper.visibleWidth(String(line)) <= width, "\(TextWrapper.visibleWidth(String(line))) columns at \(width): '\(line)'")
        }
        #expect(run.output.out.contains("End of lesson 1."))
        #expect(run.output.out.contains("total cost 300 of limit 100") || width < 60)
    }
}
