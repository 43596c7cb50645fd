// expect: error
// why: round 11's subclass of NSArray written through a nested typealias, so the superclass's own name appears only in the alias; the audit follows the file's typealiases to the class they name
import Foundation

enum Bases {
    typealias Collection = Listing
    typealias Listing = Foundation.NSArray
}

final class Shifting: Bases.Collection {
    private var reads = 0
    override var count: Int {
        reads += 1
        return reads * 6
    }
    override func object(at index: Int) -> Any { NSNumber(value: index) }
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        _ = Shifting().sortedArrayHint
    }
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
