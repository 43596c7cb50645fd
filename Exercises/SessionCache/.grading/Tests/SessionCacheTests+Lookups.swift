import Foundation

extension SessionCacheTests {
    static func usesNSCache(_ subjectType: any SessionCacheSubject.Type) throws {
        let subject = subjectType.init(fetcher: { _, done in done(nil) })
        let key = KeyFields("anna", "balance", 3)
        subject.store(bytes("anna's balance"), for: key.make(subjectType))
        switch EngineProbe.find(in: subject) {
        case let .engine(view, path):
            weak var cached: NSData?
            do {
                let entries = view.entries
                guard let entry = entries.first(where: { holdsText($0.data, "anna's balance") }) else {
                    throw TestFailure("SessionCache has an NSCache<SessionKey, NSData> (`\(path)`), but after store(_:for:) it holds no entry with the stored bytes; store every value in that NSCache")
                }
                let storedUnder = KeyFields(of: entry.key, in: subjectType)
                try require(storedUnder == key, "store(_:for: \(key)) put the data in the NSCache under \(storedUnder.map(String.init(describing:)) ?? "an object that is not a SessionKey"); store it under the caller's key, unchanged")
                cached = entry.data
            }
            // The NSCache is the data's only owner: once it lets go, the bytes are freed.
            view.simulateMemoryPressure(.critical)
            settle()
            try require(cached == nil, "after critical memory pressure emptied the NSCache (`\(path)`), the NSData stored under \(key) was still alive: something besides the NSCache keeps it (a dictionary beside it?), so the cache can never give that memory back. Let the NSCache be the data's only owner")
        case let .foundation(path):
            throw TestFailure("`\(path)` is Foundation.NSCache written out with its module name; write plain NSCache<SessionKey, NSData> so the course's cache, which stands in for it, is used")
        case let .otherTypes(typeName, path):
            throw TestFailure("`\(path)` is an \(typeName); the contract asks for NSCache<SessionKey, NSData>: the SessionKey itself is the key (turning it into a string brings back the delimiter trap) and NSData the value")
        case let .none(properties):
            let found = properties.isEmpty ? "it has no stored properties" : "it has " + properties.joined(separator: ", ")
            throw TestFailure("found no NSCache<SessionKey, NSData> among SessionCache's stored properties (\(found)); keep the data in an NSCache, which can let it go under memory pressure, not in a dictionary")
        }
    }

    static func freshKeyHits(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .now { _ in bytes("fetched") })
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let card = KeyFields("anna", "card", 1)
        try require(subject.data(for: card.make(subjectType)) == nil, "data(for: \(card)) returned \(show(subject.data(for: card.make(subjectType)))) before anything was stored; a miss returns nil")

        subject.store(bytes("anna's card"), for: card.make(subjectType))
        let found = subject.data(for: card.make(subjectType))
        try require(found != nil, "data(for:) returned nil for a key built afresh as \(card), right after storing under an equal key; equal keys must find the same entry (isEqual(_:) and hash)")
        try require(holdsText(found, "anna's card"), "data(for: \(card)) returned \(show(found)) instead of the stored \"anna's card\"")

        subject.store(bytes("anna's new card"), for: card.make(subjectType))
        let replaced = subject.data(for: card.make(subjectType))
        try require(holdsText(replaced, "anna's new card"), "after a second store under an equal key, data(for: \(card)) returned \(show(replaced)) instead of \"anna's new card\"; the latest store wins")

        let empty = KeyFields("anna", "drafts", 1)
        subject.store(NSData(), for: empty.make(subjectType))
        let emptyFound = subject.data(for: empty.make(subjectType))
        try require(emptyFound != nil, "after storing an empty NSData under \(empty), data(for:) returned nil; empty data is a value, not a miss")
        try require(emptyFound?.length == 0, "after storing an empty NSData under \(empty), data(for:) returned \(show(emptyFound))")

        let never = KeyFields("anna", "never-stored", 1)
        try require(subject.data(for: never.make(subjectType)) == nil, "data(for: \(never)) returned data for a key that was never stored; a miss returns nil")
        try require(fetches.calls.isEmpty, "data(for:) called the fetcher \(times(fetches.calls.count)); it only looks in the cache (load(_:completion:) is the one that fetches)")
    }

    static func newRevisionMisses(_ subjectType: any SessionCacheSubject.Type) throws {
        let subject = subjectType.init(fetcher: { _, done in done(nil) })
        let third = KeyFields("anna", "statement", 3)
        subject.store(bytes("statement r3"), for: third.make(subjectType))
        for revision in [4, 2, 30, 0] {
            let other = KeyFields("anna", "statement", revision)
            let found = subject.data(for: other.make(subjectType))
            try require(found == nil, "after storing only revision 3, data(for: \(other)) returned \(show(found)); another revision is another key and must miss, or the old content is served as the new")
        }
        let fourth = KeyFields("anna", "statement", 4)
        subject.store(bytes("statement r4"), for: fourth.make(subjectType))
        let newer = subject.data(for: fourth.make(subjectType))
        try require(holdsText(newer, "statement r4"), "after storing revision 4, data(for: \(fourth)) returned \(show(newer)) instead of \"statement r4\"")
        let older = subject.data(for: third.make(subjectType))
        try require(older == nil || holdsText(older, "statement r3"), "after storing revision 4, data(for: \(third)) returned \(show(older)); revision 3 may be kept or dropped, but never answered with revision 4's data")
    }

    static func accountsAreIsolated(_ subjectType: any SessionCacheSubject.Type) throws {
        let subject = subjectType.init(fetcher: { _, done in done(nil) })
        var stored: [KeyFields: String] = [:]
        func put(_ key: KeyFields, _ text: String) {
            stored[key] = text
            subject.store(bytes(text), for: key.make(subjectType))
        }
        put(KeyFields("anna", "balance", 1), "anna's balance")
        put(KeyFields("ben", "balance", 1), "ben's balance")
        put(KeyFields("ben", "inbox", 1), "ben's inbox")
        // Fields that join into the same text with a separator.
        put(KeyFields("a|b", "c", 1), "a|b + c")
        put(KeyFields("a", "b|c", 1), "a + b|c")
        put(KeyFields("carl/", "feed", 1), "carl/ + feed")

        func owner(of data: NSData) -> String {
            if let key = stored.first(where: { holdsText(data, $0.value) })?.key { return "the data of \(key)" }
            return "data that was never stored (\(show(data)))"
        }
        for (key, text) in stored.sorted(by: { $0.value < $1.value }) {
            guard let found = subject.data(for: key.make(subjectType)) else {
                throw TestFailure("data(for: \(key)) returned nil although \"\(text)\" was stored under it; every entry must be found again with an equal key, and storing for one account must never replace another account's entry")
            }
            if !holdsText(found, text) {
                throw TestFailure("data(for: \(key)) returned \(owner(of: found)); each account sees only its own entries")
            }
        }
        let strangers = [
            KeyFields("carl", "balance", 1), KeyFields("anna", "inbox", 1), KeyFields("", "balance", 1),
            KeyFields("a", "b", 1), KeyFields("carl", "/feed", 1), KeyFields("Ben", "inbox", 1),
        ]
        for key in strangers {
            if let found = subject.data(for: key.make(subjectType)) {
                throw TestFailure("data(for: \(key)) returned \(owner(of: found)), although nothing was stored for that key; a cross-account hit shows one person's data to another. Key by account, resource and revision, all three")
            }
        }
    }
}
