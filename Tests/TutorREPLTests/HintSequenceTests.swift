import Testing
import TutorCourse
@testable import TutorREPL

/// One page's hints as one list: numbered on, with hints about what already holds passed over.
@Suite struct HintSequenceTests {
    static func sequence() -> HintSequence {
        HintSequence(stepHints: ["run it", "look at it"], stepGoals: [.ran(command: "pressure critical"), nil], pageHints: 1)
    }

    @Test func stepHintsThenPageHintsNumberedOnOneList() {
        var hints = Self.sequence()
        let shown = (0..<4).map { _ in hints.next(stepWaiting: true) { _ in false } }
        #expect(shown == [
            .init(number: 1, total: 3, item: .step("run it"), skipped: []),
            .init(number: 2, total: 3, item: .step("look at it"), skipped: []),
            .init(number: 3, total: 3, item: .page(0), skipped: []),
            .init(number: 0, total: 3, item: nil, skipped: []),
        ])
    }

    @Test func aHintWhoseGoalHoldsIsPassedOverUntilItNoLongerHolds() {
        var hints = Self.sequence()
        let holds = { (goal: TryCondition) in goal == .ran(command: "pressure critical") }
        #expect(hints.next(stepWaiting: true, goalHolds: holds) == .init(number: 2, total: 3, item: .step("look at it"), skipped: [1]))
        #expect(hints.next(stepWaiting: true, goalHolds: holds) == .init(number: 3, total: 3, item: .page(0), skipped: [1]))
        #expect(hints.next(stepWaiting: true, goalHolds: holds) == .init(number: 0, total: 3, item: nil, skipped: [1]))
        // After a retry the goal no longer holds: the hint never seen is shown, with its own number.
        #expect(hints.next(stepWaiting: true) { _ in false } == .init(number: 1, total: 3, item: .step("run it"), skipped: []))
    }

    @Test func withNoStepWaitingOnlyPageHintsShow() {
        var hints = Self.sequence()
        #expect(hints.next(stepWaiting: false) { _ in false } == .init(number: 3, total: 3, item: .page(0), skipped: []))
        #expect(hints.next(stepWaiting: false) { _ in false }.item == nil)
    }
}
