import Testing
import TutorCourse
import TutorPlayground

/// Each condition of Lessons/README.md, checked against a playground after a few commands.
@Suite struct TryConditionEvaluationTests {
    /// A cost-limited LRU cache holding a (40) and b (40), the step begun after the setup.
    private func setUp() throws -> (Playground, Int) {
        let playground = Playground()
        _ = try playground.run("cache new --cost 100 --policy lru")
        _ = try playground.run("set a 40")
        _ = try playground.run("set b 40")
        return (playground, playground.mark)
    }

    private func condition(_ text: String) throws -> TryCondition { try TryCondition(parsing: text) }

    @Test func evictedWithAndWithoutReason() throws {
        let (playground, mark) = try setUp()
        #expect(!playground.holds(try condition("evicted a"), since: mark))
        _ = try playground.run("set c 30")
        #expect(playground.holds(try condition("evicted a"), since: mark))
        #expect(playground.holds(try condition("evicted a by cost"), since: mark))
        #expect(!playground.holds(try condition("evicted a by count"), since: mark))
        #expect(!playground.holds(try condition("evicted b"), since: mark))
    }

    @Test func onlyEventsSinceTheMarkCount() throws {
        let (playground, _) = try setUp()
        _ = try playground.run("set c 30")
        let later = playground.mark
        #expect(!playground.holds(try condition("evicted a"), since: later))
        #expect(playground.holds(try condition("evictions = 0"), since: later))
    }

    @Test func hitAndMiss() throws {
        let (playground, mark) = try setUp()
        _ = try playground.run("get a")
        _ = try playground.run("get zz")
        #expect(playground.holds(try condition("hit a"), since: mark))
        #expect(!playground.holds(try condition("miss a"), since: mark))
        #expect(playground.holds(try condition("miss zz"), since: mark))
        #expect(!playground.holds(try condition("hit b"), since: mark))
    }

    @Test func containsAndLacksLookAtTheCacheNow() throws {
        let (playground, mark) = try setUp()
        #expect(playground.holds(try condition("contains a"), since: mark))
        #expect(playground.holds(try condition("lacks c"), since: mark))
        _ = try playground.run("remove a")
        #expect(playground.holds(try condition("lacks a"), since: mark))
        #expect(!playground.holds(try condition("contains a"), since: mark))
    }

    @Test func checkingDoesNotDisturbTheCache() throws {
        let (playground, mark) = try setUp()
        _ = playground.holds(try condition("contains a"), since: mark)
        // Had the check looked `a` up, a would be most recent and b would go first.
        _ = try playground.run("set c 30")
        #expect(playground.keys == ["b", "c"])
        #expect(try playground.run("stats")[0] == "hits 0, misses 0")
    }

    @Test func countCostAndEvictionsCompare() throws {
        let (playground, mark) = try setUp()
        #expect(playground.holds(try condition("count = 2"), since: mark))
        #expect(playground.holds(try condition("count <= 2"), since: mark))
        #expect(!playground.holds(try condition("count > 2"), since: mark))
        #expect(playground.holds(try condition("cost = 80"), since: mark))
        #expect(playground.holds(try condition("cost >= 80"), since: mark))
        #expect(!playground.holds(try condition("cost < 80"), since: mark))
        _ = try playground.run("set c 90")
        #expect(playground.holds(try condition("evictions >= 2"), since: mark))
        #expect(playground.holds(try condition("evictions != 0"), since: mark))
    }

    @Test func ranMatchesTheCommandsWords() throws {
        let (playground, mark) = try setUp()
        #expect(!playground.holds(try condition("ran stats"), since: mark))
        _ = try playground.run("pressure  moderate")
        #expect(playground.holds(try condition("ran pressure"), since: mark))
        #expect(playground.holds(try condition("ran pressure moderate"), since: mark))
        #expect(!playground.holds(try condition("ran pressure critical"), since: mark))
        _ = try playground.run("stats")
        #expect(playground.holds(try condition("ran stats"), since: mark))
    }

    @Test func setupCommandsAreNotTheLearners() throws {
        let (playground, mark) = try setUp()
        #expect(!playground.holds(try condition("ran set"), since: mark))
        #expect(playground.holds(try condition("ran set"), since: 0))
    }

    @Test func allHoldNeedsEveryCondition() throws {
        let (playground, mark) = try setUp()
        let conditions = [try condition("hit a"), try condition("evicted b by cost")]
        _ = try playground.run("get a")
        #expect(!playground.allHold(conditions, since: mark))
        _ = try playground.run("set c 30")
        #expect(playground.allHold(conditions, since: mark))
    }
}
