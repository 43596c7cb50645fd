import Testing
import TutorCourse
import TutorPlayground

/// Judging a step's conditions from values alone, and the playground events it reads.
@Suite struct StepEvaluationTests {
    static let pressureStep: [TryCondition] = [.evicted(key: "harbour", reason: .pressure), .count(Comparison(.equal, 0))]

    @Test func anEntryClearedAwayCanNoLongerBeEvictedAndTheStepSaysWhy() {
        let events: [PlaygroundEvent] = [
            .ran(words: ["clear"]), .removed(key: "harbour", by: "clear"), .removed(key: "market", by: "clear"),
            .ran(words: ["pressure", "critical"]),
        ]
        let state = StepEvaluation(conditions: Self.pressureStep, keys: [], totalCost: 0, events: events)
        #expect(state.holding == 1)
        #expect(!state.isDone)
        #expect(state.outOfReach == ["harbour left the cache by `clear`, so it cannot be evicted by pressure unless you store it again"])
        #expect(state.lines == ["✗ harbour evicted by pressure: harbour left the cache by `clear`", "✓ entries = 0"])
    }

    @Test func anEntryStillHeldOrStoredAgainCanStillBeEvicted() {
        let untouched = StepEvaluation(conditions: Self.pressureStep, keys: ["harbour", "market"], totalCost: 20, events: [])
        #expect(untouched.outOfReach.isEmpty)
        #expect(untouched.lines == ["✗ harbour evicted by pressure: harbour is still in the cache", "✗ entries = 0: 2 now"])
        let storedAgain = StepEvaluation(conditions: Self.pressureStep, keys: ["harbour"], totalCost: 10,
                                         events: [.removed(key: "harbour", by: "remove"), .ran(words: ["set", "harbour", "10"])])
        #expect(storedAgain.outOfReach.isEmpty)
    }

    @Test func anEvictionForTheWrongReasonIsOutOfReachOnceTheKeyIsGone() {
        let conditions: [TryCondition] = [.evicted(key: "b", reason: .cost)]
        let gone = StepEvaluation(conditions: conditions, keys: ["a"], totalCost: 1, events: [.evicted(key: "b", reason: "count")])
        #expect(gone.outOfReach == ["b left the cache in an eviction by count, so it cannot be evicted by cost unless you store it again"])
        let anyReason = StepEvaluation(conditions: [.evicted(key: "b", reason: nil)], keys: ["a"], totalCost: 1, events: [.evicted(key: "b", reason: "count")])
        #expect(anyReason.isDone)
        #expect(anyReason.outOfReach.isEmpty)
    }

    @Test func aHitOnARemovedKeyIsOutOfReachAndAMissNeverIs() {
        let conditions: [TryCondition] = [.hit(key: "harbour"), .miss(key: "lighthouse")]
        let state = StepEvaluation(conditions: conditions, keys: ["market"], totalCost: 10, events: [.removed(key: "harbour", by: "remove")])
        #expect(state.outOfReach == ["harbour left the cache by `remove`, so `get harbour` can only miss unless you store it again"])
        #expect(state.lines == ["✗ a `get harbour` that finds it: harbour left the cache by `remove`", "✗ a `get lighthouse` that misses: no `get lighthouse` yet"])
    }

    @Test func evictionsPastACeilingStayPastIt() {
        let two: [PlaygroundEvent] = [.evicted(key: "a", reason: "count"), .evicted(key: "b", reason: "count")]
        for (comparison, reachable) in [(Comparison(.lessOrEqual, 1), false), (Comparison(.equal, 1), false), (Comparison(.less, 2), false), (Comparison(.greaterOrEqual, 3), true), (Comparison(.equal, 3), true)] {
            let state = StepEvaluation(conditions: [.evictions(comparison)], keys: [], totalCost: 0, events: two)
            #expect(state.outOfReach.isEmpty == reachable, "\(comparison)")
        }
    }

    @Test func stateConditionsSayWhatTheCacheHolds() {
        let conditions: [TryCondition] = [.contains(key: "a"), .lacks(key: "c"), .cost(Comparison(.lessOrEqual, 2)), .ran(command: "stats")]
        let state = StepEvaluation(conditions: conditions, keys: ["c", "d", "e"], totalCost: 3, events: [])
        #expect(state.lines == ["✗ a in the cache: it holds c, d, e", "✗ c not in the cache: it holds c", "✗ total cost <= 2: 3 now", "✗ `stats` run: not run yet"])
        #expect(state.outOfReach.isEmpty, "state can always change back")
    }

    @Test func thePlaygroundRecordsWhatLeftTheCacheByCommand() throws {
        let playground = Playground()
        _ = try playground.run("cache new --count 3")
        _ = try playground.run("set a 1")
        _ = try playground.run("set b 1")
        let mark = playground.mark
        _ = try playground.run("remove zzz")
        _ = try playground.run("remove a")
        _ = try playground.run("set c 1")
        _ = try playground.run("clear")
        let removed = playground.events[mark...].compactMap { event -> String? in
            guard case let .removed(key, by) = event else { return nil }
            return "\(key) by \(by)"
        }
        #expect(removed == ["a by remove", "b by clear", "c by clear"], "a key not in the cache is not recorded")
        let state = playground.evaluate([.evicted(key: "b", reason: .count), .count(Comparison(.equal, 0))], since: mark)
        #expect(state.holding == 1)
        #expect(state.outOfReach.count == 1)
    }
}
