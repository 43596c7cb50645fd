import Testing
import TutorCourse
@testable import TutorPlayground

/// `lessons --lint`'s proof that a try-it step can be done, and only by the learner.
@Suite struct TryStepCheckerTests {
    func step(setup: [String], expect: [String], hints: [String]) throws -> TryStep {
        TryStep(task: "a task", setup: setup, conditions: try expect.map { try TryCondition(parsing: $0) }, hints: hints)
    }

    @Test func aStepThatItsHintsSolveIsWorkable() throws {
        let workable = try step(setup: ["cache new --count 2 --policy lru", "set a 1", "set b 1"],
                                expect: ["evicted b by count", "contains a"],
                                hints: ["Reading makes an entry recent.", "`get a`, then `set c 1`."])
        #expect(TryStepChecker.problems(workable) == [])
        #expect(TryStepChecker.hintedCommands(workable) == ["get a", "set c 1"])
    }

    @Test func aStepDoneByItsSetupIsCaught() throws {
        // Evictions during the setup happened before the step began; state is what counts now.
        let done = try step(setup: ["cache new --count 1", "set a 1"], expect: ["contains a"], hints: ["`show`"])
        #expect(TryStepChecker.problems(done) == ["its setup alone completes it, so the learner has nothing to do; expect something only the learner's commands bring about"])
    }

    @Test func hintsThatDoNotSolveTheStepAreCaught() throws {
        let wrong = try step(setup: ["cache new --count 2 --policy lru", "set a 1", "set b 1"], expect: ["evicted b by count"], hints: ["`set c 1`"])
        #expect(TryStepChecker.problems(wrong) == ["its hints' commands (`set c 1`) leave 'evicted b by count' unmet under count limit 2, no cost limit, policy lru; fix the hints or the expectation"])
        let silent = try step(setup: ["cache new"], expect: ["hit a"], hints: ["Look it up."])
        #expect(TryStepChecker.problems(silent) == ["no hint spells out a playground command in backticks; end the hints with the commands that complete the step"])
    }

    @Test func theSamePlanFailsUnderAnotherPolicy() throws {
        // Under Foundation's order the cheapest (and newest) entry goes, so reading `a` does not save it.
        let foundation = try step(setup: ["cache new --count 2 --policy foundation", "set a 1", "set b 1"], expect: ["evicted b by count", "contains a"], hints: ["`get a`, then `set c 1`."])
        #expect(TryStepChecker.problems(foundation).count == 1)
    }

    @Test func evictionsTheStepsCachesCannotMakeAreCaught() throws {
        let noLimit = try step(setup: ["cache new", "set a 1"], expect: ["evicted a by count"], hints: ["`set b 1`"])
        #expect(TryStepChecker.problems(noLimit).first == "'evicted a by count' can never hold: no cache of this step has a count limit (cache new --count N)")
        let discarded = try step(setup: ["cache new"], expect: ["evicted a by discarded"], hints: ["`set a 1`", "`pressure critical`"])
        #expect(TryStepChecker.problems(discarded).first == "'evicted a by discarded' can never hold: the playground's entries never discard their content")
    }

    @Test func aHintPassedOverFromTheStartIsCaught() throws {
        var stale = try step(setup: ["cache new", "set a 1"], expect: ["lacks a"], hints: ["The cache holds `a`.", "`remove a`"])
        stale.hintGoals = [.contains(key: "a"), nil]
        #expect(TryStepChecker.problems(stale) == ["hint 1 is passed over from the start: its 'until contains a' holds right after the setup"])
        stale.hintGoals = [.lacks(key: "a"), nil]
        #expect(TryStepChecker.problems(stale) == [])
    }
}
