// expect: error
// why: scans the heap through UnsafeRawPointer(bitPattern:) for the runner's secret; unsafe pointers are refused at compile time
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func attack() {
    var address: UInt = 0x5555_5555_0000
    var text = ""
    while address < 0x5555_5600_0000 {
        if let pointer = UnsafeRawPointer(bitPattern: address) {
            text.append(Character(Unicode.Scalar(pointer.load(as: UInt8.self))))
        }
        address += 1
    }
    print(text.count)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
