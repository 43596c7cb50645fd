// expect: error
// why: declares @_silgen_name("write") and @_cdecl inside #if false and #if DEBUG branches, inactive for this compile but a trap for an audit that only reads active code
import Foundation
#if canImport(Glibc)
import Glibc
#endif

#if false
@_silgen_name("write") private func rawWrite(_ descriptor: Int32, _ text: String, _ count: Int) -> Int
#elseif DEBUG
@_cdecl("cachetutor_hidden") func hidden() {}
#else
#endif

private func attack() {}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
