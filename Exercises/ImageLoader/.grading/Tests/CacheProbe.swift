@_spi(Grading) import CacheEngine
import Foundation
import UIKit

/// What the tests need from the learner's image cache, whatever its key type (`NSURL`,
/// `NSString`, ...): the engine's `Cache` adopts it whenever it holds `UIImage`s.
protocol ProbedImageCache: AnyObject {
    var totalCostLimit: Int { get set }
    var countLimit: Int { get set }
    var oversizeAdmission: OversizeAdmission { get set }
    var delegate: (any CacheDelegate)? { get }
    var statistics: CacheStatistics { get }
    var events: [CacheEvent] { get }
    func enableEventLog(capacity: Int)
    func simulateMemoryPressure(_ level: MemoryPressure)
    /// The engine's grading hook: every hit evicts its entry right after returning it.
    var evictsAfterEveryHit: Bool { get set }
    /// The engine's grading hook run after every lookup that misses, outside its lock.
    var afterEveryMiss: (@Sendable () -> Void)? { get set }
    /// The engine's grading hook run before every store, outside its lock.
    var beforeEveryStore: (@Sendable () -> Void)? { get set }
    /// The images held and their costs, next victim first.
    var images: [(image: UIImage, cost: Int)] { get }
    /// Stores `image` under a key of the cache's own type made from `name`; false when
    /// the tests cannot make such a key.
    func store(_ image: UIImage, name: String) -> Bool
}

extension Cache: ProbedImageCache where ObjectType == UIImage {
    var evictsAfterEveryHit: Bool {
        get { _evictsAfterEveryHit }
        set { _evictsAfterEveryHit = newValue }
    }

    var afterEveryMiss: (@Sendable () -> Void)? {
        get { _afterEveryMiss }
        set { _afterEveryMiss = newValue }
    }

    var beforeEveryStore: (@Sendable () -> Void)? {
        get { _beforeEveryStore }
        set { _beforeEveryStore = newValue }
    }

    var images: [(image: UIImage, cost: Int)] {
        entries().map { ($0.object, $0.cost) }
    }

    func store(_ image: UIImage, name: String) -> Bool {
        let candidates: [AnyObject] = [imageURL(name) as NSURL, imageURL(name).absoluteString as NSString, name as NSString]
        guard let key = candidates.lazy.compactMap({ $0 as? KeyType }).first else { return false }
        setObject(image, forKey: key)
        return true
    }
}

extension ProbedImageCache {
    func holds(_ image: UIImage) -> Bool {
        images.contains { $0.image === image }
    }
}

/// Finds the cache an `ImageLoader` keeps its images in, by reflecting on its stored
/// properties (lazy ones and optionals included), a few levels deep.
enum CacheProbe {
    enum Finding {
        /// The course's engine holding `UIImage`s, at a property path.
        case engine(any ProbedImageCache, path: String)
        /// Foundation's own `NSCache`, written out with its module name.
        case foundation(path: String)
        /// The engine, but holding something other than `UIImage`.
        case otherTypes(typeName: String, path: String)
        /// Nothing cache-like; the stored properties seen, for the message.
        case none(properties: [String])
    }

    static func find(in instance: AnyObject) -> Finding {
        var topLevel: [String] = []
        var found: Finding?
        var nearMiss: Finding?
        PropertyWalk.walk(instance, leaf: { $0 is UIImage }) { stored in
            if stored.depth == 1 { topLevel.append("\(stored.path): \(typeName(of: stored.value))") }
            if let cache = stored.value as? any ProbedImageCache {
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
        return found ?? nearMiss ?? .none(properties: topLevel)
    }

    /// The loader's cache, or a failure that explains why the test needs it.
    static func cache(of subject: any ImageLoaderSubject) throws -> any ProbedImageCache {
        switch find(in: subject.instance) {
        case let .engine(cache, _):
            return cache
        case let .foundation(path):
            throw TestFailure("`\(path)` is Foundation.NSCache written out with its module name; write plain NSCache<NSURL, UIImage> so the course's cache, which this test inspects, is used")
        case let .otherTypes(typeName, path):
            throw TestFailure("`\(path)` is an \(typeName); this test needs the NSCache that holds the UIImages (for example NSCache<NSURL, UIImage>)")
        case let .none(properties):
            let seen = properties.isEmpty ? "it has no stored properties" : "it has " + properties.joined(separator: ", ")
            throw TestFailure("found no NSCache holding UIImages among ImageLoader's stored properties (\(seen)); keep the images in an NSCache<NSURL, UIImage> (see uses_nscache)")
        }
    }

    /// The type of a stored value for a message; the adapter's stand-ins for the tests'
    /// downloader and tasks are named after the protocol they adopt.
    private static func typeName(of value: Any) -> String {
        let name = String(describing: type(of: value))
        if name.hasPrefix("_CachetutorDownloader") { return "ImageDownloading (the tests' downloader)" }
        if name.hasPrefix("_Cachetutor") { return "Cancellable (a task of the tests' downloader)" }
        return name
    }
}
