// expect: error
// why: imports FoundationNetworking to reach a loopback listener with URLSession; the runner carries no networking module, so the import is refused when the file compiles
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Asks a loopback listener for a page, then gives up after two seconds.
private func fetchFromLoopback() {
    let done = DispatchSemaphore(value: 0)
    let url = URL(string: "http://127.0.0.1:47613/cachetutor-fixture-urlsession")!
    URLSession.shared.dataTask(with: url) { _, _, _ in done.signal() }.resume()
    _ = done.wait(timeout: .now() + 2)
}

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        fetchFromLoopback()
    }

    func thumbnail(forKey key: String) -> UIImage? { cache.object(forKey: key as NSString) }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        completion(thumbnail(forKey: key))
    }
}
