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

    static func testsAreRepeatable(_ subject: Subject) throws {
        for test in subject.contractTests {
            let firstRun = ContractRunner.run(test, on: .keepsEverything)
            let secondRun = ContractRunner.run(test, on: .keepsEverything)
            if secondRun.reusedEarlierRun {
                throw TestFailure("your test \(quoted(test.name)) used a FakeServer or a cache that an earlier run of your tests had made, so each run starts from what the runs before it left behind: make its FakeServer and its caches inside the test, and keep nothing in static variables")
            }
            let first = firstRun.failures
            let second = secondRun.failures
            guard first != second else { continue }
            func verdict(_ failures: [String]) -> String { failures.first.map { "failed: \($0)" } ?? "passed" }
            throw TestFailure("your test \(quoted(test.name)) ran twice on the same correct cache and \(verdict(first)) the first time, but \(verdict(second)) the second; a test must start from nothing on every run: make its FakeServer and its caches inside the test, and keep nothing in static variables")
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
        let verdicts = tests.map { ContractRunner.verdict(of: $0, on: chaff) }
        guard !verdicts.contains(.catches) else { return }
        let catchers = zip(tests, verdicts).filter { $0.1 == .failsOnAWheatToo }.map(\.0)
        let message: String
        if tests.isEmpty {
            message = "CacheContractTests.tests is empty, so nothing catches a session cache that \(chaff.bug). A test that would: \(chaff.hint)."
        } else if catchers.isEmpty {
            message = "none of your tests fails on a session cache that \(chaff.bug). A test that would: \(chaff.hint)."
        } else {
            let names = listed(catchers.map { quoted($0.name) })
            let who = catchers.count == 1 ? "your test \(names) fails" : "your tests \(names) fail"
            let them = catchers.count == 1 ? "it" : "them"
            message = "\(who) on a session cache that \(chaff.bug), but also on a correct cache (see the passes_on_… tests), so that does not count: a test that fails on a correct cache cannot tell a buggy one from it. Fix \(them), or add a test that would catch it: \(chaff.hint)."
        }
        throw TestFailure(message)
    }
}
