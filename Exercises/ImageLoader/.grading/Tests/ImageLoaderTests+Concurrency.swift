import CacheEngine
import Foundation
import Synchronization
import UIKit

/// Point 9: many threads at once.
extension ImageLoaderTests {
    /// Two to four threads (one per core) load the same URLs in the same order while the
    /// downloads are held back. Before each URL they wait for one another at a barrier, so
    /// they reach the loader together, a hundred times and more; and the downloader takes a
    /// millisecond to start a download, as a real one may. A loader whose "is anyone
    /// downloading this URL?" and "now I am" are not one locked step starts two downloads;
    /// one without any lock often corrupts its table or loses a waiter. Each URL must be
    /// downloaded once, and every load complete once with its URL's image.
    ///
    /// First, though, the moment such a loader needs is made certain rather than hoped
    /// for (see `secondLoadAtTheCheck`), so that it fails on every run.
    static func concurrentLoadsOneDownloadEach(_ subjectType: any ImageLoaderSubject.Type) throws {
        try secondLoadAtTheCheck(subjectType)
        let downloader = FakeDownloader(startTime: 0.001)
        let subject = subjectType.init(source: downloader, costLimit: 0)
        let urls = (0..<80).map { imageURL("grid-\($0)") }
        let threads = min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))
        let log = ConcurrentLog(threads: threads, urls: urls.count)
        let barrier = Barrier(parties: threads)
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            let worker = Thread {
                for (index, url) in urls.enumerated() {
                    barrier.arriveAndWait()
                    _ = subject.load(url) { image in log.record(thread: thread, url: index, image: image) }
                }
                group.leave()
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        let stuck = "\(threads) threads calling load(_:completion:) at once are all waiting for each other (a deadlock in the in-flight table's locking?)"
        try BoundedWait.require(until: .now() + .seconds(3), timedOut: "\(threads) threads calling load(_:completion:) at once did not all return within 3 s; a deadlock in the in-flight table's locking?", stuck: stuck) { group.wait(timeout: $0) }
        settle()
        let started = Dictionary(grouping: downloader.all, by: \.url)
        for (index, url) in urls.enumerated() {
            let started = started[url]?.count ?? 0
            try require(started == 1, started == 0
                ? "\(threads) threads loaded \(show(url)) and no download started for it; the first miss should start one"
                : "\(threads) threads loading \(show(url)) at once started \(started) downloads for it (URL \(index + 1) of \(urls.count)); check and update the in-flight table under one lock, so exactly one caller starts the download")
        }
        var images: [UIImage] = []
        for (index, url) in urls.enumerated() {
            let image = makeImage(Double(index + 1), 1)
            images.append(image)
            try downloader.finish(started[url]![0].number, with: image)
        }
        let deadline = Date().addingTimeInterval(2)
        while log.pending > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        settle()
        if let problem = log.firstProblem(expected: images) {
            throw TestFailure("with \(threads) threads loading \(urls.count) URLs at once, \(problem)")
        }
    }
}

/// One load of a URL is stopped right after its first unlock of an `NSLock`, a `Mutex` or
/// an `NSRecursiveLock`, or its first `sync` block on a queue (see `HandoffLock`), and a
/// second load of that URL runs while it waits. A loader that checks the in-flight table,
/// unlocks and inserts later has not inserted yet, so the second load finds nothing and
/// starts a download of its own: two downloads, on every run. A loader whose check and
/// insert are one locked step has inserted before that unlock, and the second load joins
/// it. A loader that guards its table some other way is never stopped, and its two loads
/// simply run one after the other.
private func secondLoadAtTheCheck(_ subjectType: any ImageLoaderSubject.Type) throws {
    let downloader = FakeDownloader()
    let subject = subjectType.init(source: downloader, costLimit: 0)
    let url = imageURL("same-instant")
    let first = Waiter("the first load", url: url)
    let second = Waiter("the second load", url: url)
    let handoff = LockHandoff.shared
    let parkedBefore = handoff.parkedUnlocks
    let firstOutcome = ResultBox<Error?>()
    let firstReturned = DispatchSemaphore(value: 0)
    handoff.arm()
    defer { handoff.disarm() }
    let caller = Thread {
        do { try first.load(on: subject); firstOutcome.set(nil) } catch { firstOutcome.set(error) }
        firstReturned.signal()
    }
    caller.stackSize = 8 << 20
    caller.start()
    let stopped = handoff.waitForParking(since: parkedBefore) { firstOutcome.value != nil }
    try second.load(on: subject)
    try BoundedWait.require(firstReturned, within: patience, timedOut: "load(\(show(url)), completion:) did not return within 2 s", stuck: "load(\(show(url)), completion:) never returns: every thread of the program is waiting (a deadlock?)")
    if let failure = firstOutcome.value ?? nil { throw failure }
    settle()
    let started = downloader.downloads(of: url).count
    try require(started == 1, stopped
        ? "two loads of \(show(url)) at the same instant started \(started) downloads. The first load let go of your lock (or left a `sync` block of your queue) after finding no download in flight, and before it recorded its own; the second load took the lock in that moment, found nothing either, and started another. Make \"is this URL downloading already?\" and \"then I start it\" one step: look the table up and insert the new entry before you unlock (in one `sync` block)"
        : "two loads of \(show(url)), one after the other while the first download was still running, started \(started) downloads; the second should join the first (see concurrent_loads_share_download)")
    let image = makeImage(6, 6)
    try downloader.finish(downloader.downloads(of: url)[0].number, with: image)
    try first.requireCompleted(with: image, "after two loads of \(show(url)) at the same instant")
    try second.requireCompleted(with: image, "after two loads of \(show(url)) at the same instant")
}

/// What each (thread, URL) load's completion received.
final class ConcurrentLog: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [[[UIImage?]]]

    init(threads: Int, urls: Int) {
        received = Array(repeating: Array(repeating: [], count: urls), count: threads)
    }

    func record(thread: Int, url: Int, image: UIImage?) {
        lock.withLock { received[thread][url].append(image) }
    }

    var pending: Int {
        lock.withLock { received.joined().filter(\.isEmpty).count }
    }

    func firstProblem(expected: [UIImage]) -> String? {
        lock.withLock {
            for (thread, loads) in received.enumerated() {
                for (index, calls) in loads.enumerated() {
                    let what = "thread \(thread + 1)'s load of \(show(imageURL("grid-\(index)")))"
                    if calls.count != 1 { return "\(what) completed \(times(calls.count)); every load should complete exactly once" }
                    guard let image = calls[0] else { return "\(what) completed with nil although its download delivered an image" }
                    if image !== expected[index] {
                        return "\(what) completed with an image that is not the one its URL's download delivered (\(describe(image.size)) instead of \(describe(expected[index].size)))"
                    }
                }
            }
            return nil
        }
    }
}

/// Lets `parties` threads wait for one another, again and again. Waiting threads spin
/// (yielding the processor after a short while), so they leave the barrier within a
/// fraction of a microsecond of one another and really do call the loader together.
final class Barrier: Sendable {
    private let parties: Int
    private let arrived = Atomic<Int>(0)
    private let round = Atomic<Int>(0)

    init(parties: Int) { self.parties = parties }

    func arriveAndWait() {
        let current = round.load(ordering: .acquiring)
        if arrived.add(1, ordering: .acquiringAndReleasing).newValue == parties {
            arrived.store(0, ordering: .relaxed)
            round.add(1, ordering: .releasing)
            return
        }
        var spins = 0
        while round.load(ordering: .acquiring) == current {
            spins += 1
            if spins > 100 { sched_yield() }
        }
    }
}
