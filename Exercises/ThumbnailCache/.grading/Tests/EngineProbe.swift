import CacheEngine
import UIKit

/// Finds the cache a `ThumbnailCache` keeps its thumbnails in, by reflecting on its stored
/// properties (lazy ones and optionals included), a few levels deep.
enum EngineProbe {
    /// What reflection found.
    enum Finding {
        /// The course's engine with the right key and value types, at a property path.
        case engine(Cache<NSString, UIImage>, path: String)
        /// Foundation's own NSCache, written out with its module name.
        case foundation(path: String)
        /// The engine, but with other key or value types.
        case otherTypes(typeName: String, path: String)
        /// Nothing cache-like; the stored properties seen, for the message.
        case none(properties: [String])
    }

    static func find(in instance: AnyObject) -> Finding {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(instance)]
        var properties: [String] = []
        var queue: [(value: Any, path: String, depth: Int)] = children(of: instance).map { ($0.value, $0.label, 1) }
        var fallback: Finding?
        while !queue.isEmpty {
            let (value, path, depth) = queue.removeFirst()
            if depth == 1 { properties.append("\(path): \(shortTypeName(of: value))") }
            if let cache = value as? Cache<NSString, UIImage> { return .engine(cache, path: path) }
            let typeName = String(reflecting: type(of: value))
            if typeName.hasPrefix("Foundation.NSCache<") {
                fallback = fallback ?? .foundation(path: path)
                continue
            }
            if typeName.hasPrefix("CacheEngine.Cache<") {
                fallback = fallback ?? .otherTypes(typeName: "NSCache<" + typeName.dropFirst("CacheEngine.Cache<".count), path: path)
                continue
            }
            guard depth < 4, shouldDescend(into: value) else { continue }
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .class {
                let object = value as AnyObject
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            }
            let nextDepth = mirror.displayStyle == .optional ? depth : depth + 1
            for child in children(of: value) {
                let childPath = mirror.displayStyle == .optional ? path : "\(path).\(child.label)"
                queue.append((child.value, childPath, nextDepth))
            }
        }
        return fallback ?? .none(properties: properties)
    }

    private static func children(of value: Any) -> [(label: String, value: Any)] {
        var result: [(label: String, value: Any)] = []
        var mirror: Mirror? = Mirror(reflecting: value)
        while let current = mirror {
            for (index, child) in current.children.enumerated() {
                result.append((readableLabel(child.label ?? "\(index)"), child.value))
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

    private static func shouldDescend(into value: Any) -> Bool {
        switch Mirror(reflecting: value).displayStyle {
        case .class, .struct, .tuple, .optional, .enum: return !(value is UIImage)
        default: return false
        }
    }

    private static func shortTypeName(of value: Any) -> String {
        String(describing: type(of: value))
    }
}
