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
        var properties: [String] = []
        var found: Finding?
        var nearMiss: Finding?
        PropertyWalk.walk(instance, leaf: { $0 is UIImage }) { stored in
            if stored.depth == 1 { properties.append("\(stored.path): \(String(describing: type(of: stored.value)))") }
            if let cache = stored.value as? Cache<NSString, UIImage> {
                found = .engine(cache, path: stored.path)
                return .stop
            }
            switch PropertyWalk.nearMiss(stored.value) {
            case .foundation?: nearMiss = nearMiss ?? .foundation(path: stored.path)
            case let .otherTypes(typeName)?: nearMiss = nearMiss ?? .otherTypes(typeName: typeName, path: stored.path)
            case nil: return .open
            }
            return .skip
        }
        return found ?? nearMiss ?? .none(properties: properties)
    }
}
