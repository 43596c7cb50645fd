import Foundation

extension CacheContractTestsTests {
    // MARK: Point 1: a test list

    static func hasAtLeastThreeTests(_ subject: Subject) throws {
        let tests = subject.contractTests
        try require(tests.count >= 3, tests.isEmpty
            ? "CacheContractTests.tests is empty; list at least three ContractTest values, one per promise you test"
            : "CacheContractTests.tests lists \(tests.count) test\(tests.count == 1 ? "" : "s"); list at least three, one per promise you test")
    }

    static func testNamesAreUnique(_ subject: Subject) throws {
        let names = subject.contractTests.map(\.name)
        if let blank = names.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw TestFailure("test number \(blank + 1) in CacheContractTests.tests has an empty name; name each test after the promise it checks, so a report that quotes it says something")
        }
        var seen: Set<String> = []
        let repeated = names.filter { !seen.insert($0).inserted }
        try require(repeated.isEmpty, "more than one test is named \(listed(Array(Set(repeated)).sorted().map(quoted))); give each test a name of its own, or the reports cannot say which one failed")
    }

    static func everyTestExpectsSomething(_ subject: Subject) throws {
        for test in subject.contractTests {
            let check = ContractRunner.run(test, on: .keepsEverything)
            try require(check.expectationCount > 0, "your test \(quoted(test.name)) made no expectation on a correct cache; a test that checks nothing passes on every cache, buggy or not. Call check.expect, expectEqual, expectNil or expectNilOrEqual")
        }
    }

    // MARK: Point 2: the wheats

    static func wheat(_ subject: Subject, _ wheat: Wheat) throws {
        for test in subject.contractTests {
            if let failure = ContractRunner.failure(of: test, under: wheat) { throw TestFailure(failure) }
        }
    }

    // MARK: Point 3: retention, declared honestly

    static func declaredRetentionIsNeeded(_ subject: Subject) throws {
        let keepsNothing = CacheSetup(pressureAfterStore: .critical, summary: "whose NSCache keeps nothing")
        for test in subject.contractTests where test.needsRetention {
            let check = ContractRunner.run(test, on: keepsNothing)
            try require(!check.failures.isEmpty, "your test \(quoted(test.name)) declares needsRetention: true, yet it passes on a correct cache that keeps nothing, so it does not need the cache to keep anything. Leave the flag out: the test then also runs on caches that evict, which is where its expectations are worth most")
        }
    }

    // MARK: Points 4 to 10: the chaffs

    static func chaff(_ name: String, _ what: String, _ chaff: Chaff, point: Int, lesson: String) -> HiddenTest {
        HiddenTest(name, "your tests catch \(what)", point: point, lesson: lesson) { subject in
            try catches(subject, chaff)
        }
    }

    static func catches(_ subject: Subject, _ chaff: Chaff) throws {
        let tests = subject.contractTests
        let catchers = tests.filter { ContractRunner.fails($0, on: chaff) }
        let valid = catchers.filter(ContractRunner.passesEveryWheat)
        guard valid.isEmpty else { return }
        var message = "none of your tests fails on a session cache that \(chaff.bug). A test that would: \(chaff.hint)."
        if tests.isEmpty {
            message = "CacheContractTests.tests is empty, so nothing catches a session cache that \(chaff.bug). A test that would: \(chaff.hint)."
        } else if !catchers.isEmpty {
            let names = listed(catchers.map { quoted($0.name) })
            message += " (\(catchers.count == 1 ? "Your test \(names) fails on it, but it also fails" : "Your tests \(names) fail on it, but they also fail") on a correct cache (see the passes_on_… tests), so \(catchers.count == 1 ? "it does" : "they do") not count: a test that fails on a correct cache tells a buggy cache from a correct one no better than a coin.)"
        }
        throw TestFailure(message)
    }
}
