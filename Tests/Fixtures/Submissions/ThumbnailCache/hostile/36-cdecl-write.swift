// expect: error
// why: defines a C symbol named write with @_cdecl, hoping the runner's own write resolves to it
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("write")
func write(_ descriptor: Int32, _ buffer: Int, _ count: Int) -> Int { count }

private func attack() {}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
