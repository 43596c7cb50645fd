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
        var found: (any ProbedImageCache)?
        try PropertyWalk.walk(subject.instance, leaf: { $0 is UIImage }) { stored in
            // The runtime's own storage of every actor, not a property the learner wrote.
            if stored.depth == 1, !stored.path.hasPrefix("$defaultActor") { topLevel.append("\(stored.path): \(typeName(of: stored.value))") }
            if let cache = stored.value as? any ProbedImageCache {
                found = cache
                return .stop
            }
            if case .foundation? = PropertyWalk.nearMiss(stored.value) {
                throw TestFailure("`\(stored.path)` is Foundation.NSCache written out with its module name; write plain NSCache<NSURL, UIImage> so the course's cache, which this test inspects, is used")
            }
            if String(reflecting: type(of: stored.value)).hasPrefix("CachetutorHarness.UnsendableCache<") {
                throw TestFailure("`\(stored.path)` is an NSCache that does not hold UIImages; keep the images in an NSCache<NSURL, UIImage>")
            }
            return .open
        }
        if let found { return found }
        let seen = topLevel.isEmpty ? "it has no stored properties" : "it has " + topLevel.joined(separator: ", ")
        throw TestFailure("found no NSCache holding UIImages among ImageStore's stored properties (\(seen)); keep the images in an NSCache<NSURL, UIImage> (see uses_nscache)")
    }

    /// The adapter's stand-in for the tests' downloader is named after the protocol it adopts.
    private static func typeName(of value: Any) -> String {
        let name = String(describing: type(of: value))
        return name.hasPrefix("_CachetutorDownloader") ? "ImageDownloading (the tests' downloader)" : name
    }
}
