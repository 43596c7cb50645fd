import Testing
import TutorCourse
@testable import TutorREPL

/// The rules that judge a try-it step, without a playground.
@Suite struct TryItProgressTests {
    static let step = TryStep(task: "Make the cache evict b", conditions: [.contains(key: "a"), .lacks(key: "b")], hints: ["first hint", "second hint"])

    @Test func aCommandThatMakesOneMoreConditionHoldIsNoMiss() {
        var progress = TryItProgress(pageIndex: 2, step: Self.step, mark: 0, holding: 0)
        let first = progress.judgeCommand(holding: 1, changedCache: true)
        let second = progress.judgeCommand(holding: 2, changedCache: true)
        #expect([first, second] == [.closer, .done])
        #expect(progress.misses == 0)
    }

    @Test func fromTheSecondMissOnEachMissEarnsAHintAndLookingIsNeverAMiss() {
        var progress = TryItProgress(pageIndex: 0, step: Self.step, mark: 0, holding: 1)
        let verdicts = [
            progress.judgeCommand(holding: 1, changedCache: false),
            progress.judgeCommand(holding: 1, changedCache: true),
            progress.judgeCommand(holding: 1, changedCache: true),
            progress.judgeCommand(holding: 0, changedCache: true),
        ]
        #expect(verdicts == [.unchanged, .notYet, .hint, .hint])
        #expect(progress.misses == 3)
    }

    @Test func swiftRunsAreMissesUntilNothingIsUnmet() {
        var progress = TryItProgress(pageIndex: 0, step: Self.step, mark: 0, holding: 0)
        let verdicts = [progress.judgeRun(unmet: 1), progress.judgeRun(unmet: 1), progress.judgeRun(unmet: 0)]
        #expect(verdicts == [.notYet, .hint, .done])
    }

    @Test func anAttemptOutOfReachIsToldOnce() {
        var progress = TryItProgress(pageIndex: 0, step: Self.step, mark: 0, holding: 0)
        let told = [progress.shouldTellOutOfReach([]), progress.shouldTellOutOfReach(["b left"]), progress.shouldTellOutOfReach(["b left"])]
        #expect(told == [false, true, false])
    }
}
