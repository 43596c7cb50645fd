// why: tickets for downloads and callers, the callers parked as continuations on their download, cancellation through an onCancel task that leaves; written from the README alone in a blind round of learners
import UIKit

protocol ImageDownloading: Sendable {
    func download(_ url: URL) async throws -> UIImage
}

actor ImageStore {
    private let downloader: any ImageDownloading
    private let images: NSCache<NSURL, UIImage>

    /// One download in flight and the callers parked on it, by ticket.
    private struct Flight {
        let url: URL
        var task: Task<Void, Never>?
        var parked: [Int: CheckedContinuation<UIImage, any Error>] = [:]
    }
    private var flights: [Int: Flight] = [:]   // every download that still has callers
    private var latest: [URL: Int] = [:]       // the URL's current download
    private var counter = 0

    init(downloader: any ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        let cache = NSCache<NSURL, UIImage>()
        cache.totalCostLimit = costLimit
        self.images = cache
    }

    func cachedImage(for url: URL) -> UIImage? {
        images.object(forKey: url as NSURL)
    }

    func image(for url: URL) async throws -> UIImage {
        if let hit = images.object(forKey: url as NSURL) { return hit }
        try Task.checkCancellation()
        let flightID = latest[url] ?? launch(url)
        let ticket = fresh()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (slot: CheckedContinuation<UIImage, any Error>) in
                flights[flightID]?.parked[ticket] = slot
            }
        } onCancel: {
            Task { await self.leave(ticket, from: flightID) }
        }
    }

    func invalidate(_ url: URL) {
        images.removeObject(forKey: url as NSURL)
        latest[url] = nil
    }

    private func fresh() -> Int {
        counter += 1
        return counter
    }

    private func launch(_ url: URL) -> Int {
        let id = fresh()
        latest[url] = id
        flights[id] = Flight(url: url)
        let downloader = self.downloader
        flights[id]?.task = Task {
            let outcome: Result<UIImage, any Error>
            do {
                outcome = .success(try await downloader.download(url))
            } catch {
                outcome = .failure(error)
            }
            await self.land(id, outcome)
        }
        return id
    }

    private func land(_ id: Int, _ outcome: Result<UIImage, any Error>) {
        guard let flight = flights.removeValue(forKey: id) else { return }  // abandoned
        if latest[flight.url] == id {
            latest[flight.url] = nil
            if case .success(let picture) = outcome {
                let bytes = Int(picture.size.width * picture.size.height * 4)
                images.setObject(picture, forKey: flight.url as NSURL, cost: bytes)
            }
        }
        for (_, slot) in flight.parked { slot.resume(with: outcome) }
    }

    private func leave(_ ticket: Int, from id: Int) {
        guard var flight = flights[id], let slot = flight.parked.removeValue(forKey: ticket) else { return }
        slot.resume(throwing: CancellationError())
        if flight.parked.isEmpty {
            flight.task?.cancel()
            flights[id] = nil
            if latest[flight.url] == id { latest[flight.url] = nil }
        } else {
            flights[id] = flight
        }
    }
}
