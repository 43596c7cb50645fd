// expect: error
// why: reads raw bytes of values and walks past their end with withUnsafeBytes; the unsafe buffer is refused at compile time
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func attack() {
    let value = CommandLine.arguments
    let total = withUnsafeBytes(of: value) { buffer -> Int in
        var sum = 0
        for offset in 0..<4096 { sum &+= Int(buffer.baseAddress!.load(fromByteOffset: offset, as: UInt8.self)) }
        return sum
    }
    var data = Data(count: 16)
    data.withUnsafeMutableBytes { buffer in buffer[0] = 1 }
    print(total)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attack() }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
