// why: the hit's completion and the fetch are dispatched to a global queue through an unchecked Sendable box (blind round 4)
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
        var h = Hasher()
        h.combine(account)
        h.combine(resource)
        h.combine(revision)
        return h.finalize()
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let that = object as? SessionKey else { return false }
        return account == that.account && resource == that.resource && revision == that.revision
    }
}

private final class Box<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

final class SessionCache: @unchecked Sendable {
    private let fetcher: (SessionKey, @escaping (NSData?) -> Void) -> Void
    private let cache = NSCache<SessionKey, NSData>()
    private let lock = NSLock()
    private var gen = 0

    init(fetcher: @escaping (SessionKey, @escaping (NSData?) -> Void) -> Void) {
        self.fetcher = fetcher
    }

    var generation: Int {
        lock.lock(); defer { lock.unlock() }
        return gen
    }

    private func snapshot(_ d: NSData) -> NSData {
        return NSData(data: d as Data)
    }

    func data(for key: SessionKey) -> NSData? {
        return cache.object(forKey: key)
    }

    func store(_ data: NSData, for key: SessionKey) {
        cache.setObject(snapshot(data), forKey: key)
    }

    func load(_ key: SessionKey, completion: @escaping (NSData?) -> Void) {
        if let hit = cache.object(forKey: key) {
            let box = Box((hit, completion))
            DispatchQueue.global().async { box.value.1(box.value.0) }
            return
        }
        let started = generation
        let box = Box((fetcher, key, completion))
        DispatchQueue.global().async { [self] in let (fetcher, key, completion) = box.value; fetcher(key) { [self] fetched in
            var result: NSData? = nil
            lock.lock()
            if started == gen, let f = fetched {
                let snap = snapshot(f)
                cache.setObject(snap, forKey: key)
                result = snap
            }
            lock.unlock()
            completion(result)
        } }
    }

    func signOut() {
        lock.lock()
        gen += 1
        cache.removeAllObjects()
        lock.unlock()
    }
}
