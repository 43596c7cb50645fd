// expect: error
// why: calls read, write, memcpy and dlsym, C functions that take pointers; refused by strict memory safety
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func attack() {
    var buffer = [UInt8](repeating: 0, count: 64)
    _ = read(4, &buffer, buffer.count)
    _ = write(3, buffer, buffer.count)
    var copy = [UInt8](repeating: 0, count: 64)
    _ = memcpy(&copy, buffer, 64)
    _ = dlsym(nil, "write")
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
