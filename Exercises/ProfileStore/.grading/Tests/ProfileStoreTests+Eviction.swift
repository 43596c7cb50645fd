import CacheEngine
import Foundation

extension ProfileStoreTests {
    /// Lookups and loads against a cache that holds three profiles, with the engine evicting
    /// in `policy` order; every answer must be right for what is cached at that moment.
    static func survivesEviction(_ subjectType: any ProfileStoreSubject.Type, policy: EvictionPolicy, label: String) throws {
        let model = EvictionModel(subjectType: subjectType, context: "with countLimit 3 and \(label) eviction")
        let cache = try profileCache(of: model.subject)
        model.cache = cache
        cache.policy = policy
        cache.countLimit = 3
        var random = SplitMix64(seed: 0x9F0F_11E5)
        let ids = (0..<8).map { "user-\($0)" } + [EvictionModel.nobody]
        for _ in 0..<70 {
            let id = ids.randomElement(using: &random)!
            if Int.random(in: 0..<3, using: &random) == 0 {
                try model.lookUp(id)
            } else {
                try model.load(id)
            }
        }
    }

    static func survivesMemoryPressure(_ subjectType: any ProfileStoreSubject.Type) throws {
        let model = EvictionModel(subjectType: subjectType, context: "after memory pressure")
        let cache = try profileCache(of: model.subject)
        model.cache = cache
        let ids = (0..<6).map { "user-\($0)" }
        for id in ids { try model.load(id) }
        cache.simulateMemoryPressure(.moderate)
        for id in ids { try model.lookUp(id) }
        for id in ids { try model.load(id) }
        cache.simulateMemoryPressure(.critical)
        for id in ids { try model.lookUp(id) }
        for id in ids { try model.load(id) }
        for id in ids { try model.lookUp(id) }
    }
}

/// What the store should answer for each id while the engine drops profiles at will.
///
/// The fake client answers at once: a new profile for every request, and `.success(nil)`
/// for `nobody`. The model remembers the latest profile sent for each id; a hit must return
/// exactly that object, a miss must ask the client and pass on what it sent. Counting
/// completions and the order of storing and completing have tests of their own; this one
/// checks what eviction can break.
final class EvictionModel {
    static let nobody = "nobody"

    let subject: any ProfileStoreSubject
    let context: String
    let client: FakeClient
    var cache: Cache<NSString, Profile>!
    private let sent = SentProfiles()
    private var latest: [String: Profile] = [:]

    init(subjectType: any ProfileStoreSubject.Type, context: String) {
        let sent = sent
        let serial = Counter()
        client = FakeClient(.atOnce) { id in
            guard id != EvictionModel.nobody else { return .success(nil) }
            let profile = Profile(id: id, name: "\(id) v\(serial.next())")
            sent.record(profile)
            return .success(profile)
        }
        subject = subjectType.init(client: client)
        self.context = context
    }

    func lookUp(_ id: String) throws {
        guard let found = subject.cachedProfile(forID: id) else {
            if let expected = latest[id] {
                try require(!holds(cache, expected), "\(context), cachedProfile(forID: \"\(id)\") returned nil although the NSCache still holds its profile; ask the NSCache rather than your own bookkeeping")
            }
            return
        }
        try require(found === latest[id], "\(context), cachedProfile(forID: \"\(id)\") returned \(describeWrong(found, for: id)); it should return the profile last fetched for that id, or nil once the cache has let it go")
    }

    func load(_ id: String) throws {
        let sentBefore = sent.count
        let askedBefore = client.requests.count
        let log = ResultLog()
        try requestProfile(subject, id: id, completion: log.handler)
        try require(log.waitForFirstCall(), "\(context), completion was not called within 2 s for profile(forID: \"\(id)\")")
        let asked = client.requests.count - askedBefore
        try require(asked <= 1, "\(context), one profile(forID: \"\(id)\") asked the client \(times(asked)); a miss asks once")
        let result = log.calls[0]
        if id == Self.nobody {
            try require(asked == 1, "\(context), profile(forID: \"\(id)\") did not ask the client although 'no such user' is never cached")
            try require(describe(result) == ".success(nil)", "\(context), profile(forID: \"\(id)\") completed with \(describe(result)) although the client answered .success(nil)")
            return
        }
        let fresh = sent.since(sentBefore).first
        switch result {
        case .failure:
            throw TestFailure("\(context), profile(forID: \"\(id)\") completed with \(describe(result)) although the client never fails here")
        case .success(nil):
            throw TestFailure(fresh == nil
                ? "\(context), profile(forID: \"\(id)\") completed with .success(nil), 'no such user', without asking the client; the user exists, and after an eviction the id is simply a miss: ask the client again"
                : "\(context), profile(forID: \"\(id)\") completed with .success(nil) although the client had just sent a profile; pass on the object the client sent, not a second lookup (the cache may have let it go already)")
        case let .success(received?):
            if let fresh {
                if let cached = latest[id], received === cached {
                    throw TestFailure("\(context), profile(forID: \"\(id)\") completed with the cached profile and asked the client all the same; a hit should return at once, without a request (see hit_skips_network)")
                }
                try require(received === fresh, "\(context), profile(forID: \"\(id)\") asked the client, then completed with \(describeWrong(received, for: id)); pass on the profile the client just sent")
                latest[id] = fresh
            } else {
                try require(received === latest[id], "\(context), without asking the client, profile(forID: \"\(id)\") completed with \(describeWrong(received, for: id)); on a hit pass the cached profile, on a miss ask the client")
            }
        }
    }

    private func describeWrong(_ profile: Profile, for id: String) -> String {
        if profile.id != id { return "the profile of \"\(profile.id)\"" }
        if latest[id] == nil { return "a profile although none was fetched for it yet" }
        return "an older copy of its profile (\(profile.name)), not the one fetched last"
    }
}

/// The profiles the fake client sent, in order, kept alive for identity checks.
final class SentProfiles: @unchecked Sendable {
    private let lock = NSLock()
    private var profiles: [Profile] = []

    func record(_ profile: Profile) { lock.withLock { profiles.append(profile) } }
    var count: Int { lock.withLock { profiles.count } }
    func since(_ index: Int) -> [Profile] { lock.withLock { Array(profiles[index...]) } }
}
