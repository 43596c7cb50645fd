import CacheEngine
import Dispatch
import Foundation
import Synchronization

/// The correct session caches behind the wheats. They keep the same contract and differ in
/// everything it leaves open, so a learner's test that asks for more than the contract
/// (an entry that lingers after sign-out, a reply stored although clear() came while it
/// was on its way, an eviction pattern) fails on at least one of them.
enum WheatDesign: CaseIterable {
    /// ``SessionCacheModel``: one NSCache keyed by account, resource and the account's
    /// generation; sign-out only raises the generation, and the old entries stay in the
    /// NSCache, unreachable, until it evicts them. Guarded by an `NSLock`.
    case lazySignOut
    /// ``EagerSignOutCache``: one NSCache keyed by account and resource; sign-out removes
    /// the account's entries from it at once and completes the account's loads still
    /// waiting with nil right then, not when their replies come. Guarded by a serial
    /// dispatch queue, with the generation check and the store as one step.
    case eagerSignOut
    /// ``PerAccountCaches``: one NSCache per account, dropped whole at sign-out; `clear()`
    /// drops them all and also keeps the replies of loads still waiting from being stored.
    /// Guarded by a `Mutex`.
    case perAccountCaches

    /// The design in words, as a clause after "a correct session cache"; empty for the
    /// model, which the setups' summaries already describe.
    var summary: String {
        switch self {
        case .lazySignOut: ""
        case .eagerSignOut: "that removes an account's entries at once when it signs out, and completes its loads still waiting with nil right then (the contract allows either moment)"
        case .perAccountCaches: "with one NSCache per account (dropped whole at sign-out; a clear() also keeps the replies of loads still waiting from being stored, which the contract allows)"
        }
    }
}

/// Applies `setup`'s policy and count limit to a new NSCache.
private func makeEntries<Key: AnyObject>(_ setup: CacheSetup) -> Cache<Key, NSData> {
    let cache = Cache<Key, NSData>(policy: setup.policy)
    cache.countLimit = setup.countLimit
    return cache
}

/// Sign-out removes the account's entries, and ends its waiting loads, eagerly; one key
/// per (account, resource).
final class EagerSignOutCache: SessionCaching {
    private let entries: Cache<EntryKey, NSData>
    private let server: FakeServer
    private let setup: CacheSetup
    private let queue = DispatchQueue(label: "cachetutor.wheat.eager")
    /// Guarded by `queue`: the resources stored per account, and each account's session.
    private var resources: [String: Set<String>] = [:]
    private var sessions: [String: Int] = [:]
    /// Guarded by `queue`: the completions of loads still waiting, per account, by ticket.
    private var waiting: [String: [Int: (Data?) -> Void]] = [:]
    private var lastTicket = 0

    init(server: FakeServer, setup: CacheSetup) {
        self.server = server
        self.setup = setup
        entries = makeEntries(setup)
    }

    private func key(_ account: String, _ resource: String) -> EntryKey {
        EntryKey(account: account, resource: resource, generation: 0)
    }

    /// Files `data`; call on `queue`.
    private func put(_ data: NSData, account: String, resource: String) {
        resources[account, default: []].insert(resource)
        entries.setObject(data, forKey: key(account, resource), cost: data.length)
        if let pressure = setup.pressureAfterStore { entries.simulateMemoryPressure(pressure) }
    }

    func store(_ data: NSData, account: String, resource: String) {
        let copy = NSData(data: Data(referencing: data))
        queue.sync { put(copy, account: account, resource: resource) }
    }

    func value(account: String, resource: String) -> Data? {
        entries.object(forKey: key(account, resource)).map { Data(referencing: $0) }
    }

    func load(account: String, resource: String, completion: @escaping (Data?) -> Void) {
        if let hit = value(account: account, resource: resource) {
            completion(hit)
            return
        }
        let (session, ticket) = queue.sync { () -> (Int, Int) in
            lastTicket += 1
            waiting[account, default: [:]][lastTicket] = completion
            return (sessions[account, default: 0], lastTicket)
        }
        server.fetch(account: account, resource: resource) { [self] reply in
            let (handed, owner): (Data?, ((Data?) -> Void)?) = queue.sync {
                // Gone: a sign-out has completed it already, with nil.
                guard let owner = waiting[account]?.removeValue(forKey: ticket) else { return (nil, nil) }
                guard sessions[account, default: 0] == session else { return (nil, owner) }
                if let reply { put(NSData(data: reply), account: account, resource: resource) }
                return (reply, owner)
            }
            owner?(handed)
        }
    }

    func signOut(account: String) {
        let cutOff = queue.sync { () -> [(Data?) -> Void] in
            sessions[account, default: 0] += 1
            for resource in resources.removeValue(forKey: account) ?? [] {
                entries.removeObject(forKey: key(account, resource))
            }
            return (waiting.removeValue(forKey: account) ?? [:]).sorted { $0.key < $1.key }.map(\.value)
        }
        // Outside the queue: a completion may use the cache at once.
        for completion in cutOff { completion(nil) }
    }

    func clear() {
        queue.sync {
            resources = [:]
            entries.removeAllObjects()
        }
    }
}

/// One NSCache per account; sign-out and clear() replace caches instead of removing entries.
final class PerAccountCaches: SessionCaching {
    private struct State {
        var caches: [String: Cache<NSString, NSData>] = [:]
        var sessions: [String: Int] = [:]
        /// Raised by clear(): a reply to a load begun before it is handed on, not stored.
        var clears = 0
    }

    private let server: FakeServer
    private let setup: CacheSetup
    private let state = Mutex(State())

    init(server: FakeServer, setup: CacheSetup) {
        self.server = server
        self.setup = setup
    }

    /// The account's cache, made on first use; call with the lock held.
    private func cache(for account: String, in state: inout State) -> Cache<NSString, NSData> {
        if let existing = state.caches[account] { return existing }
        let made: Cache<NSString, NSData> = makeEntries(setup)
        state.caches[account] = made
        return made
    }

    private func put(_ data: NSData, account: String, resource: String, in state: inout State) {
        let cache = cache(for: account, in: &state)
        cache.setObject(data, forKey: resource as NSString, cost: data.length)
        if let pressure = setup.pressureAfterStore { cache.simulateMemoryPressure(pressure) }
    }

    func store(_ data: NSData, account: String, resource: String) {
        let copy = data.copy() as! NSData
        state.withLock { put(copy, account: account, resource: resource, in: &$0) }
    }

    func value(account: String, resource: String) -> Data? {
        let cache = state.withLock { $0.caches[account] }
        return cache?.object(forKey: resource as NSString).map { Data(referencing: $0) }
    }

    func load(account: String, resource: String, completion: @escaping (Data?) -> Void) {
        if let hit = value(account: account, resource: resource) {
            completion(hit)
            return
        }
        let begun = state.withLock { (session: $0.sessions[account, default: 0], clears: $0.clears) }
        server.fetch(account: account, resource: resource) { [self] reply in
            // The check and the store under one lock: a sign-out cannot slip in between.
            let wanted: Bool = state.withLock { state in
                guard state.sessions[account, default: 0] == begun.session else { return false }
                if let reply, state.clears == begun.clears {
                    put(NSData(data: reply), account: account, resource: resource, in: &state)
                }
                return true
            }
            completion(wanted ? reply : nil)
        }
    }

    func signOut(account: String) {
        state.withLock { state in
            state.sessions[account, default: 0] += 1
            state.caches[account] = nil
        }
    }

    func clear() {
        state.withLock { state in
            state.caches = [:]
            state.clears += 1
        }
    }
}
