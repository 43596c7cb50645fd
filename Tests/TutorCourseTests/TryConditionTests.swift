import Testing
import TutorCourse

@Suite struct TryConditionTests {
    @Test(arguments: [
        ("evicted b", TryCondition.evicted(key: "b", reason: nil)),
        ("evicted b by cost", .evicted(key: "b", reason: .cost)),
        ("evicted  img-1   by  pressure", .evicted(key: "img-1", reason: .pressure)),
        ("evicted x by discarded", .evicted(key: "x", reason: .discarded)),
        ("evicted x by count", .evicted(key: "x", reason: .count)),
        ("hit a", .hit(key: "a")),
        ("miss a", .miss(key: "a")),
        ("contains a", .contains(key: "a")),
        ("lacks a", .lacks(key: "a")),
        ("count = 3", .count(Comparison(.equal, 3))),
        ("count == 3", .count(Comparison(.equal, 3))),
        ("count <= 2", .count(Comparison(.lessOrEqual, 2))),
        ("cost>=100", .cost(Comparison(.greaterOrEqual, 100))),
        ("cost < 10", .cost(Comparison(.less, 10))),
        ("evictions > 0", .evictions(Comparison(.greater, 0))),
        ("evictions != 1", .evictions(Comparison(.notEqual, 1))),
        ("ran stats", .ran(command: "stats")),
        ("ran pressure critical", .ran(command: "pressure critical")),
        ("printed kept 3", .printed("kept 3")),
        ("evictions by cost >= 1", .evictionsBy(.cost, Comparison(.greaterOrEqual, 1))),
        ("stores>=3", .stores(Comparison(.greaterOrEqual, 3))),
        ("costless-stores = 0", .costlessStores(Comparison(.equal, 0))),
        ("hits > 0", .hits(Comparison(.greater, 0))),
        ("misses >= 1", .misses(Comparison(.greaterOrEqual, 1))),
    ])
    func parses(text: String, expected: TryCondition) throws {
        #expect(try TryCondition(parsing: text) == expected)
    }

    @Test func roundTripsThroughDescription() throws {
        for text in ["evicted b by cost", "evicted b", "hit a", "count <= 2", "evictions != 1", "ran delegate on"] {
            #expect(try TryCondition(parsing: text).description == text)
        }
    }

    @Test(arguments: [
        ("", TryConditionError.empty),
        ("evict b", .unknown("evict", suggestion: "evicted")),
        ("frobnicate b", .unknown("frobnicate", suggestion: nil)),
        ("evicted", .malformed(keyword: "evicted", usage: "evicted KEY [by count|cost|pressure|discarded]")),
        ("evicted b for cost", .malformed(keyword: "evicted", usage: "evicted KEY [by count|cost|pressure|discarded]")),
        ("evicted b by costs", .unknownReason("costs", suggestion: "cost")),
        ("hit a b", .malformed(keyword: "hit", usage: "hit KEY")),
        ("count 3", .malformed(keyword: "count", usage: "count OP N, with OP one of = != < <= > >=")),
        ("count ~ 3", .malformed(keyword: "count", usage: "count OP N, with OP one of = != < <= > >=")),
        ("count = -1", .notANumber("-1", keyword: "count")),
        ("ran", .malformed(keyword: "ran", usage: "ran COMMAND")),
    ])
    func rejects(text: String, expected: TryConditionError) {
        #expect(throws: expected) { try TryCondition(parsing: text) }
    }

    @Test func comparisonsHold() {
        #expect(Comparison(.equal, 2).holds(for: 2))
        #expect(!Comparison(.equal, 2).holds(for: 3))
        #expect(Comparison(.notEqual, 2).holds(for: 3))
        #expect(Comparison(.less, 2).holds(for: 1))
        #expect(!Comparison(.less, 2).holds(for: 2))
        #expect(Comparison(.lessOrEqual, 2).holds(for: 2))
        #expect(Comparison(.greater, 2).holds(for: 3))
        #expect(!Comparison(.greater, 2).holds(for: 2))
        #expect(Comparison(.greaterOrEqual, 2).holds(for: 2))
    }

    @Test func swiftConditionsAreJudgedOnARun() {
        var summary = SwiftRun.Summary()
        summary.stores = 3
        summary.costlessStores = 1
        summary.hits = 2
        summary.evictions = ["cost": 1, "count": 0]
        let run = SwiftRun(output: "kept 3 of 5\n", summary: summary)
        #expect(run.holds(.printed("kept 3")))
        #expect(!run.holds(.printed("kept 4")))
        #expect(run.holds(.evictionsBy(.cost, Comparison(.equal, 1))))
        #expect(!run.holds(.evictionsBy(.count, Comparison(.greaterOrEqual, 1))))
        #expect(run.holds(.evictions(Comparison(.equal, 1))))
        #expect(!run.holds(.costlessStores(Comparison(.equal, 0))))
        #expect(!run.holds(.evicted(key: "a", reason: nil)), "playground conditions never hold for a run")
        #expect(!SwiftRun(output: "kept 3", summary: nil).holds(.printed("kept")), "a run that stopped meets nothing")
        #expect(run.summaryLine == "0 caches, 3 stores (1 without a cost), 2 hits, 0 misses, 1 eviction (1 by cost)")
    }

    @Test func conditionsKnowWhichStepsTheyBelongTo() {
        #expect(TryCondition.printed("x").isAboutSwift == true)
        #expect(TryCondition.hit(key: "a").isAboutSwift == false)
        #expect(TryCondition.evictions(Comparison(.greater, 0)).isAboutSwift == nil)
    }
}
