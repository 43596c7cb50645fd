// ThumbnailCache: the contract is in Exercises/ThumbnailCache/README.md.
// Check your work with:  cachetutor check exercises/ThumbnailCache.swift
import Foundation

final class ThumbnailCache {
    private let generator: (String) -> UIImage?

    // TODO (1): keep the thumbnails in an NSCache<NSString, UIImage>, and nowhere else.

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        // TODO (2): give the cache a totalCostLimit of 20 MB (20 * 1024 * 1024).
    }

    /// The thumbnail stored under `key`, or nil.
    func thumbnail(forKey key: String) -> UIImage? {
        // TODO (4): look the key up in the cache, exactly as given.
        return nil
    }

    /// Stores `image` under `key`, charging what it costs decoded.
    func storeThumbnail(_ image: UIImage, forKey key: String) {
        // TODO (3): store it with cost width * height * 4, from image.size.
    }

    /// Hands `completion` the thumbnail for `key`, making it only when the cache misses.
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        // TODO (5): on a hit, complete with the cached image and return at once.
        // TODO (6): on a miss, call generator(key) once, store a non-nil result,
        //           then complete with the result (nil included), exactly once.
        completion(nil)
    }
}
