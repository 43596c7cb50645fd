import Testing
import TutorPlayground
import TutorTerminal

@Suite struct PlaygroundTests {
    @Test func costLimitEvictsTheLeastRecentlyUsed() throws {
        let playground = Playground()
        _ = try playground.run("cache new --cost 100 --policy lru")
        _ = try playground.run("set a 40")
        _ = try playground.run("set b 40")
        _ = try playground.run("get a")
        _ = try playground.run("set c 30")
        #expect(playground.keys == ["a", "c"])
        #expect(playground.events.contains(.evicted(key: "b", reason: "cost")))
        #expect(playground.events.contains(.hit(key: "a")))
    }

    @Test func delegatePrintsEvictionsWithTheirReason() throws {
        let playground = Playground()
        _ = try playground.run("cache new --count 1")
        _ = try playground.run("set a 1")
        let silent = try playground.run("set b 1")
        #expect(!silent.joined().contains("willEvict"))
        _ = try playground.run("delegate on")
        let loud = try playground.run("set c 1")
        #expect(loud.contains("delegate: willEvictObject b (count: over the count limit)"))
    }

    @Test func getReportsHitsAndMisses() throws {
        let playground = Playground()
        _ = try playground.run("set a 5")
        #expect(try playground.run("get a") == ["hit: a"])
        #expect(try playground.run("get z") == ["miss: z is not in the cache"])
        #expect(playground.events.suffix(2) == [.ran(words: ["get", "z"]), .miss(key: "z")])
    }

    @Test func pressureEvictsByPressure() throws {
        let playground = Playground()
        for key in ["a", "b", "c", "d"] { _ = try playground.run("set \(key) 10") }
        _ = try playground.run("pressure critical")
        #expect(playground.keys.isEmpty)
        #expect(playground.events.filter { if case .evicted(_, "pressure") = $0 { true } else { false } }.count == 4)
    }

    @Test func showDrawsEntriesInEvictionOrderAgainstTheLimit() throws {
        let playground = Playground()
        _ = try playground.run("cache new --cost 100")
        _ = try playground.run("set a 50")
        _ = try playground.run("set b 25")
        let lines = try playground.run("show")
        #expect(lines[0] == "cache: no count limit, cost limit 100, policy lru")
        #expect(lines[1] == "next to be evicted first ↓")
        // 40 columns stand for the limit of 100: a fills 20, b the next 10, the limit is at 40.
        #expect(lines[2] == "  a " + String(repeating: "█", count: 20) + String(repeating: " ", count: 20) + "│ 50")
        #expect(lines[3] == "  b " + String(repeating: " ", count: 20) + String(repeating: "█", count: 10) + String(repeating: " ", count: 10) + "│ 25")
        #expect(lines[4].hasSuffix("total cost 75 of limit 100"))
    }

    @Test func showSaysWhenEmpty() throws {
        let playground = Playground()
        #expect(try playground.run("show") == ["cache: no count limit, no cost limit, policy lru", "(empty)"])
    }

    @Test func statsCountHitsMissesAndEvictionsByReason() throws {
        let playground = Playground()
        _ = try playground.run("cache new --count 2")
        for key in ["a", "b", "c"] { _ = try playground.run("set \(key) 1") }
        _ = try playground.run("get c")
        _ = try playground.run("get a")
        let lines = try playground.run("stats")
        #expect(lines[0] == "hits 1, misses 1 (hit rate 50%)")
        #expect(lines[1] == "inserts 3, updates 0, removals 0")
        #expect(lines[2] == "evictions 1: count 1, cost 0, pressure 0, discarded 0")
    }

    @Test func randomPolicyIsReproducibleWithASeed() throws {
        func survivors(seed: Int) throws -> [String] {
            let playground = Playground()
            _ = try playground.run("cache new --count 3 --policy random --seed \(seed)")
            for key in ["a", "b", "c", "d", "e", "f"] { _ = try playground.run("set \(key) 1") }
            return playground.keys.sorted()
        }
        #expect(try survivors(seed: 9) == survivors(seed: 9))
    }

    @Test func foundationPolicyEvictsTheNewestOfEqualCosts() throws {
        let playground = Playground()
        #expect(try playground.run("cache new --count 2 --policy foundation") == ["new cache: count limit 2, no cost limit, policy foundation"])
        let mark = playground.mark
        for key in ["a", "b", "c"] { _ = try playground.run("set \(key) 1") }
        #expect(playground.evictions(since: mark) == ["c (count: over the count limit)"])
        #expect(playground.keys == ["b", "a"])
    }

    @Test func helpExplainsOneCommand() throws {
        let playground = Playground()
        let lines = try playground.run("help pressure")
        #expect(lines[0] == "pressure moderate|critical")
        #expect(try playground.run("help sett") == ["no playground command 'sett'; did you mean 'set'?"])
    }
}

/// Playground output fits the terminal and keeps its indent.
@Suite struct PlaygroundWidthTests {
    @Test(arguments: [40, 50, 60, 80])
    func everyLineFitsTheWidth(width: Int) throws {
        let playground = Playground(style: TerminalStyle(colorEnabled: true, width: width))
        let script = [
            "help", "help set", "help cache", "help delegate", "cache new --count 2 --cost 100 --policy fifo",
            "delegate on", "set a-rather-long-key-name 40", "set b 300", "show", "stats", "get a", "get b", "stats",
            "pressure critical", "show",
        ]
        for command in script {
            for line in try playground.run(command) {
                #expect(TextWrapper.visibleWidth(line) <= width, "'\(command)' at \(width): '\(line)'")
            }
        }
    }

    @Test func helpListsEachCommandIndentedWithWhatItDoes() throws {
        let lines = try Playground(style: TerminalStyle(colorEnabled: false, width: 80)).run("help")
        #expect(lines.first == "playground commands:")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
        #expect(lines.contains("  get KEY · look KEY up: a hit or a miss"))
    }

    @Test func wrappedLinesKeepTheirIndent() throws {
        let lines = try Playground(style: TerminalStyle(colorEnabled: false, width: 40)).run("help cache")
        #expect(lines.count > 3)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
    }

    @Test func theOverLimitNoteIsWrappedAtEighty() throws {
        let playground = Playground(style: TerminalStyle(colorEnabled: false, width: 80))
        _ = try playground.run("cache new --cost 100")
        _ = try playground.run("set a 200")
        let lines = try playground.run("show")
        #expect(lines.contains { $0.contains("total cost 200 of limit 100") })
        #expect(lines.allSatisfy { TextWrapper.visibleWidth($0) <= 80 })
    }

    @Test func evictionsSinceAMarkNameKeyAndReason() throws {
        let playground = Playground()
        _ = try playground.run("cache new --count 1")
        _ = try playground.run("set a 1")
        let mark = playground.mark
        _ = try playground.run("set b 1")
        #expect(playground.evictions(since: mark) == ["a (count: over the count limit)"])
        #expect(playground.evictions(since: playground.mark).isEmpty)
    }
}
