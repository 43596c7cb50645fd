// expect: fail miss_stores_before_completion cost_whole_sizes
// why: starts children with Process through setsid -f, and forks a child that calls setsid() and forks again, to escape the process group, and never stores generated images
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func spawnDetached() {
    // A program started with Process, through setsid -f, in a session of its own.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    process.arguments = ["-f", "/bin/sh", "-c", "sleep 600; true", "cachetutor-fixture-escaped-child"]
    try? process.run()
    // And a plain fork that leaves the process group with setsid and forks again, so its
    // grandchild is neither in the runner's group nor its child.
    let child = fork()
    if child == 0 {
        _ = setsid()
        if fork() == 0 {
            sleep(120)
        }
        _exit(0)
    }
}

final class ThumbnailCache {
    private let cache = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        cache.totalCostLimit = 20 * 1024 * 1024
        spawnDetached()
    }

    func thumbnail(forKey key: String) -> UIImage? {
        cache.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        cache.setObject(image, forKey: key as NSString, cost: Int(image.size.width) * Int(image.size.height) * 4)
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        if let cached = thumbnail(forKey: key) {
            completion(cached)
            return
        }
        completion(generator(key))
    }
}
