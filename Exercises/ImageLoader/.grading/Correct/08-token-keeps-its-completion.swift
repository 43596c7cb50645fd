// why: the token keeps its caller's completion after it has run, and the test keeps the token: a blind round's correct solution that a strong capture in the tests once failed
import UIKit

protocol Cancellable: AnyObject {
    func cancel()
}

protocol ImageDownloading: AnyObject {
    func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable
}

final class ImageLoader: NSObject, NSCacheDelegate {
    private final class Ticket: Cancellable {
        weak var owner: ImageLoader?
        let job: Job
        let done: (UIImage?) -> Void
        init(owner: ImageLoader, job: Job, done: @escaping (UIImage?) -> Void) {
            self.owner = owner; self.job = job; self.done = done
        }
        func cancel() { owner?.drop(self) }
    }
    private final class Job {
        let key: NSString
        var handle: Cancellable?
        var tickets: [ObjectIdentifier: Ticket] = [:]
        var order: [ObjectIdentifier] = []
        var over = false
        init(key: NSString) { self.key = key }
    }
    private final class Nothing: Cancellable { func cancel() {} }

    private let downloader: ImageDownloading
    private let store = NSCache<NSString, UIImage>()
    private let q = DispatchQueue(label: "imageloader.state")
    private var jobs: [NSString: Job] = [:]
    private let countQ = DispatchQueue(label: "imageloader.evictions")
    private var evictions = 0

    init(downloader: ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        super.init()
        store.totalCostLimit = costLimit
        store.delegate = self
    }

    func cache(_ cache: NSCache<AnyObject, AnyObject>, willEvictObject obj: Any) {
        countQ.sync { evictions += 1 }
    }

    var evictionCount: Int { countQ.sync { evictions } }

    func cachedImage(for url: URL) -> UIImage? {
        store.object(forKey: url.absoluteString as NSString)
    }

    @discardableResult
    func load(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable {
        let key = url.absoluteString as NSString
        if let hit = store.object(forKey: key) {
            completion(hit)
            return Nothing()
        }
        enum Step { case hit(UIImage), joined(Ticket), start(Job, Ticket) }
        let step: Step = q.sync {
            if let hit = store.object(forKey: key) { return .hit(hit) }
            if let job = jobs[key] {
                let t = Ticket(owner: self, job: job, done: completion)
                job.tickets[ObjectIdentifier(t)] = t
                job.order.append(ObjectIdentifier(t))
                return .joined(t)
            }
            let job = Job(key: key)
            let t = Ticket(owner: self, job: job, done: completion)
            job.tickets[ObjectIdentifier(t)] = t
            job.order.append(ObjectIdentifier(t))
            jobs[key] = job
            return .start(job, t)
        }
        switch step {
        case .hit(let image):
            completion(image)
            return Nothing()
        case .joined(let t):
            return t
        case .start(let job, let t):
            let handle = downloader.download(url) { [weak self] image in
                self?.arrived(job, image)
            }
            let cancelNow: Bool = q.sync {
                if job.over { return true }
                job.handle = handle
                return false
            }
            if cancelNow { handle.cancel() }
            return t
        }
    }

    private func arrived(_ job: Job, _ image: UIImage?) {
        let callers: [Ticket] = q.sync {
            guard jobs[job.key] === job, !job.over else { return [] }
            if let image {
                store.setObject(image, forKey: job.key,
                                cost: Int(image.size.width * image.size.height) * 4)
            }
            jobs[job.key] = nil
            job.over = true
            let list = job.order.compactMap { job.tickets[$0] }
            job.tickets.removeAll()
            return list
        }
        for c in callers { c.done(image) }
    }

    private func drop(_ t: Ticket) {
        let handle: Cancellable? = q.sync {
            let job = t.job
            guard job.tickets.removeValue(forKey: ObjectIdentifier(t)) != nil else { return nil }
            guard job.tickets.isEmpty, !job.over else { return nil }
            job.over = true
            if jobs[job.key] === job { jobs[job.key] = nil }
            let h = job.handle
            job.handle = nil
            return h
        }
        handle?.cancel()
    }

    func invalidate(_ url: URL) {
        store.removeObject(forKey: url.absoluteString as NSString)
    }
}
