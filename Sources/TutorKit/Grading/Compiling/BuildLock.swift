import Foundation
import Synchronization

/// The lock one harness build holds in the cache (`.lock-harness-NAME-KEY`), so that two
/// checks, or a check and the background build `exercises start` began, never build the
/// same harness twice at once: the second waits for the first and uses its harness.
///
/// An exclusive `flock` on the file: the kernel releases it when its holder ends, even
/// killed, so a build that dies never leaves the lock held. While it builds, the holder
/// writes when it started and how long it expects to take into the file, for the progress
/// line of whoever waits.
final class BuildLock: Sendable {
    private let descriptor: Int32
    private let held = Mutex(false)

    /// Opens (creating) the lock file for `name` in `cacheRoot`, without taking the lock.
    init(cacheRoot: URL, name: String) throws(GradingError) {
        let path = cacheRoot.appendingPathComponent(".lock-\(name)").path
        do {
            try FileManager.default.createDirectory(at: cacheRoot, withIntermediateDirectories: true)
        } catch {
            throw .workspace(path: cacheRoot.path, reason: "cannot create the harness cache directory (\(error.localizedDescription))")
        }
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw .workspace(path: path, reason: "cannot open the build lock (\(String(cString: strerror(errno))))") }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// Takes the lock if nobody holds it.
    func tryAcquire() -> Bool {
        if held.withLock({ $0 }) { return true }
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                held.withLock { $0 = true }
                return true
            }
            if errno != EINTR { return false }
        }
    }

    /// Gives the lock back (when held).
    func release() {
        held.withLock { isHeld in
            if isHeld { flock(descriptor, LOCK_UN) }
            isHeld = false
        }
    }

    /// Writes, for waiters, that a build started now and should take about `expected`.
    func announce(expected: Duration) {
        let seconds = Double(expected.components.seconds) + Double(expected.components.attoseconds) / 1e18
        let text = "\(Date().timeIntervalSince1970) \(seconds)\n"
        ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    /// What the holder announced: when it started (seconds since 1970) and how long it expects.
    func announcement() -> (started: Double, expectedSeconds: Double)? {
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let fields = String(decoding: buffer.prefix(count), as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard fields.count == 2 else { return nil }
        return (fields[0], fields[1])
    }
}
