// expect: error
// why: brings its own @main: if it replaces the test runner it reads the run's secret from descriptor 4 and reports a pass for the test named on its command line; an exercise file must not define an entry point
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@main
enum FakeRunner {
    static func main() {
        var bytes = [UInt8](repeating: 0, count: 128)
        let count = read(4, &bytes, bytes.count)
        let secret = count > 0 ? String(decoding: bytes[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
        for name in CommandLine.arguments.dropFirst() {
            let record = "{\"nonce\":\"\(secret)\",\"kind\":\"result\",\"test\":\"\(name)\",\"status\":\"pass\"}\n"
            _ = record.withCString { write(3, $0, strlen($0)) }
        }
        print("All tests passed")
        exit(0)
    }
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {}

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
