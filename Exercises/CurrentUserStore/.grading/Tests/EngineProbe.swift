import CacheEngine
import Foundation

/// What the tests need of the submission's NSCache, whatever its key and object types:
/// the course's engine, of any specialisation, answers these.
protocol UserCacheHandle: AnyObject {
    var count: Int { get }
    func simulateMemoryPressure(_ level: MemoryPressure)
    /// The objects held, without counting a lookup.
    var heldObjects: [AnyObject] { get }
}

extension Cache: UserCacheHandle {
    var heldObjects: [AnyObject] { entries().map { $0.object as AnyObject } }
}

/// Finds the caches a `CurrentUserStore` keeps, by reflecting on its stored properties
/// (lazy ones and optionals included), a few levels deep.
enum EngineProbe {
    struct Found {
        let cache: any UserCacheHandle
        let path: String
    }

    struct Finding {
        /// The course's engine caches, at their property paths.
        var caches: [Found] = []
        /// Foundation's own NSCache written out with its module name, at these paths.
        var foundationPaths: [String] = []
        /// The top-level stored properties, for messages.
        var properties: [String] = []
    }

    static func find(in instance: AnyObject) -> Finding {
        var finding = Finding()
        var seen: Set<ObjectIdentifier> = []
        PropertyWalk.walk(instance) { stored in
            if stored.depth == 1 { finding.properties.append("\(stored.path): \(String(describing: type(of: stored.value)))") }
            if let cache = stored.value as? any UserCacheHandle {
                if seen.insert(ObjectIdentifier(cache)).inserted { finding.caches.append(Found(cache: cache, path: stored.path)) }
                return .skip
            }
            if case .foundation? = PropertyWalk.nearMiss(stored.value) {
                finding.foundationPaths.append(stored.path)
                return .skip
            }
            return .open
        }
        return finding
    }
}

/// The store's engine caches, or a failure that explains why the test needs one.
func engineCaches(of store: any CurrentUserStoreSubject) throws -> [EngineProbe.Found] {
    var finding = EngineProbe.find(in: store.instance)
    if finding.caches.isEmpty {
        // A lazy property exists only after first use; a lookup creates it.
        _ = store.currentUser()
        finding = EngineProbe.find(in: store.instance)
    }
    if !finding.caches.isEmpty { return finding.caches }
    if let path = finding.foundationPaths.first {
        throw TestFailure("`\(path)` is Foundation.NSCache written out with its module name; write plain NSCache so the course's cache, which stands in for it and can simulate memory pressure, is used")
    }
    let found = finding.properties.isEmpty ? "it has no stored properties" : "it has " + finding.properties.joined(separator: ", ")
    throw TestFailure("found no NSCache among CurrentUserStore's stored properties (\(found)); keep the user in memory in an NSCache property of the store, in front of the file. A `static` or global NSCache does not count: it is shared by every store, whatever its folder (see stores_are_isolated)")
}

/// Simulates critical memory pressure on every cache the store keeps: each one empties.
func emptyUnderPressure(_ caches: [EngineProbe.Found]) {
    for found in caches { found.cache.simulateMemoryPressure(.critical) }
}
