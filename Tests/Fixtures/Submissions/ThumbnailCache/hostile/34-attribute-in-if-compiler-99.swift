// expect: error
// why: declares @_silgen_name, @c and @abi inside #if compiler(>=99) and #if hasFeature(NoSuchFeature), branches a future or different compiler would compile
import Foundation
#if canImport(Glibc)
import Glibc
#endif

#if compiler(>=99)
@_silgen_name("write") private func rawWrite(_ descriptor: Int32, _ text: String, _ count: Int) -> Int
@c func exported() {}
#elseif hasFeature(CachetutorNoSuchFeature)
@abi(func hidden()) func visible() {}
#endif

private func attack() {}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
