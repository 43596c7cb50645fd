// expect: error
// why: declares the harness module's name, so the adapter compiled beside it would conform to the file's own protocol and the runner's cast would fail as if the grader were broken
import Foundation

enum CachetutorHarness {
    protocol ThumbnailCacheSubject: AnyObject {}
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {}
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
