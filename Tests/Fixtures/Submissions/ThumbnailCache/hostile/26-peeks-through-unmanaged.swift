// expect: error
// why: turns objects into raw addresses with Unmanaged to walk the heap around them; Unmanaged is refused at compile time
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func attack() {
    let anchor = NSObject()
    let opaque = Unmanaged.passUnretained(anchor).toOpaque()
    let bytes = opaque.assumingMemoryBound(to: UInt8.self)
    var seen: [UInt8] = []
    for offset in -4096..<4096 { seen.append(bytes[offset]) }
    print(seen.count)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
