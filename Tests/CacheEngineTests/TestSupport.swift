import CacheEngine
import Foundation
import Synchronization

/// A cached value that says who it is.
final class Item: CustomStringConvertible, Sendable {
    let name: String

    init(_ name: String) {
        self.name = name
    }

    var description: String { name }
}

/// `NSString` keys "0", "1", … for tests that store many entries.
func key(_ value: Int) -> NSString {
    NSString(string: String(value))
}

/// The names of the objects in `cache`, next victim first.
func names(_ cache: Cache<NSString, Item>) -> [String] {
    cache.entries().map(\.object.name)
}

/// Records every delegate call: the object, and whether it was still in the cache.
final class RecordingDelegate: NSObject, CacheDelegate, @unchecked Sendable {
    private let log = Mutex<[String]>([])
    private(set) nonisolated(unsafe) var lastCache: Cache<AnyObject, AnyObject>?

    var evicted: [String] { log.withLock { $0 } }

    func cache(_ cache: Cache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        lastCache = cache
        let name = String(describing: obj)
        log.withLock { $0.append(name) }
    }
}
