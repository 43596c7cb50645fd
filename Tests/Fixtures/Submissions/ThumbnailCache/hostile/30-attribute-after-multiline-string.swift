// expect: error
// why: puts @_silgen_name("write") on the same line as a multi-line string's closing quotes, where a line-based scanner thinks it is still inside the string
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private let banner = """
    cachetutor
    """; @_silgen_name("write") private func rawWrite(_ descriptor: Int32, _ text: String, _ count: Int) -> Int

private func attack() { _ = rawWrite(3, "forged", 6) }

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
