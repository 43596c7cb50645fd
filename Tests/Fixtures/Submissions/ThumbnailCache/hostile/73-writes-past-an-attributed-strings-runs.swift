// expect: error
// why: Foundation on Linux walks an attributed string's runs without a bounds check (CoreFoundation's assertions are compiled out of release builds), so an index past the end frees and writes through the words beyond the run array; insert(_:at:) takes a plain Int and shares its name with Array's, so the audit refuses NSAttributedString and NSMutableAttributedString themselves (found in a review of swift-corelibs-foundation)
import Foundation

final class ThumbnailCache {
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        let text = NSMutableAttributedString(string: "ab")
        text.insert(NSAttributedString(string: "c"), at: 4096)
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
