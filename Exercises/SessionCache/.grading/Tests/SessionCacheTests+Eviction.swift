import CacheEngine
import Foundation

extension SessionCacheTests {
    /// The keys the eviction tests use: two accounts that share resource names, two revisions.
    static let evictionKeys: [KeyFields] = ["anna", "ben"].flatMap { account in
        ["card", "feed", "inbox"].flatMap { resource in [1, 2].map { KeyFields(account, resource, $0) } }
    }

    /// Stores, lookups, loads and the odd sign-out against a cache that holds three entries,
    /// with the engine evicting in `policy` order; every answer must be right for its key.
    static func survivesEviction(_ subjectType: any SessionCacheSubject.Type, policy: EvictionPolicy, label: String) throws {
        let model = EvictionModel(subjectType: subjectType, context: "with countLimit 3 and \(label) eviction")
        let view = try engineView(of: model.subject)
        model.view = view
        view.setPolicy(policy)
        view.setLimits(count: 3, cost: 0)
        var random = SeededGenerator(seed: 0x5E55_1011)
        for step in 0..<80 {
            let key = evictionKeys.randomElement(using: &random)!
            switch Int.random(in: 0..<3, using: &random) {
            case 0: model.store(key)
            case 1: try model.lookUp(key)
            default: try model.load(key)
            }
            if step == 40 { model.signOut() }
        }
    }

    static func survivesMemoryPressure(_ subjectType: any SessionCacheSubject.Type) throws {
        let model = EvictionModel(subjectType: subjectType, context: "after memory pressure")
        let view = try engineView(of: model.subject)
        model.view = view
        for key in evictionKeys { model.store(key) }
        view.simulateMemoryPressure(.moderate)
        for key in evictionKeys { try model.lookUp(key) }
        for key in evictionKeys { try model.load(key) }
        view.simulateMemoryPressure(.critical)
        for key in evictionKeys { try model.lookUp(key) }
        for key in evictionKeys { try model.load(key) }
        for key in evictionKeys { try model.lookUp(key) }
    }

    /// The cache may drop an entry at any moment, so also between two lookups of one key.
    /// Under another thread's store that moment is rare; the engine's grading hook makes
    /// it certain (every hit evicts its entry right after returning it), so a lookup or a
    /// load that answers with a second lookup is caught on every run.
    static func survivesEvictionBetweenLookups(_ subjectType: any SessionCacheSubject.Type) throws {
        let fetches = FetchLog(subjectType, .now { _ in bytes("fetched statement") })
        let subject = subjectType.init(fetcher: fetches.fetcher)
        let view = try engineView(of: subject)
        let key = KeyFields("anna", "statement", 3)
        subject.store(bytes("cached statement"), for: key.make(subjectType))
        view.evictsAfterEveryHit(true)
        let looked = subject.data(for: key.make(subjectType))
        try require(holdsText(looked, "cached statement"), looked == nil
            ? "the cache let \(key) go right after a lookup found it (another thread's store can make it do that at any moment), and data(for:) returned nil: it looked the key up a second time for its answer. Look it up once and return what that lookup gave"
            : "data(for: \(key)) returned \(show(looked)) instead of the stored \"cached statement\"")
        subject.store(bytes("cached statement"), for: key.make(subjectType))
        let completion = CompletionLog()
        try callLoad(on: subject, key, completion: completion.handler)
        try require(completion.waitForFirstCall(), "load(\(key)) did not complete within 2 s although the key was in the cache; on a hit, call completion with the cached data")
        settle()
        let calls = completion.calls
        try require(calls.count == 1, "completion ran \(times(calls.count)) for one load; it should run once")
        try require(calls[0] != nil, "the cache let \(key) go right after a lookup found it, and load completed with nil: it looked the key up a second time for its answer. Look it up once (if let cached = …) and complete with what that lookup returned")
        try require(fetches.calls.isEmpty, "the cache let \(key) go right after a lookup found it, and load called the fetcher: it looked the key up again after finding it. Look it up once and complete with what that lookup returned")
        try require(holdsText(calls[0], "cached statement"), "on a hit, completion received \(show(calls[0])) instead of the cached \"cached statement\"")
    }
}

/// What the cache should answer for each key while the engine drops entries at will.
///
/// Every value made here is unique text naming its key and a serial number, so a wrong
/// answer shows whose data it was. Other points (one completion, one fetch) have tests of
/// their own; this one checks what eviction can break.
final class EvictionModel {
    let subject: any SessionCacheSubject
    let subjectType: any SessionCacheSubject.Type
    let context: String
    var view: EngineView!
    private let serial = Counter()
    private let fetched = FetchedValues()
    /// The text last stored or fetched for each key.
    private var latest: [KeyFields: String] = [:]
    private var signedOut = false

    init(subjectType: any SessionCacheSubject.Type, context: String) {
        let serial = serial
        let fetched = fetched
        self.subjectType = subjectType
        subject = subjectType.init(fetcher: { key, done in
            let fields = KeyFields(of: key, in: subjectType)
            let text = "\(fields?.tag ?? "not a SessionKey") #\(serial.next()) fetched"
            fetched.record(text)
            done(bytes(text))
        })
        self.context = context
    }

    func store(_ key: KeyFields) {
        let text = "\(key.tag) #\(serial.next()) stored"
        latest[key] = text
        subject.store(bytes(text), for: key.make(subjectType))
    }

    func signOut() {
        subject.signOut()
        latest = [:]
        signedOut = true
    }

    func lookUp(_ key: KeyFields) throws {
        let expected = latest[key]
        guard let found = subject.data(for: key.make(subjectType)) else {
            if let expected {
                try require(!view.holds(Data(expected.utf8)), "\(context), data(for: \(key)) returned nil although the NSCache still holds its data; ask the NSCache rather than your own bookkeeping")
            }
            return
        }
        try require(expected.map { holdsText(found, $0) } ?? false, "\(context), data(for: \(key)) returned \(describeWrong(found, for: key)); it should return the data last stored under that key, or nil once the cache has evicted it")
    }

    func load(_ key: KeyFields) throws {
        let before = fetched.count
        let completion = CompletionLog()
        try callLoad(on: subject, key, completion: completion.handler)
        try require(completion.waitForFirstCall(), "\(context), completion was not called within 2 s for load(\(key))")
        let made = fetched.since(before)
        try require(made.count <= 1, "\(context), the fetcher ran \(made.count) times for one load(\(key)); a miss fetches once")
        guard let result = completion.calls.first ?? nil else {
            if made.isEmpty {
                throw TestFailure("\(context), load(\(key)) completed with nil without calling the fetcher; after an eviction the key is simply a miss: look in the NSCache, not in your own records, and fetch the data again")
            }
            let afterSignOut = signedOut ? " (a sign-out earlier in this test must not stop loads that start after it)" : ""
            throw TestFailure("\(context), load(\(key)) completed with nil although the fetcher delivered data\(afterSignOut); store it and complete with it")
        }
        if let fresh = made.first {
            try require(holdsText(result, fresh) || latest[key].map { holdsText(result, $0) } == true, "\(context), load(\(key)) completed with \(describeWrong(result, for: key)); it should complete with the cached or the newly fetched data")
            latest[key] = fresh
        } else {
            try require(latest[key].map { holdsText(result, $0) } == true, "\(context), load(\(key)) completed with \(describeWrong(result, for: key)) without fetching; when the cache misses, call the fetcher")
        }
    }

    private func describeWrong(_ data: NSData, for key: KeyFields) -> String {
        if let owner = latest.first(where: { holdsText(data, $0.value) })?.key, owner != key {
            if key.make(subjectType).isEqual(owner.make(subjectType)) {
                return "the data of \(owner), a key your SessionKey calls equal to it (isEqual(_:); see every_field_counts), so this is no eviction problem"
            }
            return "the data of \(owner)"
        }
        return latest[key] == nil ? "\(show(data)) although nothing is stored for it" : "\(show(data)), older or unknown data"
    }
}


/// The texts the fetcher delivered, in order.
final class FetchedValues: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []

    func record(_ text: String) { lock.withLock { texts.append(text) } }
    var count: Int { lock.withLock { texts.count } }
    func since(_ index: Int) -> [String] { lock.withLock { Array(texts[index...]) } }
}
