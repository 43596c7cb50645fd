// expect: error
// why: red team round 10: pthread_t is a UInt on Linux, so pthread_kill(pthread_self() &+ 0x100000, 0) compiled as memory-safe Swift while glibc read its thread structure at the made-up address (every test crashed; pthread_detach writes and frees there); the C library's thread families are refused by prefix
// A thread handle is an address to glibc and a number to Swift: no unsafe type in sight.
import Foundation
import Glibc

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()

    init(generator: @escaping (String) -> UIImage?) {
        let probe = pthread_self() &+ 0x100000
        _ = pthread_kill(probe, 0)
        _ = pthread_detach(probe)
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
