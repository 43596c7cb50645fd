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
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(instance)]
        var queue: [(value: Any, path: String, depth: Int)] = children(of: instance).map { ($0.value, $0.label, 1) }
        while !queue.isEmpty {
            let (value, path, depth) = queue.removeFirst()
            if depth == 1 { finding.properties.append("\(path): \(String(describing: type(of: value)))") }
            if let cache = value as? any UserCacheHandle {
                if seen.insert(ObjectIdentifier(cache)).inserted { finding.caches.append(Found(cache: cache, path: path)) }
                continue
            }
            if String(reflecting: type(of: value)).hasPrefix("Foundation.NSCache<") {
                finding.foundationPaths.append(path)
                continue
            }
            let mirror = Mirror(reflecting: value)
            guard depth < 4, [.class, .struct, .tuple, .optional, .enum].contains(mirror.displayStyle) else { continue }
            if mirror.displayStyle == .class {
                guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { continue }
            }
            let nextDepth = mirror.displayStyle == .optional ? depth : depth + 1
            for child in children(of: value) {
                let childPath = mirror.displayStyle == .optional ? path : "\(path).\(child.label)"
                queue.append((child.value, childPath, nextDepth))
            }
        }
        return finding
    }

    private static func children(of value: Any) -> [(label: String, value: Any)] {
        var result: [(label: String, value: Any)] = []
        var mirror: Mirror? = Mirror(reflecting: value)
        while let current = mirror {
            for (index, child) in current.children.enumerated() {
                result.append((readableLabel(child.label ?? "[\(index)]"), child.value))
            }
            mirror = current.superclassMirror
        }
        return result
    }

    /// `$__lazy_storage_$_cache` is how a `lazy var cache` is stored.
    private static func readableLabel(_ label: String) -> String {
        let lazyPrefix = "$__lazy_storage_$_"
        return label.hasPrefix(lazyPrefix) ? String(label.dropFirst(lazyPrefix.count)) : label
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
