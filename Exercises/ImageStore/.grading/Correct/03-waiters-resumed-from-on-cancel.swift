// why: each waiter is a Sendable box resumed straight from onCancel, the actor told afterwards (blind round 4)
import Foundation
import Synchronization

protocol ImageDownloading: Sendable {
    func download(_ url: URL) async throws -> UIImage
}

final class Waiter: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<UIImage, any Error>)
        case finished(Result<UIImage, any Error>)
        case consumed
    }
    private let state = Mutex<State>(.idle)
    // Called once the caller has its continuation; the outcome may already be there.
    func install(_ c: CheckedContinuation<UIImage, any Error>) {
        let ready: Result<UIImage, any Error>? = state.withLock { s in
            if case .finished(let r) = s { s = .consumed; return r }
            s = .waiting(c); return nil
        }
        if let ready { c.resume(with: ready) }
    }
    // Resolves the waiter once: the first outcome wins.
    func finish(_ r: Result<UIImage, any Error>) {
        let c: CheckedContinuation<UIImage, any Error>? = state.withLock { s in
            switch s {
            case .idle: s = .finished(r); return nil
            case .waiting(let c): s = .consumed; return c
            case .finished, .consumed: return nil
            }
        }
        c?.resume(with: r)
    }
    func cancel() { finish(.failure(CancellationError())) }
}

actor ImageStore {
    private struct Download {
        let gen: Int
        let task: Task<Void, Never>
        var waiters: [ObjectIdentifier: Waiter]
    }
    private let downloader: any ImageDownloading
    private let images = NSCache<NSURL, UIImage>()
    private var downloads: [Int: Download] = [:]
    private var latest: [URL: Int] = [:]
    private var gen = 0

    init(downloader: any ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        self.images.totalCostLimit = costLimit
    }

    func cachedImage(for url: URL) -> UIImage? { images.object(forKey: url as NSURL) }

    func image(for url: URL) async throws -> UIImage {
        if let img = images.object(forKey: url as NSURL) { return img }
        guard !Task.isCancelled else { throw CancellationError() }
        let g: Int
        if let existing = latest[url] {
            g = existing
        } else {
            gen += 1
            g = gen
            let task = Task { [downloader] in
                let r: Result<UIImage, any Error>
                do { r = .success(try await downloader.download(url)) } catch { r = .failure(error) }
                await self.done(g, url, r)
            }
            downloads[g] = Download(gen: g, task: task, waiters: [:])
            latest[url] = g
        }
        let w = Waiter()
        downloads[g]!.waiters[ObjectIdentifier(w)] = w
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { c in w.install(c) }
        } onCancel: {
            w.cancel()
            Task { await self.gone(w, g, url) }
        }
    }

    private func done(_ g: Int, _ url: URL, _ r: Result<UIImage, any Error>) {
        guard let d = downloads.removeValue(forKey: g) else { return }
        if latest[url] == g {
            latest[url] = nil
            if case .success(let img) = r {
                images.setObject(img, forKey: url as NSURL, cost: Int(img.size.width * img.size.height * 4))
            }
        }
        for w in d.waiters.values { w.finish(r) }
    }

    private func gone(_ w: Waiter, _ g: Int, _ url: URL) {
        guard var d = downloads[g], d.waiters.removeValue(forKey: ObjectIdentifier(w)) != nil else { return }
        if d.waiters.isEmpty {
            d.task.cancel()
            downloads[g] = nil
            if latest[url] == g { latest[url] = nil }
        } else {
            downloads[g] = d
        }
    }

    func invalidate(_ url: URL) {
        images.removeObject(forKey: url as NSURL)
        latest[url] = nil
    }
}
