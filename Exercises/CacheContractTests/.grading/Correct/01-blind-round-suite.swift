// why: sixteen tests written from the README alone in a blind round of learners, none asking for more than the contract
import Foundation

final class CacheContractTests {
    static let tests: [ContractTest] = [
        ContractTest("a fresh cache finds nothing", { check, caches in
            check.expectNil(caches.make().value(account: "anna", resource: "balance"), "empty cache")
        }),
        ContractTest("another account never sees an entry", crossAccount),
        ContractTest("pairs that glue to one string stay apart", gluedPairs),
        ContractTest("equal strings find the entry (retained)", needsRetention: true, equalStringsHit),
        ContractTest("a stored value is a snapshot of the bytes", snapshot),
        ContractTest("the latest store wins", latestWins),
        ContractTest("empty data is a value, not a miss (retained)", needsRetention: true, emptyIsValue),
        ContractTest("a lookup never asks the server", lookupOnlyLooks),
        ContractTest("a load on a hit uses the cache and asks nothing (retained)", needsRetention: true, loadHit),
        ContractTest("a load on a miss asks once and completes once with the reply", loadMiss),
        ContractTest("a loaded reply is kept for the next load (retained)", needsRetention: true, loadKeeps),
        ContractTest("a failed load stores nothing and the next load asks again", failedLoad),
        ContractTest("clear removes every account's entries", clearAll),
        ContractTest("sign-out hides that account's entries", signOutHides),
        ContractTest("sign-out spares other accounts (retained)", needsRetention: true, signOutSpares),
        ContractTest("a reply arriving after sign-out is dropped", lateReplyDropped),
    ]

    static func bytes(_ s: String) -> Data { Data(s.utf8) }

    static func crossAccount(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(bytes("100"), account: "anna", resource: "balance")
        check.expectNil(cache.value(account: "ben", resource: "balance"), "ben asked for anna's balance")
        check.expectNil(cache.value(account: "anna", resource: "feed"), "anna asked for a resource she never stored")
    }

    static func gluedPairs(_ check: Checker, _ caches: CacheFactory) {
        let seps = ["-", "", ":", "/", "|", "_", ".", ",", " ", "#", "\t", "\n", "::", "\u{0}", "+", "@", "=", ";"]
        for sep in seps {
            let cache = caches.make()
            cache.store(bytes("x"), account: "mary\(sep)ann", resource: "inbox")
            check.expectNil(cache.value(account: "mary", resource: "ann\(sep)inbox"),
                            "pair (mary, ann\(sep)inbox) vs stored (mary\(sep)ann, inbox)")
            let other = caches.make()
            other.store(bytes("y"), account: "mary", resource: "ann\(sep)inbox")
            check.expectNil(other.value(account: "mary\(sep)ann", resource: "inbox"),
                            "pair (mary\(sep)ann, inbox) vs stored (mary, ann\(sep)inbox)")
        }
    }

    static func equalStringsHit(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        let account = String(["a", "n", "n", "a"])
        let resource = ["bal", "ance"].joined()
        cache.store(NSData(data: bytes("42")), account: account, resource: resource)
        let again = String(decoding: bytes("anna"), as: UTF8.self)
        check.expectEqual(cache.value(account: again, resource: NSString(string: "balance") as String), bytes("42"),
                          "lookup with equal, separately built strings")
    }

    static func snapshot(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        let draft = NSMutableData(data: bytes("v1"))
        cache.store(draft, account: "anna", resource: "note")
        draft.append(bytes("+edit"))
        draft.setData(bytes("Zz-rewritten"))
        check.expectNilOrEqual(cache.value(account: "anna", resource: "note"), bytes("v1"),
                               "the cached bytes after the caller changed its NSMutableData")
    }

    static func latestWins(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(bytes("first"), account: "anna", resource: "feed")
        cache.store(bytes("second"), account: "anna", resource: "feed")
        check.expectNilOrEqual(cache.value(account: "anna", resource: "feed"), bytes("second"), "after two stores")
    }

    static func emptyIsValue(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(Data(), account: "anna", resource: "drafts")
        check.expectEqual(cache.value(account: "anna", resource: "drafts"), Data(), "stored empty data")
    }

    static func lookupOnlyLooks(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(bytes("srv"), account: "anna", resource: "balance")
        let cache = caches.make(server: server)
        _ = cache.value(account: "anna", resource: "balance")
        cache.store(bytes("mine"), account: "anna", resource: "feed")
        _ = cache.value(account: "anna", resource: "feed")
        check.expectEqual(server.requestCount, 0, "requests made by lookups")
    }

    static func loadHit(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(bytes("srv"), account: "anna", resource: "balance")
        let cache = caches.make(server: server)
        cache.store(bytes("cached"), account: "anna", resource: "balance")
        var got: [Data?] = []
        cache.load(account: "anna", resource: "balance") { got.append($0) }
        check.expectEqual(got, [bytes("cached")], "completion of a load on a hit")
        check.expectEqual(server.requestCount, 0, "requests made by a load on a hit")
    }

    static func loadMiss(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(bytes("srv"), account: "anna", resource: "balance")
        let cache = caches.make(server: server)
        var got: [Data?] = []
        cache.load(account: "anna", resource: "balance") { got.append($0) }
        check.expectEqual(got, [bytes("srv")], "completion of a load on a miss")
        check.expectEqual(server.requestCount(account: "anna", resource: "balance"), 1, "requests on a miss")
        check.expectNilOrEqual(cache.value(account: "anna", resource: "balance"), bytes("srv"), "after the load")
    }

    static func loadKeeps(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(bytes("srv"), account: "anna", resource: "balance")
        let cache = caches.make(server: server)
        var got: [Data?] = []
        cache.load(account: "anna", resource: "balance") { got.append($0) }
        cache.load(account: "anna", resource: "balance") { got.append($0) }
        check.expectEqual(server.requestCount, 1, "requests for two loads of one resource")
        check.expectEqual(got, [bytes("srv"), bytes("srv")], "completions of two loads")
        check.expectEqual(cache.value(account: "anna", resource: "balance"), bytes("srv"), "lookup after a load")
    }

    static func failedLoad(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        let cache = caches.make(server: server)
        var got: [Data?] = []
        cache.load(account: "anna", resource: "balance") { got.append($0) }
        check.expectEqual(got, [nil], "completion of a failed load")
        check.expectNil(cache.value(account: "anna", resource: "balance"), "lookup after a failed load")
        cache.load(account: "anna", resource: "balance") { got.append($0) }
        check.expectEqual(server.requestCount, 2, "a second load after a failure asks again")
        check.expectEqual(got, [nil, nil], "completions of two failed loads")
    }

    static func clearAll(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(bytes("1"), account: "anna", resource: "balance")
        cache.store(bytes("2"), account: "ben", resource: "feed")
        cache.clear()
        check.expectNil(cache.value(account: "anna", resource: "balance"), "anna after clear")
        check.expectNil(cache.value(account: "ben", resource: "feed"), "ben after clear")
    }

    static func signOutHides(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(bytes("1"), account: "anna", resource: "balance")
        cache.store(bytes("2"), account: "anna", resource: "feed")
        cache.signOut(account: "anna")
        check.expectNil(cache.value(account: "anna", resource: "balance"), "anna's balance after her sign-out")
        check.expectNil(cache.value(account: "anna", resource: "feed"), "anna's feed after her sign-out")
    }

    static func signOutSpares(_ check: Checker, _ caches: CacheFactory) {
        let cache = caches.make()
        cache.store(bytes("1"), account: "anna", resource: "balance")
        cache.store(bytes("2"), account: "ben", resource: "balance")
        cache.signOut(account: "anna")
        check.expectEqual(cache.value(account: "ben", resource: "balance"), bytes("2"), "ben's entry after anna signs out")
    }

    static func lateReplyDropped(_ check: Checker, _ caches: CacheFactory) {
        let server = FakeServer()
        server.serve(bytes("srv"), account: "anna", resource: "balance")
        let cache = caches.make(server: server)
        server.holdReplies()
        var got: [Data?] = []
        cache.load(account: "anna", resource: "balance") { got.append($0) }
        cache.signOut(account: "anna")
        server.sendHeldReplies()
        check.expectEqual(got, [nil], "completion of a load whose reply came after sign-out")
        check.expectNil(cache.value(account: "anna", resource: "balance"), "lookup after the late reply")
    }
}
