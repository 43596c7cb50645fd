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
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(instance)]
        var topLevel: [String] = []
        var pending: [(value: Any, path: String, depth: Int)] = fields(of: instance).map { ($0.value, $0.label, 1) }
        var nearMiss: Finding?
        while !pending.isEmpty {
            let (value, path, depth) = pending.removeFirst()
            if depth == 1 { topLevel.append("\(path): \(typeName(of: value))") }
            if let cache = value as? any ProbedImageCache { return .engine(cache, path: path) }
            let typeName = String(reflecting: type(of: value))
            if typeName.hasPrefix("Foundation.NSCache<") {
                nearMiss = nearMiss ?? .foundation(path: path)
                continue
            }
            if typeName.hasPrefix("CacheEngine.Cache<") {
                nearMiss = nearMiss ?? .otherTypes(typeName: "NSCache<" + typeName.dropFirst("CacheEngine.Cache<".count), path: path)
                continue
            }
            let mirror = Mirror(reflecting: value)
            guard depth < 4, worthOpening(mirror, value) else { continue }
            if mirror.displayStyle == .class, !visited.insert(ObjectIdentifier(value as AnyObject)).inserted { continue }
            let optional = mirror.displayStyle == .optional
            for field in fields(of: value) {
                pending.append((field.value, optional ? path : "\(path).\(field.label)", optional ? depth : depth + 1))
            }
        }
        return nearMiss ?? .none(properties: topLevel)
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

    private static func fields(of value: Any) -> [(label: String, value: Any)] {
        var result: [(label: String, value: Any)] = []
        var mirror: Mirror? = Mirror(reflecting: value)
        while let current = mirror {
            for (index, child) in current.children.enumerated() {
                result.append((readable(child.label ?? "\(index)"), child.value))
            }
            mirror = current.superclassMirror
        }
        return result
    }

    /// A `lazy var images` is stored as `$__lazy_storage_$_images`.
    private static func readable(_ label: String) -> String {
        let lazyPrefix = "$__lazy_storage_$_"
        return label.hasPrefix(lazyPrefix) ? String(label.dropFirst(lazyPrefix.count)) : label
    }

    private static func worthOpening(_ mirror: Mirror, _ value: Any) -> Bool {
        switch mirror.displayStyle {
        case .class, .struct, .tuple, .optional, .enum: !(value is UIImage)
        default: false
        }
    }
}
