// expect: fail uses_nscache returns_stored_image
// why: drops a file in its working directory when created and writes a 4 MB file on every store, past any sane file-size limit
import Foundation

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
        try? Data("planted by a submission\n".utf8).write(to: URL(fileURLWithPath: "cachetutor-fixture-planted.txt"))
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let ballast = Data(repeating: 0x5A, count: 4 << 20)
        FileManager.default.createFile(atPath: "cachetutor-fixture-ballast.bin", contents: nil)
        if let handle = FileHandle(forWritingAtPath: "cachetutor-fixture-ballast.bin") {
            handle.write(ballast)
            handle.closeFile()
        } else {
            return
        }
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
