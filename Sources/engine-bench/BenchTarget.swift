import CacheEngine
import Foundation
import Synchronization

/// The cached value: what a read-through would have computed; its cost travels with it.
final class Payload: Sendable {
    let cost: Int

    init(cost: Int) {
        self.cost = cost
    }
}

/// One implementation under test, driven through the same two calls.
protocol BenchTarget: AnyObject, Sendable {
    static var name: String { get }
    /// An empty cache with the workload's count and cost limits (0 = no limit).
    init(for workload: Workload)
    func get(_ key: NSNumber) -> Payload?
    func set(_ payload: Payload, key: NSNumber)
}

/// The reference engine, LRU, as learners and the grader use it.
final class EngineTarget: BenchTarget {
    static let name = "engine"
    let cache = Cache<NSNumber, Payload>()

    init(for workload: Workload) {
        cache.countLimit = workload.countLimit
        cache.totalCostLimit = workload.costLimit
    }

    func get(_ key: NSNumber) -> Payload? { cache.object(forKey: key) }
    func set(_ payload: Payload, key: NSNumber) { cache.setObject(payload, forKey: key, cost: payload.cost) }
}

/// Foundation's `NSCache` (swift-corelibs-foundation on Linux).
final class FoundationTarget: BenchTarget, @unchecked Sendable {
    static let name = "nscache"
    let cache = NSCache<NSNumber, Payload>()

    init(for workload: Workload) {
        cache.countLimit = workload.countLimit
        cache.totalCostLimit = workload.costLimit
    }

    func get(_ key: NSNumber) -> Payload? { cache.object(forKey: key) }
    func set(_ payload: Payload, key: NSNumber) { cache.setObject(payload, forKey: key, cost: payload.cost) }
}

/// The floor: an unbounded `Dictionary` behind a `Mutex`, which never evicts.
final class DictionaryTarget: BenchTarget {
    static let name = "dictionary"
    let storage = Mutex<[NSNumber: Payload]>([:])

    init(for workload: Workload) {}

    func get(_ key: NSNumber) -> Payload? { storage.withLock { $0[key] } }
    func set(_ payload: Payload, key: NSNumber) { storage.withLock { $0[key] = payload } }
}
