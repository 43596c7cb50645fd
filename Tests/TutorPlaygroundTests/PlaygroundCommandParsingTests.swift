import Testing
import TutorPlayground

@Suite struct PlaygroundCommandParsingTests {
    @Test func parsesEveryCommand() throws {
        #expect(try PlaygroundCommand(parsing: "cache new") == .newCache(.init()))
        #expect(try PlaygroundCommand(parsing: "cache new --count 3 --cost 100 --policy fifo")
            == .newCache(.init(countLimit: 3, costLimit: 100, policy: .fifo)))
        #expect(try PlaygroundCommand(parsing: "cache new --policy=random --seed=7")
            == .newCache(.init(policy: .random, seed: 7)))
        #expect(try PlaygroundCommand(parsing: "set a 40") == .set(key: "a", cost: 40))
        #expect(try PlaygroundCommand(parsing: "set a") == .set(key: "a", cost: nil))
        #expect(try PlaygroundCommand(parsing: "  get   été ") == .get(key: "été"))
        #expect(try PlaygroundCommand(parsing: "remove a") == .remove(key: "a"))
        #expect(try PlaygroundCommand(parsing: "clear") == .clear)
        #expect(try PlaygroundCommand(parsing: "pressure moderate") == .pressure(.moderate))
        #expect(try PlaygroundCommand(parsing: "pressure critical") == .pressure(.critical))
        #expect(try PlaygroundCommand(parsing: "delegate on") == .delegate(true))
        #expect(try PlaygroundCommand(parsing: "delegate off") == .delegate(false))
        #expect(try PlaygroundCommand(parsing: "show") == .show)
        #expect(try PlaygroundCommand(parsing: "stats") == .stats)
        #expect(try PlaygroundCommand(parsing: "help") == .help(nil))
        #expect(try PlaygroundCommand(parsing: "help set") == .help("set"))
    }

    @Test func typosGetSuggestions() {
        #expect(message("sett a 1") == "unknown playground command 'sett'; did you mean 'set'?")
        #expect(message("cache new --cots 5") == "cache new has no option '--cots'; did you mean '--cost'?")
        #expect(message("cache new --policy lfu") == "--policy: 'lfu' is not one of lru, fifo, random, foundation; did you mean 'lru'?")
        #expect(message("pressure critcal") == "pressure: 'critcal' is not one of moderate, critical; did you mean 'critical'?")
        #expect(message("xyzzy") == "unknown playground command 'xyzzy'")
    }

    @Test func malformedCommandsSayTheUsage() {
        #expect(message("set") == "set: missing KEY; usage: set KEY [COST]")
        #expect(message("set a b") == "COST must be a whole number ≥ 0, not 'b'")
        #expect(message("set a -4") == "COST must be a whole number ≥ 0, not '-4'")
        #expect(message("set a 1 2") == "set: too many words; usage: set KEY [COST]")
        #expect(message("get") == "get: missing KEY; usage: get KEY")
        #expect(message("show all") == "show: it takes no arguments; usage: show")
        #expect(message("cache") == "cache: missing 'new'; usage: cache new [--count N] [--cost N] [--policy lru|fifo|random|foundation] [--seed N]")
        #expect(message("cache new --count") == "--count needs a value; usage: cache new [--count N] [--cost N] [--policy lru|fifo|random|foundation] [--seed N]")
        #expect(message("cache new --count many") == "--count must be a whole number ≥ 0, not 'many'")
        #expect(message("cache new --seed 3") == "cache: --seed only applies to --policy random; usage: cache new [--count N] [--cost N] [--policy lru|fifo|random|foundation] [--seed N]")
        #expect(message("delegate") == "delegate: missing on|off; usage: delegate on|off")
        #expect(message("") == "type a playground command; 'help' lists them")
    }

    @Test func errorsAreUsageErrors() {
        #expect(throws: PlaygroundError.self) { try PlaygroundCommand(parsing: "nope") }
        #expect(PlaygroundError.empty.exitCode == .usage)
    }

    private func message(_ line: String) -> String? {
        do {
            _ = try PlaygroundCommand(parsing: line)
            return nil
        } catch {
            return error.message
        }
    }
}
