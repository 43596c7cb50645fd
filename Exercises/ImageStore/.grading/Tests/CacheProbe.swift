@_spi(Grading) import CacheEngine
import Foundation
import UIKit

/// What the tests need from the learner's image cache, whatever its key type.
protocol ProbedImageCache: AnyObject {
    var totalCostLimit: Int { get }
    /// The images held and their costs.
    var images: [(image: UIImage, cost: Int)] { get }
    func simulateMemoryPressure(_ level: MemoryPressure)
    /// Runs `hook` before every store into the cache, outside its lock (the engine's
    /// grading hook); nil stops it.
    func beforeEveryStore(_ hook: (@Sendable () -> Void)?)
}

extension UnsendableCache: ProbedImageCache where ObjectType == UIImage {
    var images: [(image: UIImage, cost: Int)] {
        engine.entries().map { ($0.object, $0.cost) }
    }

    func simulateMemoryPressure(_ level: MemoryPressure) {
        engine.simulateMemoryPressure(level)
    }

    func beforeEveryStore(_ hook: (@Sendable () -> Void)?) {
        engine._beforeEveryStore = hook
    }
}

/// Finds the cache an `ImageStore` keeps its images in, among its stored properties (lazy
/// ones and optionals included), a few levels deep. The tests read it only while the store
/// is idle: every call they made has returned, or waits for a download they hold.
enum CacheProbe {
    static func cache(of subject: any ImageStoreSubject) throws -> any ProbedImageCache {
        var topLevel: [String] = []
        var pending: [(value: Any, path: String, depth: Int)] = fields(of: subject.instance).map { ($0.value, $0.label, 1) }
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(subject.instance)]
        while !pending.isEmpty {
            let (value, path, depth) = pending.removeFirst()
            // The runtime's own storage of every actor, not a property the learner wrote.
            if depth == 1, !path.hasPrefix("$defaultActor") { topLevel.append("\(path): \(typeName(of: value))") }
            if let cache = value as? any ProbedImageCache { return cache }
            let typeName = String(reflecting: type(of: value))
            if typeName.hasPrefix("Foundation.NSCache<") {
                throw TestFailure("`\(path)` is Foundation.NSCache written out with its module name; write plain NSCache<NSURL, UIImage> so the course's cache, which this test inspects, is used")
            }
            if typeName.hasPrefix("CachetutorHarness.UnsendableCache<") {
                throw TestFailure("`\(path)` is an NSCache that does not hold UIImages; keep the images in an NSCache<NSURL, UIImage>")
            }
            let mirror = Mirror(reflecting: value)
            guard depth < 4, worthOpening(mirror, value) else { continue }
            if mirror.displayStyle == .class, !visited.insert(ObjectIdentifier(value as AnyObject)).inserted { continue }
            let optional = mirror.displayStyle == .optional
            for field in fields(of: value) {
                pending.append((field.value, optional ? path : "\(path).\(field.label)", optional ? depth : depth + 1))
            }
        }
        let seen = topLevel.isEmpty ? "it has no stored properties" : "it has " + topLevel.joined(separator: ", ")
        throw TestFailure("found no NSCache holding UIImages among ImageStore's stored properties (\(seen)); keep the images in an NSCache<NSURL, UIImage> (see uses_nscache)")
    }

    /// The adapter's stand-in for the tests' downloader is named after the protocol it adopts.
    private static func typeName(of value: Any) -> String {
        let name = String(describing: type(of: value))
        return name.hasPrefix("_CachetutorDownloader") ? "ImageDownloading (the tests' downloader)" : name
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
