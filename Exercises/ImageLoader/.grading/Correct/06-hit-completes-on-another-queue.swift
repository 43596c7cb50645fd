// why: a hit's completion is dispatched to a global queue, which the README allows (blind round 4)
import Foundation

protocol Cancellable: AnyObject {
    func cancel()
}

protocol ImageDownloading: AnyObject {
    func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable
}

private final class NoopToken: Cancellable {
    func cancel() {}
}

private final class EvictionCounter: NSObject, NSCacheDelegate {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        lock.lock(); count += 1; lock.unlock()
    }
}

private final class Download {
    var waiters: [Int: (UIImage?) -> Void] = [:]
    var task: Cancellable?
    var cancelledDownload = false
}

private final class WaiterToken: Cancellable {
    private weak var loader: ImageLoader?
    private let url: URL
    private let download: Download
    private let id: Int
    init(loader: ImageLoader, url: URL, download: Download, id: Int) {
        self.loader = loader; self.url = url; self.download = download; self.id = id
    }
    func cancel() { loader?.withdraw(url: url, download: download, id: id) }
}

final class ImageLoader {
    private let downloader: ImageDownloading
    private let images = NSCache<NSURL, UIImage>()
    private let counter = EvictionCounter()
    private let lock = NSLock()
    private var inFlight: [URL: Download] = [:]
    private var nextID = 0

    init(downloader: ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        images.totalCostLimit = costLimit
        images.delegate = counter
    }

    var evictionCount: Int { counter.value }

    func cachedImage(for url: URL) -> UIImage? {
        images.object(forKey: url as NSURL)
    }

    @discardableResult
    func load(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable {
        if let hit = images.object(forKey: url as NSURL) {
            DispatchQueue.global().async { completion(hit) }
            return NoopToken()
        }
        lock.lock()
        if let hit = images.object(forKey: url as NSURL) {
            lock.unlock()
            DispatchQueue.global().async { completion(hit) }
            return NoopToken()
        }
        nextID += 1
        let id = nextID
        if let existing = inFlight[url] {
            existing.waiters[id] = completion
            lock.unlock()
            return WaiterToken(loader: self, url: url, download: existing, id: id)
        }
        let dl = Download()
        dl.waiters[id] = completion
        inFlight[url] = dl
        lock.unlock()
        let task = downloader.download(url) { [weak self] image in
            self?.finish(url: url, download: dl, image: image)
        }
        lock.lock()
        if dl.cancelledDownload {
            lock.unlock()
            task.cancel()
        } else {
            dl.task = task
            lock.unlock()
        }
        return WaiterToken(loader: self, url: url, download: dl, id: id)
    }

    private func finish(url: URL, download: Download, image: UIImage?) {
        lock.lock()
        guard inFlight[url] === download else { lock.unlock(); return }
        if let image = image {
            images.setObject(image, forKey: url as NSURL,
                             cost: Int(image.size.width) * Int(image.size.height) * 4)
        }
        inFlight[url] = nil
        let waiters = download.waiters
        download.waiters = [:]
        lock.unlock()
        for (_, w) in waiters.sorted(by: { $0.key < $1.key }) { w(image) }
    }

    fileprivate func withdraw(url: URL, download: Download, id: Int) {
        lock.lock()
        guard download.waiters.removeValue(forKey: id) != nil else { lock.unlock(); return }
        var toCancel: Cancellable?
        if download.waiters.isEmpty && !download.cancelledDownload {
            download.cancelledDownload = true
            if inFlight[url] === download { inFlight[url] = nil }
            toCancel = download.task
        }
        lock.unlock()
        toCancel?.cancel()
    }

    func invalidate(_ url: URL) {
        images.removeObject(forKey: url as NSURL)
    }
}
