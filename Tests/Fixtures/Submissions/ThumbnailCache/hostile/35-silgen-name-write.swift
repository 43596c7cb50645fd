// expect: error
// why: binds the C library's write with @_silgen_name to write raw bytes to the result channel
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("write")
private func rawWrite(_ descriptor: Int32, _ text: String, _ count: Int) -> Int

private func attack() { _ = rawWrite(3, "forged", 6) }

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
