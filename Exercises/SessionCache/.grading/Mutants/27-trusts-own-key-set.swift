// expect: fail survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure
// why: keeps its own set of stored keys and, on a load, trusts it over the cache, completing with nil once the entry was evicted
import Foundation

final class SessionKey: NSObject {
    let account: String
    let resource: String
    let revision: Int

    init(account: String, resource: String, revision: Int) {
        self.account = account
        self.resource = resource
        self.revision = revision
        super.init()
    }

    override var hash: Int {
        var mixer = Hasher()
        mixer.combine(account)
        mixer.combine(resource)
        mixer.combine(revision)
        return mixer.finalize()
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let candidate = object as? SessionKey else { return false }
        return account == candidate.account && resource == candidate.resource && revision == candidate.revision
    }
}

final class SessionCache {
    private let entries = NSCache<SessionKey, NSData>()
    private let fetcher: (SessionKey, @escaping (NSData?) -> Void) -> Void
    private let lock = NSLock()
    private var currentGeneration = 0
    private var known = Set<SessionKey>()

    init(fetcher: @escaping (SessionKey, @escaping (NSData?) -> Void) -> Void) {
        self.fetcher = fetcher
    }

    var generation: Int {
        lock.withLock { currentGeneration }
    }

    func data(for key: SessionKey) -> NSData? {
        entries.object(forKey: key)
    }

    func store(_ data: NSData, for key: SessionKey) {
        let snapshot = data.copy() as! NSData
        entries.setObject(snapshot, forKey: key, cost: snapshot.length)
        lock.withLock { _ = known.insert(key) }
    }

    func load(_ key: SessionKey, completion: @escaping (NSData?) -> Void) {
        if lock.withLock({ known.contains(key) }) {
            completion(data(for: key))
            return
        }
        let startedIn = generation
        fetcher(key) { [self] fetched in
            let kept: NSData? = lock.withLock {
                guard let fetched, currentGeneration == startedIn else { return nil }
                let snapshot = fetched.copy() as! NSData
                entries.setObject(snapshot, forKey: key, cost: snapshot.length)
                _ = known.insert(key)
                return snapshot
            }
            completion(kept)
        }
    }

    func signOut() {
        lock.withLock {
            currentGeneration += 1
            entries.removeAllObjects()
            known.removeAll()
        }
    }
}
