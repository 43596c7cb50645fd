// expect: error
// why: gives a function the ABI name of another with @abi, to alias a symbol the runner uses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@abi(func write(_ descriptor: Int32, _ buffer: Int, _ count: Int) -> Int)
func innocent(_ descriptor: Int32, _ buffer: Int, _ count: Int) -> Int { count }

private func attack() {}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
