// expect: pass
// why: generates on a global queue and completes there; the hit path still completes at once
import Foundation
import Dispatch

final class ThumbnailCache {
    private let store = NSCache<NSString, UIImage>()
    private let makeThumbnail: (String) -> UIImage?
    private let work = DispatchQueue.global(qos: .userInitiated)

    init(generator: @escaping (String) -> UIImage?) {
        makeThumbnail = generator
        store.totalCostLimit = 20_971_520
    }

    func thumbnail(forKey key: String) -> UIImage? {
        return store.object(forKey: NSString(string: key))
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let pixels = Int(image.size.width) * Int(image.size.height)
        store.setObject(image, forKey: NSString(string: key), cost: pixels * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        work.async { [self] in
            guard let made = makeThumbnail(key) else {
                completion(nil)
                return
            }
            storeThumbnail(made, forKey: key)
            completion(made)
        }
    }
}
