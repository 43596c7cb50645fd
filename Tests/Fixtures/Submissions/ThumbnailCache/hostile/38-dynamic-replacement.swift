// expect: error
// why: replaces a function of another module with @_dynamicReplacement(for:)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension NSCache {
    @_dynamicReplacement(for: object(forKey:))
    func replacementObject(forKey key: NSString) -> UIImage? { nil }
}

private func attack() {}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
