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

/// Watches the handlers a log hands out: records their calls, notices when the last of them
/// is released, and lets a test wait for the first call.
///
/// A released handler can never run again, so a completion dropped uncalled (a `return`
/// that skips it) fails its test at once instead of after the contract's two seconds.
final class HandlerWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    private var alive = 0
    private var silenceReason = "was not called within 2 s"
    private let changed = DispatchSemaphore(value: 0)

    /// A token for one handler to capture: when the handler is released, so is the token.
    func handOut() -> HandlerLife {
        lock.withLock { alive += 1 }
        return HandlerLife { [self] in
            lock.withLock { alive -= 1 }
            changed.signal()
        }
    }

    /// Records one call of a handler.
    func recordCall() {
        lock.withLock { calls += 1 }
        changed.signal()
    }

    /// Waits up to two seconds for the first call; false when none came (see ``silence``).
    func waitForFirstCall() -> Bool {
        let deadline = DispatchTime.now() + completionTimeout
        while true {
            let (called, gone) = lock.withLock { (calls > 0, alive == 0) }
            if called { return true }
            if gone {
                lock.withLock { silenceReason = "was released without ever being called, so it can never run (does a path return without calling it?)" }
                return false
            }
            switch BoundedWait.wait(until: deadline, { changed.wait(timeout: $0) }) {
            case .done: continue
            case .timedOut: return false
            case .stuck:
                lock.withLock { silenceReason = "was never called: every thread of the program is waiting for another, so nothing can call it (a deadlock)" }
                return false
            }
        }
    }

    /// Why no call came, for a failure message: "was not called within 2 s".
    var silence: String { lock.withLock { silenceReason } }
}

/// Lives exactly as long as the handler that captured it.
final class HandlerLife: @unchecked Sendable {
    private let released: () -> Void

    init(released: @escaping () -> Void) { self.released = released }

    /// Called from the handler, so that it captures this token.
    func keep() {}

    deinit { released() }
}

/// Records the calls of one completion handler and lets a test wait for the first.
final class CompletionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [UIImage?] = []
    private let watch = HandlerWatch()
    private let check: (@Sendable (UIImage?) -> Void)?

    /// `check` runs inside the completion, before it is logged.
    init(check: (@Sendable (UIImage?) -> Void)? = nil) {
        self.check = check
    }

    var handler: (UIImage?) -> Void {
        let life = watch.handOut()
        return { [self] image in
            life.keep()
            check?(image)
            lock.withLock { results.append(image) }
            watch.recordCall()
        }
    }

    /// Waits up to two seconds for the first call; false when none came (see ``silence``).
    func waitForFirstCall() -> Bool { watch.waitForFirstCall() }

    /// Why the first call never came, for a failure message: "was not called within 2 s".
    var silence: String { watch.silence }

    var calls: [UIImage?] { lock.withLock { results } }
}

/// A completion log that holds its images weakly, for tests about ownership.
final class WeakCompletionLog: @unchecked Sendable {
    private let lock = NSLock()
    private weak var lastImage: UIImage?
    private let watch = HandlerWatch()

    var handler: (UIImage?) -> Void {
        let life = watch.handOut()
        return { [self] image in
            life.keep()
            lock.withLock { lastImage = image }
            watch.recordCall()
        }
    }

    func waitForFirstCall() -> Bool { watch.waitForFirstCall() }

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
    let stuck = "thumbnail(forKey: \"\(key)\") never returns: it waits for a lock or a semaphore that no thread will ever release, since every thread of the program is waiting (a deadlock). A lookup only asks the cache"
    try BoundedWait.require(returned, within: completionTimeout, timedOut: "thumbnail(forKey: \"\(key)\") did not return within 2 s: an endless loop or a deadlock? A lookup only asks the cache", stuck: stuck)
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
    let stuck = "loadThumbnail(forKey: \"\(key)\") never returns: it waits for a lock or a semaphore that no thread will ever release, since every thread of the program is waiting (a deadlock). Return at once and complete when the image is ready"
    try BoundedWait.require(returned, within: completionTimeout, timedOut: "loadThumbnail(forKey: \"\(key)\") did not return within 2 s: an endless loop, a deadlock, or a wait for something that never happens? Return at once and complete when the image is ready", stuck: stuck)
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
