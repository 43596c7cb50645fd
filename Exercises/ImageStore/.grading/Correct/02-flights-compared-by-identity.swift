// why: a flight class compared with ===, each waiter registered before the first await (blind round 4)
import Foundation

protocol ImageDownloading: Sendable {
    func download(_ url: URL) async throws -> UIImage
}

actor ImageStore {
    private enum Slot {
        case pending
        case waiting(CheckedContinuation<UIImage, any Error>)
    }
    private final class Flight {
        var task: Task<Void, Never>?
        var waiters: [UInt64: Slot] = [:]
        var over = false
    }

    private let downloader: any ImageDownloading
    private let cache = NSCache<NSURL, UIImage>()
    private var inFlight: [URL: Flight] = [:]
    private var owner: [UInt64: Flight] = [:]          // waiter -> its flight, while it waits
    private var early: [UInt64: Result<UIImage, any Error>] = [:]   // outcomes that beat the continuation
    private var counter: UInt64 = 0

    init(downloader: any ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        cache.totalCostLimit = costLimit
    }

    func cachedImage(for url: URL) -> UIImage? {
        cache.object(forKey: url as NSURL)
    }

    func image(for url: URL) async throws -> UIImage {
        if let hit = cache.object(forKey: url as NSURL) { return hit }
        if Task.isCancelled { throw CancellationError() }
        let flight: Flight
        if let f = inFlight[url] {
            flight = f
        } else {
            let f = Flight()
            inFlight[url] = f
            let downloader = self.downloader
            f.task = Task {
                let outcome: Result<UIImage, any Error>
                do { outcome = .success(try await downloader.download(url)) }
                catch { outcome = .failure(error) }
                self.deliver(outcome, for: url, from: f)
            }
            flight = f
        }
        counter &+= 1
        let me = counter
        flight.waiters[me] = .pending
        owner[me] = flight
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { cont in
                if let r = early.removeValue(forKey: me) {
                    cont.resume(with: r)
                } else {
                    flight.waiters[me] = .waiting(cont)
                }
            }
        } onCancel: {
            Task { await self.leave(me, url: url) }
        }
    }

    private func settle(_ me: UInt64, _ slot: Slot, _ r: Result<UIImage, any Error>) {
        switch slot {
        case .waiting(let c): c.resume(with: r)
        case .pending: early[me] = r
        }
    }

    private func deliver(_ outcome: Result<UIImage, any Error>, for url: URL, from flight: Flight) {
        guard !flight.over else { return }
        flight.over = true
        if inFlight[url] === flight {
            inFlight[url] = nil
            if case .success(let image) = outcome {
                cache.setObject(image, forKey: url as NSURL,
                                cost: Int(image.size.width) * Int(image.size.height) * 4)
            }
        }
        let waiters = flight.waiters
        flight.waiters = [:]
        for (me, slot) in waiters { owner[me] = nil; settle(me, slot, outcome) }
    }

    private func leave(_ me: UInt64, url: URL) {
        guard let flight = owner.removeValue(forKey: me),
              let slot = flight.waiters.removeValue(forKey: me) else { return }
        settle(me, slot, .failure(CancellationError()))
        if flight.waiters.isEmpty && !flight.over {
            flight.over = true
            flight.task?.cancel()
            if inFlight[url] === flight { inFlight[url] = nil }
        }
    }

    func invalidate(_ url: URL) {
        cache.removeObject(forKey: url as NSURL)
        inFlight[url] = nil
    }
}
