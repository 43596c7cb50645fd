// why: a serial queue, loads of one key and generation merged, a hash of the revision only (blind round 4)
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

    override var hash: Int { revision }

    override func isEqual(_ object: Any?) -> Bool {
        guard let that = object as? SessionKey else { return false }
        return account == that.account && resource == that.resource && revision == that.revision
    }
}

private struct InFlight: Hashable {
    let account: String
    let resource: String
    let revision: Int
    let gen: Int
}

final class SessionCache {
    private let fetcher: (SessionKey, @escaping (NSData?) -> Void) -> Void
    private let cache = NSCache<SessionKey, NSData>()
    private let queue = DispatchQueue(label: "session-cache")
    private var gen = 0
    private var waiting: [InFlight: [(NSData?) -> Void]] = [:]

    init(fetcher: @escaping (SessionKey, @escaping (NSData?) -> Void) -> Void) {
        self.fetcher = fetcher
    }

    var generation: Int { queue.sync { gen } }

    func data(for key: SessionKey) -> NSData? { cache.object(forKey: key) }

    func store(_ data: NSData, for key: SessionKey) {
        cache.setObject(NSData(data: Data(referencing: data)), forKey: key)
    }

    func load(_ key: SessionKey, completion: @escaping (NSData?) -> Void) {
        if let hit = cache.object(forKey: key) {
            completion(hit)
            return
        }
        let (slot, first): (InFlight, Bool) = queue.sync {
            let slot = InFlight(account: key.account, resource: key.resource, revision: key.revision, gen: gen)
            let first = waiting[slot] == nil
            waiting[slot, default: []].append(completion)
            return (slot, first)
        }
        guard first else { return }
        fetcher(key) { [self] fetched in
            let (result, callers): (NSData?, [(NSData?) -> Void]) = queue.sync {
                let callers = waiting.removeValue(forKey: slot) ?? []
                guard slot.gen == gen, let f = fetched else { return (nil, callers) }
                let snap = NSData(data: f as Data)
                cache.setObject(snap, forKey: key)
                return (snap, callers)
            }
            for c in callers { c(result) }
        }
    }

    func signOut() {
        queue.sync {
            gen += 1
            cache.removeAllObjects()
        }
    }
}
