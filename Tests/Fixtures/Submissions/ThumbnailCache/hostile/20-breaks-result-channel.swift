// expect: fail hit_skips_generator hit_completes_once
// why: closes and redirects descriptors 3 to 9 and stdout/stderr when created, so a runner that reports through them cannot; its hit path also falls through
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func cutTheLines() {
    let sink = FileHandle(forWritingAtPath: "/dev/null")?.fileDescriptor ?? -1
    for descriptor: Int32 in 3...9 where descriptor != sink {
        try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).close()
        if sink >= 0 { dup2(sink, descriptor) }
    }
    if sink >= 0 {
        dup2(sink, 1)
        dup2(sink, 2)
    }
}

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
        cutTheLines()
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
