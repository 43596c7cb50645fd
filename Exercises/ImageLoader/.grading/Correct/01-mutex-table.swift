// why: keeps the in-flight table inside a Synchronization.Mutex and reaches it only through withLock, the way a blind round of learners wrote it; the grading stand-in for Mutex must compile it and pass it
import Foundation
import Synchronization

protocol Cancellable: AnyObject {
    func cancel()
}

protocol ImageDownloading: AnyObject {
    func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable
}

final class ImageLoader {
    private struct Pending {
        var task: Cancellable?
        var waiters: [Int: (UIImage?) -> Void] = [:]
        var abandoned = false
    }

    private struct Table {
        var pending: [Int: Pending] = [:]
        var current: [URL: Int] = [:]
        var lastNumber = 0

        mutating func next() -> Int {
            lastNumber += 1
            return lastNumber
        }
    }

    private let cache = NSCache<NSURL, UIImage>()
    private let counter = Evictions()
    private let downloader: ImageDownloading
    private let table = Mutex(Table())

    init(downloader: ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        cache.totalCostLimit = costLimit
        cache.delegate = counter
    }

    var evictionCount: Int { counter.value }

    func cachedImage(for url: URL) -> UIImage? {
        cache.object(forKey: url as NSURL)
    }

    @discardableResult
    func load(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable {
        if let hit = cachedImage(for: url) {
            completion(hit)
            return Nothing()
        }
        enum Step { case hit(UIImage), joined(download: Int, waiter: Int), started(download: Int, waiter: Int) }
        let step: Step = table.withLock { table in
            if let number = table.current[url] {
                let waiter = table.next()
                table.pending[number]?.waiters[waiter] = completion
                return .joined(download: number, waiter: waiter)
            }
            // A download of this URL may have stored its image and left since the lookup.
            if let hit = cachedImage(for: url) { return .hit(hit) }
            let number = table.next()
            let waiter = table.next()
            table.pending[number] = Pending(waiters: [waiter: completion])
            table.current[url] = number
            return .started(download: number, waiter: waiter)
        }
        switch step {
        case let .hit(image):
            completion(image)
            return Nothing()
        case let .joined(download, waiter):
            return Withdraw { [weak self] in self?.withdraw(waiter, from: download, of: url) }
        case let .started(download, waiter):
            let task = downloader.download(url) { [weak self] image in
                self?.finish(download, of: url, with: image)
            }
            let cancelNow = table.withLock { table -> Bool in
                guard table.pending[download]?.abandoned == true else {
                    table.pending[download]?.task = task
                    return false
                }
                table.pending[download] = nil
                return true
            }
            if cancelNow { task.cancel() }
            return Withdraw { [weak self] in self?.withdraw(waiter, from: download, of: url) }
        }
    }

    func invalidate(_ url: URL) {
        cache.removeObject(forKey: url as NSURL)
    }

    private func finish(_ download: Int, of url: URL, with image: UIImage?) {
        let waiters: [(UIImage?) -> Void] = table.withLock { table in
            guard table.current[url] == download, let pending = table.pending.removeValue(forKey: download) else { return [] }
            if let image {
                cache.setObject(image, forKey: url as NSURL, cost: Int(image.size.width) * Int(image.size.height) * 4)
            }
            table.current[url] = nil
            return pending.waiters.sorted { $0.key < $1.key }.map { $0.value }
        }
        for waiter in waiters { waiter(image) }
    }

    private func withdraw(_ waiter: Int, from download: Int, of url: URL) {
        let toCancel: Cancellable? = table.withLock { table in
            guard table.pending[download]?.waiters.removeValue(forKey: waiter) != nil,
                  table.pending[download]?.waiters.isEmpty == true
            else { return nil }
            table.pending[download]?.abandoned = true
            let task = table.pending[download]?.task
            if table.current[url] == download { table.current[url] = nil }
            if task != nil { table.pending[download] = nil }
            return task
        }
        toCancel?.cancel()
    }
}

private final class Withdraw: Cancellable {
    private let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }
    func cancel() { action() }
}

private final class Nothing: Cancellable {
    func cancel() {}
}

private final class Evictions: NSObject, NSCacheDelegate {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        count.withLock { $0 += 1 }
    }
}
