// why: a serial queue guards the table, whose waiters are keyed by token objects it keeps (blind round 4)
import Foundation

protocol Cancellable: AnyObject {
    func cancel()
}

protocol ImageDownloading: AnyObject {
    func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable
}

final class Counter: NSObject, NSCacheDelegate {
    private let q = DispatchQueue(label: "counter")
    private var n = 0
    var count: Int { q.sync { n } }
    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        q.sync { n += 1 }
    }
}

final class Inert: Cancellable { func cancel() {} }

final class Job {
    var waiters: [ObjectIdentifier: (ticket: Ticket, done: (UIImage?) -> Void)] = [:]
    var handle: Cancellable?
    var abandoned = false
}

final class Ticket: Cancellable {
    let job: Job
    let url: URL
    weak var owner: ImageLoader?
    init(job: Job, url: URL, owner: ImageLoader) { self.job = job; self.url = url; self.owner = owner }
    func cancel() { owner?.drop(self) }
}

final class ImageLoader {
    private let downloader: ImageDownloading
    private let cache = NSCache<NSURL, UIImage>()
    private let counter = Counter()
    private let queue = DispatchQueue(label: "loader.table")
    private var jobs: [NSURL: Job] = [:]

    init(downloader: ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        cache.totalCostLimit = costLimit
        cache.delegate = counter
    }

    var evictionCount: Int { counter.count }

    func cachedImage(for url: URL) -> UIImage? { cache.object(forKey: url as NSURL) }

    @discardableResult
    func load(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable {
        let key = url as NSURL
        if let hit = cache.object(forKey: key) {
            completion(hit)
            return Inert()
        }
        enum Outcome { case hit(UIImage), joined(Ticket), started(Ticket, Job) }
        let outcome: Outcome = queue.sync {
            if let hit = cache.object(forKey: key) { return .hit(hit) }
            if let job = jobs[key] {
                let t = Ticket(job: job, url: url, owner: self)
                job.waiters[ObjectIdentifier(t)] = (t, completion)
                return .joined(t)
            }
            let job = Job()
            let t = Ticket(job: job, url: url, owner: self)
            job.waiters[ObjectIdentifier(t)] = (t, completion)
            jobs[key] = job
            return .started(t, job)
        }
        switch outcome {
        case .hit(let img):
            completion(img)
            return Inert()
        case .joined(let t):
            return t
        case .started(let t, let job):
            let h = downloader.download(url) { [weak self] img in self?.complete(key, job, img) }
            let cancelNow: Bool = queue.sync {
                job.handle = h
                return job.abandoned
            }
            if cancelNow { h.cancel() }
            return t
        }
    }

    private func complete(_ key: NSURL, _ job: Job, _ img: UIImage?) {
        let waiters: [(UIImage?) -> Void] = queue.sync {
            guard jobs[key] === job else { return [] }
            if let img { cache.setObject(img, forKey: key, cost: Int(img.size.width) * Int(img.size.height) * 4) }
            jobs[key] = nil
            let w = job.waiters.values.map { $0.done }
            job.waiters.removeAll()
            return w
        }
        for w in waiters { w(img) }
    }

    fileprivate func drop(_ t: Ticket) {
        let h: Cancellable? = queue.sync {
            guard t.job.waiters.removeValue(forKey: ObjectIdentifier(t)) != nil else { return nil }
            guard t.job.waiters.isEmpty, !t.job.abandoned else { return nil }
            t.job.abandoned = true
            let key = t.url as NSURL
            if jobs[key] === t.job { jobs[key] = nil }
            return t.job.handle
        }
        h?.cancel()
    }

    func invalidate(_ url: URL) { cache.removeObject(forKey: url as NSURL) }
}
