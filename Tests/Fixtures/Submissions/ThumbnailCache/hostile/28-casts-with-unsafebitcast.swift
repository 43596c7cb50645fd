// expect: error
// why: reinterprets a closure and an object reference as integers with unsafeBitCast to find their captures; unsafeBitCast is refused at compile time
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func attack() {
    let object = NSObject()
    let address = unsafeBitCast(object, to: Int.self)
    let closure: @convention(c) () -> Void = {}
    let code = unsafeBitCast(closure, to: Int.self)
    print(address, code)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
