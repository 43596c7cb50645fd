import CacheEngine
import Dispatch
import Foundation
import UIKit

/// An image of `width` × `height` points; each call makes a new object.
func makeImage(_ width: Double, _ height: Double) -> UIImage {
    UIImage(size: CGSize(width: width, height: height))
}

/// A URL for the tests. The scheme has no host, so nothing could ever reach a network.
func imageURL(_ name: String) -> URL {
    URL(string: "image:\(name).png")!
}

/// How a URL reads in a message.
func show(_ url: URL) -> String {
    "\"\(url.absoluteString)\""
}

/// How long a test waits for a completion, a call to return, or a download to finish.
let patience: DispatchTimeInterval = .seconds(2)

/// "once", "2 times", "never".
func times(_ count: Int) -> String {
    switch count {
    case 0: "never"
    case 1: "once"
    default: "\(count) times"
    }
}

/// Lets late, asynchronous extra calls (a second completion, a second download) arrive
/// before a test counts them.
func settle() {
    Thread.sleep(forTimeInterval: 0.01)
}

/// Runs `body` on a thread of its own and waits up to two seconds for it to return, so a
/// call that blocks (a deadlock, a wait nobody signals) fails the test with `what` in the
/// message instead of holding the process until the grader's limit. The runner ends the
/// process, blocked thread and all.
func withinPatience<T>(_ what: String, _ body: @escaping () -> T) throws -> T {
    let box = ResultBox<T>()
    let returned = DispatchSemaphore(value: 0)
    let caller = Thread {
        box.set(body())
        returned.signal()
    }
    caller.stackSize = 8 << 20
    caller.start()
    let stuck = "\(what) never returns: it waits for a lock or a semaphore that no thread will ever release, since every thread of the program is waiting (a deadlock: a lock taken twice, or held while calling out?). Return at once and complete later"
    let timedOut = "\(what) did not return within 2 s: a deadlock (a lock taken twice, or held while calling out), or a wait for something that never happens? Return at once and complete later"
    try BoundedWait.require(returned, within: patience, timedOut: timedOut, stuck: stuck)
    guard let value = box.value else { throw TestFailure(timedOut) }
    return value
}

final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    func set(_ value: T) { lock.withLock { stored = value } }
    var value: T? { lock.withLock { stored } }
}

/// Runs `work` on a thread of its own; whether it returned within a second. A test calls it
/// while the loader may hold its lock: `work` needs that lock, so a false means it was held.
func returnsWithinASecond(_ work: @escaping @Sendable () -> Void) -> Bool {
    let returned = DispatchSemaphore(value: 0)
    let other = Thread {
        work()
        returned.signal()
    }
    other.stackSize = 8 << 20
    other.start()
    return returned.wait(timeout: .now() + .seconds(1)) == .success
}

/// One caller of `load(_:completion:)`: records what its completion receives and cancels
/// through the token the loader returned.
final class Waiter: @unchecked Sendable {
    let name: String
    let url: URL
    private let lock = NSLock()
    private var results: [UIImage?] = []
    private let arrived = DispatchSemaphore(value: 0)
    private var cancelAction: (() -> Void)?
    /// Runs inside the completion, before the call is recorded.
    private let inside: ((UIImage?) -> Void)?

    init(_ name: String, url: URL, inside: ((UIImage?) -> Void)? = nil) {
        self.name = name
        self.url = url
        self.inside = inside
    }

    /// Calls `load` on `subject` (on a thread of its own, with a deadline) and keeps the token.
    func load(on subject: any ImageLoaderSubject) throws {
        let url = url
        // Weakly: a token of the learner's may keep its completion after it ran, and this
        // waiter keeps the token; a strong capture would make that a cycle holding the image.
        let cancel = try withinPatience("load(\(show(url)), completion:)") {
            subject.load(url) { [weak self] image in
                guard let self else { return }
                inside?(image)
                lock.withLock { self.results.append(image) }
                arrived.signal()
            }
        }
        lock.withLock { cancelAction = cancel }
    }

    /// Calls `load` on `subject` on the calling thread, with no deadline of its own, and
    /// drops the token the moment `load` returns, as a caller that never means to cancel
    /// does; `cancel()` then does nothing. Run several of these on one thread, under one
    /// deadline: a token freed there gives its memory to the next one made there.
    func loadDroppingToken(on subject: any ImageLoaderSubject) {
        _ = subject.load(url) { [weak self] image in
            guard let self else { return }
            inside?(image)
            lock.withLock { self.results.append(image) }
            arrived.signal()
        }
    }

    /// Calls `cancel()` on the token `load` returned, with a deadline.
    func cancel() throws {
        guard let action = lock.withLock({ cancelAction }) else { return }
        try withinPatience("cancel() on the token that load(\(show(url)), completion:) returned to \(name)", action)
    }

    /// Waits up to two seconds for the first call; false when none came. Asking again
    /// after a call has come returns true at once.
    func waitForCall() -> Bool {
        if !calls.isEmpty { return true }
        guard BoundedWait.wait(for: arrived, timeout: patience) == .done else { return false }
        arrived.signal()
        return true
    }

    var calls: [UIImage?] { lock.withLock { results } }

    /// Fails unless the completion ran exactly once, with `expected`.
    func requireCompleted(with expected: UIImage?, _ context: String) throws {
        let wanted = expected == nil ? "nil" : "the downloaded image"
        try require(waitForCall(), "\(context), the completion of \(name) was not called within 2 s; it should be called once, with \(wanted)")
        settle()
        let calls = calls
        try require(calls.count == 1, "\(context), the completion of \(name) ran \(times(calls.count)); it should run exactly once")
        if let expected {
            guard let received = calls[0] else {
                throw TestFailure("\(context), the completion of \(name) received nil; it should receive the downloaded image")
            }
            try require(received === expected, "\(context), the completion of \(name) received a different UIImage object (\(describe(received.size))) than the one the downloader delivered (\(describe(expected.size))); hand every waiter that very object")
        } else {
            try require(calls[0] == nil, "\(context), the completion of \(name) received an image; it should receive nil")
        }
    }

    /// Fails if the completion ran at all (after a short wait for late calls).
    func requireNotCalled(_ context: String, because reason: String) throws {
        settle()
        let count = calls.count
        try require(count == 0, "\(context), the completion of \(name) ran \(times(count)); \(reason)")
    }
}

/// `"10×20"` for an image's size.
func describe(_ size: CGSize) -> String {
    "\(Int(size.width))×\(Int(size.height))"
}

/// One call the loader made to the fake downloader.
final class FakeDownload: @unchecked Sendable {
    let url: URL
    /// 1 for the first download the loader started, 2 for the second, and so on.
    let number: Int
    let completion: (UIImage?) -> Void
    /// Guarded by the downloader's lock.
    var cancels = 0
    var delivered = false

    init(url: URL, number: Int, completion: @escaping (UIImage?) -> Void) {
        self.url = url
        self.number = number
        self.completion = completion
    }
}

/// The downloader the tests give the loader. It records every download and every cancel,
/// and delivers a download only when the test says so, once, on a queue of its own. A
/// cancelled download delivers nothing unless the test delivers it by hand, so a loader
/// cannot count on hearing back after a cancel.
final class FakeDownloader: ImageLoaderTestSource, @unchecked Sendable {
    private let lock = NSLock()
    private var downloads: [FakeDownload] = []
    private let queue = DispatchQueue(label: "cachetutor.fake-downloader", attributes: .concurrent)
    /// How long `download` takes to return, like a real task that takes a moment to set up.
    private let startTime: TimeInterval
    /// Runs inside `download`, on the loader's thread, before it returns; guarded by `lock`.
    private var hook: (@Sendable (URL) -> Void)?

    init(startTime: TimeInterval = 0) {
        self.startTime = startTime
    }

    func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> () -> Void {
        let download = lock.withLock {
            let download = FakeDownload(url: url, number: downloads.count + 1, completion: completion)
            downloads.append(download)
            return download
        }
        if startTime > 0 { Thread.sleep(forTimeInterval: startTime) }
        lock.withLock { hook }?(url)
        return { [self] in lock.withLock { download.cancels += 1 } }
    }

    /// What `download` does before it returns, on the thread of the loader that called it:
    /// a test sees from there what the loader holds while it starts a download.
    var duringDownload: (@Sendable (URL) -> Void)? {
        get { lock.withLock { hook } }
        set { lock.withLock { hook = newValue } }
    }

    /// How many downloads the loader started.
    var count: Int { lock.withLock { downloads.count } }

    /// The downloads the loader started for `url`.
    func downloads(of url: URL) -> [FakeDownload] {
        lock.withLock { downloads.filter { $0.url == url } }
    }

    /// How many times the loader cancelled download `number`.
    func cancels(of number: Int) -> Int {
        lock.withLock { downloads.indices.contains(number - 1) ? downloads[number - 1].cancels : 0 }
    }

    /// Every download started, in order.
    var all: [FakeDownload] { lock.withLock { downloads } }

    /// Every URL asked for, in order.
    var urls: [URL] { lock.withLock { downloads.map(\.url) } }

    /// Delivers download `number` with `image` on the downloader's queue and waits up to
    /// two seconds for the loader's completion handler to return.
    func finish(_ number: Int, with image: UIImage?) throws {
        guard let download = lock.withLock({ downloads.indices.contains(number - 1) ? downloads[number - 1] : nil }) else {
            throw TestFailure("the test expected download number \(number) to have started, but the loader started only \(count)")
        }
        let returned = DispatchSemaphore(value: 0)
        queue.async { [self] in
            deliver(download, image)
            returned.signal()
        }
        let stuck = "the loader's handler for the download of \(show(download.url)) never returns: every thread of the program is waiting for another (a deadlock). Is a completion called while the loader holds its own lock, or does the cache's delegate take that lock? The cache calls the delegate from inside setObject, which the loader calls under its lock. Take what you need under the lock, unlock, then call the completions, and give the delegate a lock of its own"
        try BoundedWait.require(returned, within: patience, timedOut: "the loader's handler for the download of \(show(download.url)) did not return within 2 s after the downloader delivered: is a completion called while the loader holds its own lock, so that a completion calling load again deadlocks, or does the cache's delegate take the loader's lock from inside a store made under it? Take what you need under the lock, unlock, then call the completions, and give the delegate a lock of its own", stuck: stuck)
    }

    /// Calls the download's completion unless it already ran: a download delivers once.
    private func deliver(_ download: FakeDownload, _ image: UIImage?) {
        let first = lock.withLock {
            defer { download.delivered = true }
            return !download.delivered
        }
        if first { download.completion(image) }
    }
}

/// The waiters whose completion has not run after waiting up to two seconds in all (not
/// two seconds each, so a test with many silent waiters stays within its time limit).
func waitersNeverCalled(_ waiters: [Waiter]) -> [Waiter] {
    let deadline = Date().addingTimeInterval(2)
    while waiters.contains(where: { $0.calls.isEmpty }), Date() < deadline {
        Thread.sleep(forTimeInterval: 0.005)
    }
    return waiters.filter { $0.calls.isEmpty }
}

/// Starts `count` waiters for `url` one after the other, all before the download finishes.
func startWaiters(_ count: Int, for url: URL, on subject: any ImageLoaderSubject) throws -> [Waiter] {
    var waiters: [Waiter] = []
    for index in 1...count {
        let waiter = Waiter("waiter \(index)", url: url)
        try waiter.load(on: subject)
        waiters.append(waiter)
    }
    return waiters
}

/// Loads `url` with the download delivered at once with `image`, and waits for the
/// completion; the common first step of many tests.
func loadAndFinish(_ url: URL, with image: UIImage?, on subject: any ImageLoaderSubject, downloader: FakeDownloader, context: String) throws {
    let before = downloader.count
    let waiter = Waiter("the load", url: url)
    try waiter.load(on: subject)
    try require(downloader.count == before + 1, "\(context), load(\(show(url)), completion:) started \(downloader.count - before) downloads for a URL that was not cached; a miss should start exactly one")
    try downloader.finish(before + 1, with: image)
    try waiter.requireCompleted(with: image, context)
}
