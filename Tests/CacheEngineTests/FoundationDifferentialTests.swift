import CacheEngine
import Foundation
import Testing

/// Records, in order, the names of the objects a cache says it will evict; conforms to
/// Foundation's `NSCacheDelegate` and to the engine's `CacheDelegate` alike.
private final class EvictionLog: NSObject, NSCacheDelegate, CacheDelegate, @unchecked Sendable {
    private(set) var names: [String] = []

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        names.append((obj as! Item).name)
    }

    func cache(_ cache: Cache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        names.append((obj as! Item).name)
    }
}

/// One step of a random workload, applied the same way to both caches.
private enum Step: CustomStringConvertible {
    case store(key: Int, cost: Int)
    case read(key: Int)
    case remove(key: Int)
    case removeAll
    case countLimit(Int)
    case costLimit(Int)

    var description: String {
        switch self {
        case .store(let key, let cost): "set \(key) \(cost)"
        case .read(let key): "get \(key)"
        case .remove(let key): "remove \(key)"
        case .removeAll: "clear"
        case .countLimit(let limit): "countLimit \(limit)"
        case .costLimit(let limit): "totalCostLimit \(limit)"
        }
    }

    /// A step drawn mostly from stores and reads over few keys and few distinct costs, so
    /// that equal costs, replacements and both limits come up often.
    static func random(using generator: inout some RandomNumberGenerator) -> Step {
        let key = Int.random(in: 0..<12, using: &generator)
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<55: return .store(key: key, cost: Int.random(in: -1...4, using: &generator))
        case 55..<80: return .read(key: key)
        case 80..<90: return .remove(key: key)
        case 90..<92: return .removeAll
        case 92..<96: return .countLimit(Int.random(in: 0...6, using: &generator))
        default: return .costLimit(Int.random(in: 0...12, using: &generator))
        }
    }
}

/// Runs seeded random workloads against Foundation's real `NSCache` and the engine under
/// ``EvictionPolicy/foundation`` and expects the same evictions in the same order.
@Suite("Foundation policy against Foundation's NSCache") struct FoundationDifferentialTests {
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func sameEvictionsInTheSameOrder(seed: UInt64) {
        // The engine's own SplitMix64, so every workload is fixed by its seed.
        var generator = SplitMix64(seed: seed)
        let foundation = NSCache<NSString, Item>()
        let engine = Cache<NSString, Item>(policy: .foundation)
        let foundationLog = EvictionLog()
        let engineLog = EvictionLog()
        foundation.delegate = foundationLog
        engine.delegate = engineLog
        var version = 0
        var steps: [Step] = []
        for _ in 0..<300 {
            let step = Step.random(using: &generator)
            steps.append(step)
            switch step {
            case .store(let key, let cost):
                version += 1
                let item = Item("\(key).\(version)")
                foundation.setObject(item, forKey: NSString(string: "\(key)"), cost: cost)
                engine.setObject(item, forKey: NSString(string: "\(key)"), cost: cost)
            case .read(let key):
                let expected = foundation.object(forKey: NSString(string: "\(key)"))
                let actual = engine.object(forKey: NSString(string: "\(key)"))
                guard expected === actual else {
                    Issue.record("seed \(seed): after \(steps) the engine answered \(String(describing: actual)), Foundation \(String(describing: expected))")
                    return
                }
            case .remove(let key):
                foundation.removeObject(forKey: NSString(string: "\(key)"))
                engine.removeObject(forKey: NSString(string: "\(key)"))
            case .removeAll:
                foundation.removeAllObjects()
                engine.removeAllObjects()
            case .countLimit(let limit):
                foundation.countLimit = limit
                engine.countLimit = limit
            case .costLimit(let limit):
                foundation.totalCostLimit = limit
                engine.totalCostLimit = limit
            }
            guard engineLog.names == foundationLog.names else {
                Issue.record("seed \(seed): after \(steps) the engine evicted \(engineLog.names), Foundation \(foundationLog.names)")
                return
            }
        }
        #expect(!foundationLog.names.isEmpty, "the workload should make Foundation evict")
    }
}
