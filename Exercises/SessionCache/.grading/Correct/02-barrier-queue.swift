// why: reads with sync and signs out with a barrier on a concurrent queue, which the race detector must see through libdispatch (a blind round of learners found it reported racing)
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

    /// The three fields as one value, so equality and hashing cannot disagree.
    private var fields: [AnyHashable] { [revision, resource, account] }

    override var hash: Int { fields.hashValue }

    override func isEqual(_ object: Any?) -> Bool {
        (object as? SessionKey).map { $0.fields == fields } ?? false
    }
}

final class SessionCache {
    private let fetcher: (SessionKey, @escaping (NSData?) -> Void) -> Void
    private let cache = NSCache<SessionKey, NSData>()
    private let queue = DispatchQueue(label: "SessionCache.generation", attributes: .concurrent)
    private var currentGeneration = 0

    init(fetcher: @escaping (SessionKey, @escaping (NSData?) -> Void) -> Void) {
        self.fetcher = fetcher
    }

    var generation: Int {
        queue.sync { currentGeneration }
    }

    func data(for key: SessionKey) -> NSData? {
        return cache.object(forKey: key)
    }

    func store(_ data: NSData, for key: SessionKey) {
        let snapshot = NSData(data: data as Data)
        cache.setObject(snapshot, forKey: key)
    }

    func load(_ key: SessionKey, completion: @escaping (NSData?) -> Void) {
        if let hit = cache.object(forKey: key) {
            completion(hit)
            return
        }
        let started = generation
        fetcher(key) { [weak self] result in
            guard let self else { completion(nil); return }
            let delivered: NSData? = self.queue.sync(flags: .barrier) {
                guard self.currentGeneration == started, let result else { return nil }
                let snapshot = NSData(data: result as Data)
                self.cache.setObject(snapshot, forKey: key)
                return snapshot
            }
            completion(delivered)
        }
    }

    func signOut() {
        queue.sync(flags: .barrier) {
            currentGeneration += 1
            cache.removeAllObjects()
        }
    }
}
