// expect: fail accounts_are_isolated uses_nscache
// why: the stale card: SessionCache files data under the resource and revision only, dropping the account from the key
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

    init(fetcher: @escaping (SessionKey, @escaping (NSData?) -> Void) -> Void) {
        self.fetcher = fetcher
    }

    var generation: Int {
        lock.withLock { currentGeneration }
    }

    func data(for key: SessionKey) -> NSData? {
        entries.object(forKey: Self.shared(key))
    }

    private static func shared(_ key: SessionKey) -> SessionKey {
        SessionKey(account: "", resource: key.resource, revision: key.revision)
    }

    func store(_ data: NSData, for key: SessionKey) {
        let snapshot = data.copy() as! NSData
        entries.setObject(snapshot, forKey: Self.shared(key), cost: snapshot.length)
    }

    func load(_ key: SessionKey, completion: @escaping (NSData?) -> Void) {
        if let cached = data(for: key) {
            completion(cached)
            return
        }
        let startedIn = generation
        fetcher(key) { [self] fetched in
            let kept: NSData? = lock.withLock {
                guard let fetched, currentGeneration == startedIn else { return nil }
                let snapshot = fetched.copy() as! NSData
                entries.setObject(snapshot, forKey: Self.shared(key), cost: snapshot.length)
                return snapshot
            }
            completion(kept)
        }
    }

    func signOut() {
        lock.withLock {
            currentGeneration += 1
            entries.removeAllObjects()
        }
    }
}
