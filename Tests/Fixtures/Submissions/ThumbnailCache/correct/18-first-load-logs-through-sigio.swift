// expect: pass
// why: the first load writes a progress log for 300 ms to a non-blocking, O_ASYNC stdout and, when the pipe is full, waits for its SIGIO handler to say there is room; every thread may sleep until the grader drains the pipe, whose SIGIO wakes them, so the grader must not take it for a deadlock
import Foundation

final class ThumbnailCache {
    private let thumbnails = NSCache<NSString, UIImage>()
    private let generator: (String) -> UIImage?

    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        thumbnails.totalCostLimit = 20 * 1024 * 1024
    }

    func thumbnail(forKey key: String) -> UIImage? {
        thumbnails.object(forKey: key as NSString)
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        let bytes = Int(image.size.width) * Int(image.size.height) * 4
        thumbnails.setObject(image, forKey: key as NSString, cost: bytes)
    }

    private func compute(_ key: String) -> UIImage? {
        if let hit = thumbnail(forKey: key) { return hit }
        let fresh = generator(key)
        if let fresh { storeThumbnail(fresh, forKey: key) }
        return fresh
    }

    private let countLock = NSLock()
    private var loads = 0

    /// The first load of each instance first writes a progress log for 300 ms. The log goes
    /// out without blocking: when the pipe is full, the writer waits until the kernel says
    /// (SIGIO) that the reader made room.
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        let first = countLock.withLock { loads += 1; return loads == 1 }
        if first {
            Room.install()
            let done = DispatchSemaphore(value: 0)
            let writer = Thread {
                let chunk = Data(repeating: UInt8(ascii: "."), count: 16 * 1024)
                let end = Date().addingTimeInterval(0.3)
                while Date() < end {
                    do { try FileHandle.standardOutput.write(contentsOf: chunk) } catch { Room.made.wait() }
                }
                done.signal()
            }
            writer.start()
            done.wait()
        }
        completion(compute(key))
    }
}

enum Room {
    static let made = DispatchSemaphore(value: 0)
    static let once: Void = {
        signal(SIGIO) { _ in Room.made.signal() }
        _ = fcntl(1, F_SETOWN, getpid())
        _ = fcntl(1, F_SETFL, fcntl(1, F_GETFL) | O_NONBLOCK | O_ASYNC)
    }()
    static func install() { _ = once }
}
