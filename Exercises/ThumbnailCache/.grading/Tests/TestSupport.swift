import CacheEngine
import Dispatch
import Foundation
import UIKit

/// An image of `width` × `height` points; each call makes a new object.
func makeImage(_ width: Double, _ height: Double) -> UIImage {
    UIImage(size: CGSize(width: width, height: height))
}

/// `"10×20"` for an image's size, without needless decimals.
func describe(_ size: CGSize) -> String {
    "\(number(Double(size.width)))×\(number(Double(size.height)))"
}

func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

/// How long a test waits for a completion that may run on another queue.
let completionTimeout: DispatchTimeInterval = .seconds(2)

/// A generator for `ThumbnailCache(generator:)` that logs every call.
final class GeneratorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String] = []
    private let produce: @Sendable (String) -> UIImage?

    init(produce: @escaping @Sendable (String) -> UIImage?) {
        self.produce = produce
    }

    /// The closure to hand to the subject.
    var generator: (String) -> UIImage? {
        { [self] key in
            lock.withLock { keys.append(key) }
            return produce(key)
        }
    }

    var calls: [String] { lock.withLock { keys } }

    func count(for key: String) -> Int { calls.filter { $0 == key }.count }
}

/// Records the calls of one completion handler and lets a test wait for the first.
final class CompletionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [UIImage?] = []
    private let arrived = DispatchSemaphore(value: 0)
    private let check: (@Sendable (UIImage?) -> Void)?

    /// `check` runs inside the completion, before it is logged.
    init(check: (@Sendable (UIImage?) -> Void)? = nil) {
        self.check = check
    }

    var handler: (UIImage?) -> Void {
        { [self] image in
            check?(image)
            lock.withLock { results.append(image) }
            arrived.signal()
        }
    }

    /// Waits up to two seconds for the first call; false when none came.
    func waitForFirstCall() -> Bool {
        arrived.wait(timeout: .now() + completionTimeout) == .success
    }

    var calls: [UIImage?] { lock.withLock { results } }
}

/// A completion log that holds its images weakly, for tests about ownership.
final class WeakCompletionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private weak var lastImage: UIImage?
    private let arrived = DispatchSemaphore(value: 0)

    var handler: (UIImage?) -> Void {
        { [self] image in
            lock.withLock {
                count += 1
                lastImage = image
            }
            arrived.signal()
        }
    }

    func waitForFirstCall() -> Bool {
        arrived.wait(timeout: .now() + completionTimeout) == .success
    }

    var image: UIImage? { lock.withLock { lastImage } }
}

/// Calls `thumbnail(forKey:)` on a thread of its own and waits up to two seconds for it to
/// return: a lookup only looks, so one that spins or blocks fails its test then, instead of
/// holding a test slot until the grader's wall-clock limit.
func thumbnail(on subject: any ThumbnailCacheSubject, forKey key: String) throws -> UIImage? {
    let returned = DispatchSemaphore(value: 0)
    let found = FoundImage()
    let caller = Thread {
        found.set(subject.thumbnail(forKey: key))
        returned.signal()
    }
    caller.stackSize = 8 << 20
    caller.start()
    guard returned.wait(timeout: .now() + completionTimeout) == .success else {
        throw TestFailure("thumbnail(forKey: \"\(key)\") did not return within 2 s: an endless loop or a deadlock? A lookup only asks the cache")
    }
    return found.image
}

/// The result of a lookup made on another thread.
final class FoundImage: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: UIImage?

    func set(_ image: UIImage?) { lock.withLock { stored = image } }
    var image: UIImage? { lock.withLock { stored } }
}

/// Calls `loadThumbnail(forKey:completion:)` on a thread of its own and waits until the call
/// returns, for at most the two seconds the contract gives a completion: a call that blocks
/// (a spin, a wait nobody signals) fails its test then, instead of holding the test's process
/// until the grader's wall-clock limit. The runner ends the process, blocked thread and all.
func loadThumbnail(on subject: any ThumbnailCacheSubject, forKey key: String, completion: @escaping (UIImage?) -> Void) throws {
    let returned = DispatchSemaphore(value: 0)
    let caller = Thread {
        subject.loadThumbnail(forKey: key, completion: completion)
        returned.signal()
    }
    caller.stackSize = 8 << 20
    caller.start()
    guard returned.wait(timeout: .now() + completionTimeout) == .success else {
        throw TestFailure("loadThumbnail(forKey: \"\(key)\") did not return within 2 s: an endless loop, a deadlock, or a wait for something that never happens? Return at once and complete when the image is ready")
    }
}

/// Lets late, asynchronous extra calls (a second completion, a second generation) arrive
/// before a test counts them.
func settle() {
    Thread.sleep(forTimeInterval: 0.01)
}

/// "once", "2 times", "never".
func times(_ count: Int) -> String {
    switch count {
    case 0: "never"
    case 1: "once"
    default: "\(count) times"
    }
}

/// The submission's engine cache, or a failure that explains why the test needs it.
func engineCache(of subject: any ThumbnailCacheSubject) throws -> Cache<NSString, UIImage> {
    if case let .engine(cache, _) = EngineProbe.find(in: subject.instance) { return cache }
    // A lazy property exists only after first use; a lookup creates it without side effects.
    _ = subject.thumbnail(forKey: "cachetutor-probe")
    if case let .engine(cache, _) = EngineProbe.find(in: subject.instance) { return cache }
    throw TestFailure("this test needs the NSCache<NSString, UIImage> that ThumbnailCache stores thumbnails in, and found none among its stored properties (see uses_nscache)")
}

/// Whether `cache` holds `image` under any key: learners may namespace their keys
/// ("thumb:" + key), so the tests look for the object, not the key.
func holds(_ cache: Cache<NSString, UIImage>, _ image: UIImage) -> Bool {
    cache.entries().contains { $0.object === image }
}

/// SplitMix64: a small seeded generator, so every run makes the same choices.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
