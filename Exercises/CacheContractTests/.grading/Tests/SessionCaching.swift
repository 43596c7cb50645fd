import Foundation

/// The session cache the learner's tests exercise: data per (account, resource), kept in an
/// NSCache, loaded through a server when it is missing. The learner never sees an
/// implementation: the grader hands their tests a correct one (the wheats) or one with a
/// known bug (the chaffs), always through this protocol.
public protocol SessionCaching: AnyObject {
    /// Keeps a snapshot of `data`'s bytes for `resource` of `account`, replacing what was
    /// there. A caller that changes its `NSMutableData` afterwards changes nothing cached.
    func store(_ data: NSData, account: String, resource: String)
    /// The cached bytes for `resource` of `account`, or nil on a miss. Only looks: never
    /// asks the server.
    func value(account: String, resource: String) -> Data?
    /// On a hit, calls `completion` with the cached bytes and asks the server nothing. On a
    /// miss, asks the server once, stores a reply and calls `completion` with it; a failed
    /// request (nil) stores nothing and completes with nil. A reply that arrives after
    /// `signOut(account:)` of that account is dropped: nothing stored, `completion(nil)`.
    /// `completion` runs exactly once, on the thread that delivers the reply.
    func load(account: String, resource: String, completion: @escaping (Data?) -> Void)
    /// Ends `account`'s session: its entries are gone, its loads still running store nothing,
    /// and the other accounts keep theirs.
    func signOut(account: String)
    /// Removes every entry of every account.
    func clear()
}

extension SessionCaching {
    /// Stores `data`, so a test can write `cache.store(Data("10".utf8), account: …, resource: …)`.
    public func store(_ data: Data, account: String, resource: String) {
        store(NSData(data: data), account: account, resource: resource)
    }
}

/// The server behind a session cache, as a test double the learner's tests control.
///
///     let server = FakeServer()
///     server.serve(Data("10".utf8), account: "anna", resource: "balance")
///     let cache = caches.make(server: server)
///     cache.load(account: "anna", resource: "balance") { print($0 as Any) }   // replies at once
///     server.requestCount                                                     // 1
///
/// It replies at once, on the caller's thread, unless told to `holdReplies()`; then every
/// request waits until `sendHeldReplies()`. A resource it does not serve fails: the reply is nil.
public final class FakeServer {
    private struct Held {
        let account: String
        let resource: String
        let reply: (Data?) -> Void
    }

    private let lock = NSLock()
    private var served: [ServerKey: Data] = [:]
    private var log: [ServerKey] = []
    private var holding = false
    private var held: [Held] = []
    /// The run of a learner's test that first made a cache with this server.
    private var owner: RunStamp?

    /// A server that serves nothing yet and replies at once.
    public init() {}

    /// From now on, the server answers requests for `resource` of `account` with `data`.
    public func serve(_ data: Data, account: String, resource: String) {
        lock.withLock { served[ServerKey(account: account, resource: resource)] = data }
    }

    /// From now on, requests wait for `sendHeldReplies()` instead of being answered at once.
    public func holdReplies() {
        lock.withLock { holding = true }
    }

    /// Answers every waiting request, oldest first, with what the server serves now, on the
    /// calling thread; later requests are answered at once again.
    public func sendHeldReplies() {
        let waiting: [(Held, Data?)] = lock.withLock {
            holding = false
            let answers = held.map { ($0, served[ServerKey(account: $0.account, resource: $0.resource)]) }
            held = []
            return answers
        }
        for (request, data) in waiting { request.reply(data) }
    }

    /// How many requests the server has received, for any account and resource.
    public var requestCount: Int {
        lock.withLock { log.count }
    }

    /// How many requests the server has received for `resource` of `account`.
    public func requestCount(account: String, resource: String) -> Int {
        let key = ServerKey(account: account, resource: resource)
        return lock.withLock { log.filter { $0 == key }.count }
    }

    /// Whether this server belongs to `run`: true for the first run that makes a cache with
    /// it, and for that run only.
    func claim(for run: RunStamp) -> Bool {
        lock.withLock {
            if owner == nil { owner = run }
            return owner === run
        }
    }

    /// A request from a cache: answered now, or later when replies are held.
    func fetch(account: String, resource: String, reply: @escaping (Data?) -> Void) {
        let key = ServerKey(account: account, resource: resource)
        let answerNow: Data?? = lock.withLock {
            log.append(key)
            if holding {
                held.append(Held(account: account, resource: resource, reply: reply))
                return .none
            }
            return .some(served[key])
        }
        if case let .some(data) = answerNow { reply(data) }
    }
}

/// What the server files its data under; a struct, so no two pairs can collide.
private struct ServerKey: Hashable {
    let account: String
    let resource: String
}
