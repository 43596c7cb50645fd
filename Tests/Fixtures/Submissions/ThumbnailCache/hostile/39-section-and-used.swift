// expect: error
// why: places a function pointer in .init_array with @_section and @_used (and the public @section/@used) so it runs when the object is loaded
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@_used @_section(".init_array") let early: @convention(c) () -> Void = { print("ran at load") }
@used @section(".init_array") let earlier: @convention(c) () -> Void = { print("ran at load too") }

private func attack() {}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
