// expect: error
// why: defines a C symbol with the official @c attribute (Swift 6.2+) to replace a C library function
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@c(write)
func replacementWrite(_ descriptor: Int32, _ buffer: Int, _ count: Int) -> Int { count }

private func attack() {}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
