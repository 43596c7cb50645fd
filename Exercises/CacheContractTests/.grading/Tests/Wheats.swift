import CacheEngine
import Foundation

/// The correct session cache under one of the setups Apple's contract allows. A learner's
/// test must pass under every one: a correct NSCache may keep everything, evict in any
/// order, drop entries under memory pressure, or keep nothing at all.
enum Wheat: CaseIterable {
    case unlimited
    case lru
    case fifo
    case random
    case foundation
    case pressure
    case alwaysMiss

    /// The setups `test` runs on under this wheat; empty when the wheat skips it. A test
    /// that declares `needsRetention` always gets a cache that keeps everything, and the
    /// cache that keeps nothing skips it.
    func setups(for test: ContractTest) -> [CacheSetup] {
        baseSetups(for: test).flatMap { setup in WheatDesign.allCases.map(setup.with) }
    }

    /// The NSCache setups of this wheat, each run on every ``WheatDesign``.
    private func baseSetups(for test: ContractTest) -> [CacheSetup] {
        if test.needsRetention { return self == .alwaysMiss ? [] : [.keepsEverything] }
        switch self {
        case .unlimited:
            return [.keepsEverything]
        case .lru:
            return [CacheSetup(policy: .lru, countLimit: 2, summary: "whose NSCache has a count limit of 2 and evicts the least recently used entry first")]
        case .fifo:
            return [CacheSetup(policy: .fifo, countLimit: 2, summary: "whose NSCache has a count limit of 2 and evicts the oldest entry first")]
        case .random:
            return Self.randomSeeds.map { seed in
                CacheSetup(policy: .random(seed: seed), countLimit: 2, summary: "whose NSCache has a count limit of 2 and evicts a random entry (seed \(seed))")
            }
        case .foundation:
            return [CacheSetup(policy: .foundation, countLimit: 2, summary: "whose NSCache has a count limit of 2 and evicts in the order of Foundation on Linux (cheapest first, newest first among equal costs, possibly the entry just stored)")]
        case .pressure:
            return [CacheSetup(pressureAfterStore: .moderate, summary: "whose NSCache has no limits but gets moderate memory pressure after every store, which drops about half of its entries")]
        case .alwaysMiss:
            return [CacheSetup(pressureAfterStore: .critical, summary: "whose NSCache keeps nothing (critical memory pressure after every store), so every lookup misses")]
        }
    }

    /// Three seeds, so a test that happens to survive one random order meets two more.
    static let randomSeeds: [UInt64] = [20_240_521, 7, 99_991]

    /// Why a failure here is the test's fault, and what to do about it; `evictionAside` when
    /// the test fails on a cache that keeps everything too, so eviction is not the reason.
    func advice(for test: ContractTest, evictionAside: Bool) -> String {
        if test.needsRetention {
            let same = self == .unlimited ? "" : " It declares needsRetention: true, so here too it ran on that cache, the one of passes_on_reference_unlimited: one fix mends both."
            return "Nothing was evicted, so the test expects something the contract does not promise: compare each expectation with the contract's points." + same
        }
        if evictionAside && self != .unlimited {
            return "It fails on a correct cache that keeps every entry too (see passes_on_reference_unlimited), so eviction is not the reason: the test expects something the contract does not promise. Compare each expectation with the contract's points."
        }
        switch self {
        case .unlimited:
            return "The correct cache kept every entry, which NSCache is free to do, and the test still failed, so it expects something the contract does not promise: an entry to be gone although only clear(), signOut(account:) and a failed request remove one, or a value the contract does not give. Compare each expectation with the contract's points."
        case .lru, .fifo, .random, .foundation, .pressure:
            return "The test depends on an entry staying in the cache, or on which entry goes first; NSCache may drop any entry at any time and promises no order (Apple's contract). Expect nil or the right value (check.expectNilOrEqual), or, if the test cannot do without the entry, declare needsRetention: true."
        case .alwaysMiss:
            return "NSCache may drop any entry at any time (Apple's contract), even right after it was stored. Expect nil or the right value (check.expectNilOrEqual), or, if the test cannot do without the entry, declare needsRetention: true: it then runs only on caches without limits or pressure."
        }
    }
}

/// Runs learner tests against session caches.
enum ContractRunner {
    /// Runs `test` once on caches made by `make`, and returns its checker.
    static func run(_ test: ContractTest, making make: @escaping (FakeServer) -> any SessionCaching) -> Checker {
        let check = Checker()
        let stamp = RunStamp()
        currentRun.withLock { $0 = stamp }
        test.body(check, CacheFactory(build: make, run: stamp))
        currentRun.withLock { $0 = nil }
        check.reusedEarlierRun = stamp.sawReuse
        return check
    }

    /// Runs `test` once on the correct cache set up as `setup`.
    static func run(_ test: ContractTest, on setup: CacheSetup) -> Checker {
        run(test) { server in setup.make(server: server) }
    }

    /// The first failure of `test` under `wheat`, as the report says it, or nil when it passes.
    static func failure(of test: ContractTest, under wheat: Wheat) -> String? {
        for setup in wheat.setups(for: test) {
            let check = run(test, on: setup)
            guard let first = check.failures.first else { continue }
            let failure = "your test \(quoted(test.name)) failed on a correct session cache \(setup.description): \(first)."
            if check.reusedEarlierRun { return failure + " " + RunStamp.advice }
            // Whether it fails without any eviction too, on the same design; a run that
            // reuses an earlier run's server or cache says nothing about that.
            let plain = run(test, on: CacheSetup.keepsEverything.with(setup.design))
            let evictionAside = !plain.failures.isEmpty && !plain.reusedEarlierRun
            return failure + " " + wheat.advice(for: test, evictionAside: evictionAside)
        }
        return nil
    }

    /// What `test` makes of `chaff`.
    enum Verdict {
        /// It passes on the chaff: the bug goes unseen.
        case misses
        /// It fails on the chaff and passes on every correct cache: the bug is caught.
        case catches
        /// It fails on the chaff, but on a correct cache too, so that proves nothing.
        case failsOnAWheatToo
    }

    /// Runs `test` on `chaff` and, when it fails there, on every wheat setup and once more on
    /// the chaff, in a shuffled order. An honest test gives the same verdicts in any order;
    /// a test that counts its own runs to fail only on the chaff's turn cannot know when
    /// the second one comes.
    static func verdict(of test: ContractTest, on chaff: Chaff) -> Verdict {
        func failsOnChaff() -> Bool {
            !run(test) { server in chaff.make(server: server) }.failures.isEmpty
        }
        guard failsOnChaff() else { return .misses }
        var runs: [CacheSetup?] = [nil] + Wheat.allCases.flatMap { $0.setups(for: test) }
        runs.shuffle()
        var failsAgain = false
        var passesEveryWheat = true
        for setup in runs {
            if let setup {
                passesEveryWheat = passesEveryWheat && run(test, on: setup).failures.isEmpty
            } else {
                failsAgain = failsOnChaff()
            }
        }
        guard failsAgain else { return .misses }
        return passesEveryWheat ? .catches : .failsOnAWheatToo
    }
}

/// A name in quotation marks, as reports quote a learner's test.
func quoted(_ name: String) -> String {
    "\"\(name)\""
}

/// "a", "a and b", "a, b and c".
func listed(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
}
