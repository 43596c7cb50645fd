import CacheEngine
import Foundation

extension ProfileStoreTests {
    static func usesNSCache(_ subjectType: any ProfileStoreSubject.Type) throws {
        let fetched = Profile(id: "ada", name: "Ada")
        let subject = subjectType.init(client: FakeClient { _ in .success(fetched) })
        _ = try load(subject, "ada")
        switch CacheFinder.search(subject.instance) {
        case let .found(cache, path):
            try require(holds(cache, fetched), "ProfileStore has an NSCache (`\(path)`), but after profile(forID: \"ada\") completed, the fetched profile was not in it; store each fetched profile in that NSCache")
        case let .foundationNSCache(path):
            throw TestFailure("`\(path)` is Foundation.NSCache written out with its module name; write plain NSCache<NSString, Profile> so the course's cache, which stands in for it, is used")
        case let .wrongTypes(written, path):
            throw TestFailure("`\(path)` is an \(written); the contract asks for NSCache<NSString, Profile> (NSString keys, Profile values)")
        case let .nothing(properties):
            let seen = properties.isEmpty ? "it has no stored properties" : "it has " + properties.joined(separator: ", ")
            throw TestFailure("found no NSCache<NSString, Profile> among ProfileStore's stored properties (\(seen)); keep the profiles in an NSCache stored in a `let` property, not in a dictionary and not in a computed property that makes a new cache each time")
        }
    }

    static func noSecondStrongCopy(_ subjectType: any ProfileStoreSubject.Type) throws {
        let subject = subjectType.init(client: profileMaker())
        let cache = try profileCache(of: subject)
        // The test decides when the cache lets go, so the learner's limit must not.
        cache.countLimit = 0
        cache.totalCostLimit = 0
        let ids = ["ada", "grace", "linus", "barbara", "ken"]
        var logs: [(id: String, log: WeakResultLog)] = []
        for id in ids {
            let log = WeakResultLog()
            try requestProfile(subject, id: id, completion: log.handler)
            try require(log.waitForFirstCall(), "completion was not called within 2 s for profile(forID: \"\(id)\") (a miss the client answered with a profile)")
            try require(log.receivedAProfile, "profile(forID: \"\(id)\") did not complete with the profile the client sent (see miss_completes_once)")
            try require(log.profile.map { holds(cache, $0) } ?? false, "the profile fetched for \"\(id)\" was not in the NSCache after its completion ran (see miss_stores_before_completion)")
            logs.append((id, log))
        }

        cache.removeAllObjects()
        settle()
        let survivors = logs.filter { $0.log.profile != nil }.map { "\"\($0.id)\"" }
        try require(survivors.isEmpty, "after the NSCache let go of every profile, the profiles of \(survivors.joined(separator: ", ")) were still alive: ProfileStore keeps another strong reference to them (a dictionary, an array, a 'last profile' property?); let the NSCache be their only owner, or its countLimit cannot bound memory")
        try require(subject.cachedProfile(forID: "ada") == nil, "cachedProfile(forID: \"ada\") still returned a profile after the NSCache let it go; look profiles up in the NSCache only")
    }

    static func countLimit50(_ subjectType: any ProfileStoreSubject.Type) throws {
        let subject = subjectType.init(client: profileMaker())
        let cache = try profileCache(of: subject)
        let limit = cache.countLimit
        guard limit != 50 else { return }
        if limit == 0, cache.totalCostLimit == 50 {
            throw TestFailure("countLimit is 0 (no limit) and totalCostLimit is 50: a cost limit adds up the costs you pass with each store (0 with setObject(_:forKey:)), it does not count profiles; set countLimit = 50")
        }
        try require(limit != 0, "countLimit is 0, which means no count limit at all; set it to 50 when the store is made")
        throw TestFailure("countLimit is \(limit); the contract asks for 50 profiles")
    }

    static func keepsAtMost50(_ subjectType: any ProfileStoreSubject.Type) throws {
        let subject = subjectType.init(client: profileMaker())
        let total = 120
        var handedOut: [WeakResultLog] = []
        for index in 0..<total {
            let log = WeakResultLog()
            try requestProfile(subject, id: "user-\(index)", completion: log.handler)
            try require(log.waitForFirstCall(), "completion was not called within 2 s for profile(forID: \"user-\(index)\")")
            handedOut.append(log)
        }
        settle()
        let alive = handedOut.filter { $0.profile != nil }.count
        try require(alive <= 50, "after loading \(total) different profiles, \(alive) of them were still alive; with countLimit 50 the store should hold at most 50. A limit on cost instead of count, or a second collection beside the NSCache, lets profiles pile up")
    }

    static func lookupOnlyLooks(_ subjectType: any ProfileStoreSubject.Type) throws {
        let client = profileMaker()
        let subject = subjectType.init(client: client)
        let never = subject.cachedProfile(forID: "never-loaded")
        try require(never == nil, "cachedProfile(forID: \"never-loaded\") returned \(never.map { "\($0)" } ?? "") although nothing was loaded; a miss returns nil")
        let log = try load(subject, "present")
        guard let fetched = log.calls.first.flatMap(profile(in:)) else {
            throw TestFailure("profile(forID: \"present\") did not complete with the profile the client sent (it completed with \(log.calls.first.map(describe) ?? "nothing within 2 s")); see miss_completes_once")
        }
        let found = subject.cachedProfile(forID: "present")
        try require(found != nil, "cachedProfile(forID: \"present\") returned nil right after profile(forID: \"present\") completed with a fetched profile; store fetched profiles, and look them up under the same key")
        try require(found === fetched, "cachedProfile(forID: \"present\") returned a different Profile object than the one fetched for \"present\"; return the cached object itself")
        try require(subject.cachedProfile(forID: "absent") == nil, "after loading \"present\", cachedProfile(forID: \"absent\") returned a profile; a miss returns nil")
        settle()
        let fromLookups = client.requests.filter { $0 != "present" }
        try require(fromLookups.isEmpty, "cachedProfile(forID:) asked the client for \(fromLookups.map { "\"\($0)\"" }.joined(separator: ", ")); it should only look in the cache (profile(forID:completion:) is the one that fetches)")
        let presentRequests = client.requestCount(for: "present")
        try require(presentRequests == 1, "the client was asked for \"present\" \(times(presentRequests)) (one profile(forID:completion:) and two lookups); only the one miss should ask it")
    }

    static func keysAreExact(_ subjectType: any ProfileStoreSubject.Type) throws {
        let client = profileMaker()
        let subject = subjectType.init(client: client)
        let ids = ["ada", "Ada", "ADA", "ada ", " ada", "ada\n", "\tada", "ada\u{A0}", "ad\u{E1}", "\u{FF41}da", "ada.l", "ada/1", "ada1", "ad", "a", "b", "a/b", "ab", "user-7", "user-77"]
        var loaded: [String: Profile] = [:]
        for id in ids {
            let log = try load(subject, id)
            guard let first = log.calls.first else {
                throw TestFailure("completion was not called within 2 s for profile(forID: \"\(id)\")")
            }
            guard let received = profile(in: first) else {
                throw TestFailure("profile(forID: \"\(id)\") completed with \(describe(first)) although the client answers every id with a profile")
            }
            if received.id != id {
                let asked = client.requestCount(for: id)
                throw TestFailure("profile(forID: \"\(id)\") completed with the profile of \"\(received.id)\"\(asked == 0 ? " without asking the client" : ""); ids must match exactly: no lowercasing, trimming or cutting, so two different ids never share an entry")
            }
            loaded[id] = received
        }
        for (id, profile) in loaded {
            let asked = client.requestCount(for: id)
            try require(asked == 1, "the client was asked for \"\(id)\" \(times(asked)); each of the \(ids.count) ids was loaded once, so each should be fetched once")
            let found = subject.cachedProfile(forID: id)
            if found !== profile {
                let owner = found.map { "the profile of \"\($0.id)\"" } ?? "nil"
                throw TestFailure("after loading \(ids.count) ids, cachedProfile(forID: \"\(id)\") returned \(owner); look ids up exactly as given, and never let one id replace another")
            }
        }
        let rebuilt = String(["a", "d", "a"])
        try require(subject.cachedProfile(forID: rebuilt) === loaded["ada"], "cachedProfile(forID:) missed for an id built separately but equal to \"ada\"; use the string's value as the key (id as NSString)")

        // A client may answer with a profile whose own id is written differently (the
        // server's canonical form): it is still the answer for the id that was asked.
        let canonical = Profile(id: "grace", name: "Grace (as the server writes her id)")
        let canonicalizing = subjectType.init(client: FakeClient(.atOnce) { _ in .success(canonical) })
        _ = try load(canonicalizing, "Grace")
        let underAsked = canonicalizing.cachedProfile(forID: "Grace")
        let underOther = canonicalizing.cachedProfile(forID: "grace")
        try require(underAsked === canonical && underOther == nil, "profile(forID: \"Grace\") got a profile whose own id is \"grace\"; afterwards cachedProfile(forID: \"Grace\") returned \(underAsked.map { "the profile of \"\($0.id)\"" } ?? "nil") and cachedProfile(forID: \"grace\") \(underOther.map { "the profile of \"\($0.id)\"" } ?? "nil"). Cache it under the id that was asked for (loading one id never changes what another returns), not under the id the profile carries")
    }

    /// Ids far longer than any cut a store might make, in pairs that share a long prefix
    /// or a long suffix, so keeping only part of an id is caught however long that part is.
    static func longIDsAreExact(_ subjectType: any ProfileStoreSubject.Type) throws {
        let client = profileMaker()
        let subject = subjectType.init(client: client)
        let stem = String(repeating: "0123456789abcdef", count: 40)   // 640 characters
        let ids = [
            "org-7f3a9c2e-41b8-4d0e-9a55-0c1d2e3f4a5b/member-0001",
            "org-7f3a9c2e-41b8-4d0e-9a55-0c1d2e3f4a5b/member-0002",
            stem + "-first",
            stem + "-second",
            "first-" + stem,
            "second-" + stem,
            stem,
        ]
        var loaded: [String: Profile] = [:]
        for id in ids {
            let log = try load(subject, id)
            guard let first = log.calls.first else {
                throw TestFailure("completion was not called within 2 s for profile(forID:) with \(describeID(id))")
            }
            guard let received = profile(in: first) else {
                throw TestFailure("profile(forID:) with \(describeID(id)) completed with \(describe(first)) although the client answers every id with a profile")
            }
            if received.id != id {
                throw TestFailure("profile(forID:) with \(describeID(id)) completed with the profile of \(describeID(received.id)); the two ids share \(sharedEnds(id, received.id)) characters but are different users. Key the cache by the whole id (id as NSString), however long: a store that keeps only part of an id mixes users up")
            }
            loaded[id] = received
        }
        for id in ids {
            let found = subject.cachedProfile(forID: id)
            if found !== loaded[id] {
                let owner = found.map { "the profile of \(describeID($0.id))" } ?? "nil"
                throw TestFailure("after loading \(ids.count) long ids that share long prefixes or suffixes, cachedProfile(forID:) with \(describeID(id)) returned \(owner); key the cache by the whole id")
            }
        }
    }
}

/// A long id as a message shows it: its ends and its length.
func describeID(_ id: String) -> String {
    id.count <= 60 ? "\"\(id)\"" : "\"\(id.prefix(24))…\(id.suffix(12))\" (\(id.count) characters)"
}

/// The length of the longer of the common prefix and the common suffix of `a` and `b`.
func sharedEnds(_ a: String, _ b: String) -> Int {
    let prefix = zip(a, b).prefix { $0 == $1 }.count
    let suffix = zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count
    return max(prefix, suffix)
}
