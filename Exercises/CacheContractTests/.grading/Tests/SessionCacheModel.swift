import CacheEngine
import Foundation

/// How the NSCache behind a session cache is set up for one run of a learner's test.
struct CacheSetup {
    /// The engine's eviction order; set on every cache made, whatever the process default.
    var policy: EvictionPolicy = .lru
    /// The NSCache's countLimit; 0 means none.
    var countLimit = 0
    /// Simulated memory pressure right after every store, if any: `.moderate` drops about
    /// half of what is cached, `.critical` everything (so nothing is ever found).
    var pressureAfterStore: MemoryPressure?
    /// The setup in words, as a clause after "a correct session cache": "whose NSCache has
    /// a count limit of 2 and evicts the oldest entry first".
    var summary: String
    /// Which correct implementation stands behind the cache.
    var design: WheatDesign = .lazySignOut

    /// This setup with another design behind it.
    func with(_ design: WheatDesign) -> CacheSetup {
        var copy = self
        copy.design = design
        return copy
    }

    /// The setup in words, design included, as a clause after "a correct session cache".
    var description: String {
        design.summary.isEmpty ? summary : "\(design.summary), \(summary)"
    }

    /// The correct cache of this setup's design, asking `server`.
    func make(server: FakeServer) -> any SessionCaching {
        switch design {
        case .lazySignOut: SessionCacheModel(server: server, setup: self)
        case .eagerSignOut: EagerSignOutCache(server: server, setup: self)
        case .perAccountCaches: PerAccountCaches(server: server, setup: self)
        }
    }

    /// No limits, no pressure: the cache keeps everything it is given.
    static let keepsEverything = CacheSetup(summary: "whose NSCache has no limits and no memory pressure, so it kept every entry")
}

/// The correct session cache: what the wheats run and what every chaff breaks in one place.
///
/// Entries live in one engine `Cache` (NSCache in a learner's file) under a structured key:
/// account, resource and the account's generation. `signOut(account:)` raises the
/// generation, so the account's old entries can never be found again (the NSCache frees
/// them when it likes) and a reply to a load begun in an older generation is dropped.
/// Chaffs subclass it and override one hook; see `Chaff`.
class SessionCacheModel: SessionCaching {
    let entries: Cache<NSObject, NSData>
    let server: FakeServer
    private let setup: CacheSetup
    private let lock = NSLock()
    private var generations: [String: Int] = [:]

    init(server: FakeServer, setup: CacheSetup) {
        self.server = server
        self.setup = setup
        entries = Cache(policy: setup.policy)
        entries.countLimit = setup.countLimit
    }

    // MARK: Hooks a chaff may override

    /// The NSCache key of one entry: every field counts, compared by value.
    func key(account: String, resource: String, generation: Int) -> NSObject {
        EntryKey(account: account, resource: resource, generation: generation)
    }

    /// A copy of the caller's bytes, so later changes to an `NSMutableData` are not seen.
    func snapshot(_ data: NSData) -> NSData {
        NSData(data: Data(referencing: data))
    }

    /// Files `data` under its key, replacing any older entry.
    func put(_ data: NSData, account: String, resource: String, generation: Int) {
        entries.setObject(data, forKey: key(account: account, resource: resource, generation: generation), cost: data.length)
        if let pressure = setup.pressureAfterStore { entries.simulateMemoryPressure(pressure) }
    }

    /// What a load does with the server's reply.
    func receive(_ reply: Data?, account: String, resource: String, startedIn generation: Int, completion: (Data?) -> Void) {
        guard self.generation(of: account) == generation else {
            completion(nil)  // the account signed out while the request ran: drop the reply
            return
        }
        if let reply { put(NSData(data: reply), account: account, resource: resource, generation: generation) }
        completion(reply)
    }

    /// The number of times `account` has signed out.
    final func generation(of account: String) -> Int {
        lock.withLock { generations[account, default: 0] }
    }

    // MARK: SessionCaching

    func store(_ data: NSData, account: String, resource: String) {
        put(snapshot(data), account: account, resource: resource, generation: generation(of: account))
    }

    func value(account: String, resource: String) -> Data? {
        let found = entries.object(forKey: key(account: account, resource: resource, generation: generation(of: account)))
        return found.map { Data(referencing: $0) }
    }

    func load(account: String, resource: String, completion: @escaping (Data?) -> Void) {
        if let cached = value(account: account, resource: resource) {
            completion(cached)
            return
        }
        let startedIn = generation(of: account)
        server.fetch(account: account, resource: resource) { reply in
            self.receive(reply, account: account, resource: resource, startedIn: startedIn, completion: completion)
        }
    }

    func signOut(account: String) {
        lock.withLock { generations[account, default: 0] += 1 }
    }

    func clear() {
        entries.removeAllObjects()
    }
}

/// The structured key of the correct cache: equal when every field is equal.
final class EntryKey: NSObject {
    let account: String
    let resource: String
    let generation: Int

    init(account: String, resource: String, generation: Int) {
        self.account = account
        self.resource = resource
        self.generation = generation
    }

    override var hash: Int {
        var mixer = Hasher()
        mixer.combine(account)
        mixer.combine(resource)
        mixer.combine(generation)
        return mixer.finalize()
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let candidate = object as? EntryKey else { return false }
        return account == candidate.account && resource == candidate.resource && generation == candidate.generation
    }
}

/// What every `CacheFactory` hands a learner's test, whichever implementation stands behind
/// it: one type, holding nothing but closures, so a test can tell a correct cache from a
/// buggy one only by what it does, never by its type name or its stored properties.
final class SessionCache: SessionCaching {
    private let storeBytes: (NSData, String, String) -> Void
    private let lookUp: (String, String) -> Data?
    private let loadBytes: (String, String, @escaping (Data?) -> Void) -> Void
    private let endSession: (String) -> Void
    private let removeAll: () -> Void
    /// The run that made this cache.
    private let run: RunStamp

    init(_ implementation: any SessionCaching, run: RunStamp) {
        self.run = run
        storeBytes = { data, account, resource in implementation.store(data, account: account, resource: resource) }
        lookUp = { account, resource in implementation.value(account: account, resource: resource) }
        loadBytes = { account, resource, completion in implementation.load(account: account, resource: resource, completion: completion) }
        endSession = { account in implementation.signOut(account: account) }
        removeAll = { implementation.clear() }
    }

    func store(_ data: NSData, account: String, resource: String) { noteUse(); storeBytes(data, account, resource) }
    func value(account: String, resource: String) -> Data? { noteUse(); return lookUp(account, resource) }
    func load(account: String, resource: String, completion: @escaping (Data?) -> Void) { noteUse(); loadBytes(account, resource, completion) }
    func signOut(account: String) { noteUse(); endSession(account) }
    func clear() { noteUse(); removeAll() }

    /// Tells the run in progress when this cache was made by another run.
    private func noteUse() {
        if let now = currentRun.withLock({ $0 }), now !== run { now.noteReuse() }
    }
}
