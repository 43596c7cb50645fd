import CacheEngine
import Foundation
import UIKit

extension ThumbnailCacheTests {
    static let costLimitRange = 20_000_000...20_971_520

    static func costLimit20MB(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let subject = subjectType.init(generator: { _ in nil })
        let limit = try engineCache(of: subject).totalCostLimit
        guard !costLimitRange.contains(limit) else { return }
        let expected = "20 × 1024 × 1024 = 20,971,520 (anything from 20,000,000 up to that passes)"
        switch limit {
        case 0: throw TestFailure("totalCostLimit is 0, which means no limit; set it to \(expected)")
        case 20: throw TestFailure("totalCostLimit is 20; cost counts bytes here, so 20 MB is \(expected)")
        case 20 * 1024, 20_000: throw TestFailure("totalCostLimit is \(limit), about 20 KB; cost counts bytes, so 20 MB is \(expected)")
        default: throw TestFailure("totalCostLimit is \(limit); expected about 20 MB: \(expected)")
        }
    }

    static func costWholeSizes(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let generatedSize = CGSize(width: 30, height: 40)
        let generated = makeImage(30, 40)
        let subject = subjectType.init(generator: { _ in generated })
        let cache = try engineCache(of: subject)
        // The last is dearer than the whole 20 MB: its cost is still what it weighs. This
        // test reads costs, so it lifts the limit that would let that image go at once.
        cache.totalCostLimit = 0
        for (width, height) in [(1.0, 1.0), (10, 20), (64, 64), (300, 200), (2600, 2100)] {
            let image = makeImage(width, height)
            let key = "whole-\(Int(width))x\(Int(height))"
            subject.storeThumbnail(image, forKey: key)
            let expected = Int(width) * Int(height) * 4
            let cost = try costOfEntry(holding: image, in: cache, key: key)
            try require(cost == expected, "storeThumbnail stored a \(describe(image.size)) image with cost \(cost); expected \(Int(width)) × \(Int(height)) × 4 = \(expected) (4 bytes per pixel)")
        }
        // The contract counts the image's size, in points: an image of scale 2 or 3 costs
        // what its size says, not its pixels (size × scale²).
        for scale in [2.0, 3.0] {
            let image = UIImage(size: CGSize(width: 50, height: 30), scale: scale)
            let key = "whole-50x30@\(Int(scale))x"
            subject.storeThumbnail(image, forKey: key)
            let cost = try costOfEntry(holding: image, in: cache, key: key)
            let pixels = 50 * 30 * Int(scale * scale) * 4
            try require(cost == 6000, cost == pixels
                ? "storeThumbnail stored a 50×30 image of scale \(Int(scale)) with cost \(cost), its pixels (width × height × scale² × 4); the contract costs the image's size: 50 × 30 × 4 = 6000, whatever its scale"
                : "storeThumbnail stored a 50×30 image of scale \(Int(scale)) with cost \(cost); expected its size × 4: 50 × 30 × 4 = 6000, whatever its scale")
        }
        let completion = CompletionLog()
        try loadThumbnail(on: subject, forKey: "whole-generated", completion: completion.handler)
        _ = completion.waitForFirstCall()
        let cost = try costOfEntry(holding: generated, in: cache, key: "whole-generated", viaLoad: true)
        let expected = Int(generatedSize.width) * Int(generatedSize.height) * 4
        try require(cost == expected, "loadThumbnail stored a generated \(describe(generatedSize)) image with cost \(cost); expected 30 × 40 × 4 = \(expected)")

        // A generated image of scale 2 costs its size too, on the load path as in a store.
        let sharp = UIImage(size: CGSize(width: 50, height: 30), scale: 2)
        let sharpSubject = subjectType.init(generator: { _ in sharp })
        let sharpCache = try engineCache(of: sharpSubject)
        sharpCache.totalCostLimit = 0
        let sharpCompletion = CompletionLog()
        try loadThumbnail(on: sharpSubject, forKey: "generated-50x30@2x", completion: sharpCompletion.handler)
        _ = sharpCompletion.waitForFirstCall()
        let sharpCost = try costOfEntry(holding: sharp, in: sharpCache, key: "generated-50x30@2x", viaLoad: true)
        try require(sharpCost == 6000, "loadThumbnail stored a generated 50×30 image of scale 2 with cost \(sharpCost); expected its size × 4: 50 × 30 × 4 = 6000, whatever its scale, as storeThumbnail does")
    }

    static func costFractionalSizes(_ subjectType: any ThumbnailCacheSubject.Type) throws {
        let subject = subjectType.init(generator: { _ in nil })
        let cache = try engineCache(of: subject)
        for (width, height) in [(10.5, 20.25), (0.5, 3.75), (99.9, 1.1), (640.4, 480.6)] {
            let image = makeImage(width, height)
            let key = "fractional-\(width)x\(height)"
            subject.storeThumbnail(image, forKey: key)
            let cost = try costOfEntry(holding: image, in: cache, key: key)
            // The README allows two roundings, both down: each side truncated, or the
            // product truncated (before or after the × 4). Rounding up or to the nearest
            // is neither.
            let sidesTruncated = Int(width) * Int(height) * 4
            let productTruncated = [Int(width * height * 4), Int(width * height) * 4]
            let allowed = Set([sidesTruncated] + productTruncated).sorted()
            try require(
                allowed.contains(cost),
                "storeThumbnail stored a \(describe(image.size)) image with cost \(cost); \(number(width)) × \(number(height)) × 4 = \(number(width * height * 4)), and the contract allows only truncating: each side (\(Int(width)) × \(Int(height)) × 4 = \(sidesTruncated)) or the product (\(productTruncated.map(String.init).joined(separator: " or "))), never rounding up or to the nearest"
            )
        }
    }

    private static func costOfEntry(holding image: UIImage, in cache: Cache<NSString, UIImage>, key: String, viaLoad: Bool = false) throws -> Int {
        guard let entry = cache.entries().first(where: { $0.object === image }) else {
            let call = viaLoad ? "loadThumbnail(forKey: \"\(key)\")" : "storeThumbnail(_:forKey: \"\(key)\")"
            throw TestFailure("the image was not in the NSCache after \(call), so its cost could not be checked")
        }
        return entry.cost
    }
}
