// expect: error
// why: hides @_silgen_name after nested block comments and after a string that holds "/*", where a scanner that does not nest comments or mixes strings with comments loses track
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/* outer /* inner */ still a comment */ @_silgen_name("write") private func rawWrite(_ descriptor: Int32, _ text: String, _ count: Int) -> Int
private let opener = "/*"; @_cdecl("cachetutor_hidden") func hidden() {} ; private let closer = "*/"
/**/@_silgen_name("read") private func rawRead(_ descriptor: Int32, _ text: String, _ count: Int) -> Int

private func attack() { _ = rawWrite(3, opener + closer, 6); _ = rawRead(4, "", 0) }

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
