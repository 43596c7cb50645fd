// The reference solution of the ImageStore exercise. It lives with the hidden tests,
// never in Exercises/, and must pass every one of them.
import Foundation

/// Where images come from: the network in an app, a fake in the tests.
protocol ImageDownloading: Sendable {
    /// The decoded image at `url`. Throws when the download fails; after its task is
    /// cancelled it may still return an image, or throw.
    func download(_ url: URL) async throws -> UIImage
}

/// Images by URL, each downloaded once however many callers ask for it at a time.
actor ImageStore {
    /// A download that callers still wait for, and those callers by number.
    private struct Download {
        let url: URL
        let task: Task<Void, Never>
        var callers: [Int: CheckedContinuation<UIImage, any Error>] = [:]
    }

    /// Not Sendable, so it never leaves the actor: only the actor's own code touches it.
    private let images = NSCache<NSURL, UIImage>()
    private let downloader: any ImageDownloading
    /// Every download that still has callers, by its number.
    private var downloads: [Int: Download] = [:]
    /// The download a new caller of each URL joins. One that was invalidated is no longer
    /// here, though its callers still wait in `downloads`.
    private var current: [URL: Int] = [:]
    /// Numbers both downloads and callers: each is used once.
    private var lastNumber = 0

    init(downloader: any ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        images.totalCostLimit = costLimit
    }

    /// The image cached for `url`, or nil. Never downloads.
    func cachedImage(for url: URL) -> UIImage? {
        images.object(forKey: url as NSURL)
    }

    /// The image at `url`: from the cache, else from the one download of it in flight,
    /// started when there is none. A cancelled caller throws `CancellationError` at once.
    func image(for url: URL) async throws -> UIImage {
        if let cached = images.object(forKey: url as NSURL) { return cached }
        let caller = nextNumber()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                wait(caller, for: url, continuation)
            }
        } onCancel: {
            // Runs on the thread that cancelled, possibly before `wait`: the actor sees
            // the two in the order they reach it, and `withdraw` comes second.
            Task { await self.withdraw(caller) }
        }
    }

    /// Forgets the cached image for `url` and the download of it in flight, whose callers
    /// still get what it brings.
    func invalidate(_ url: URL) {
        images.removeObject(forKey: url as NSURL)
        current[url] = nil
    }

    /// Between the cache lookup in `image(for:)` and the end of this there is no `await`,
    /// so no other call can find the URL missing and start a second download meanwhile.
    private func wait(_ caller: Int, for url: URL, _ continuation: CheckedContinuation<UIImage, any Error>) {
        let number = current[url] ?? start(url)
        downloads[number]?.callers[caller] = continuation
    }

    private func start(_ url: URL) -> Int {
        let number = nextNumber()
        let downloader = downloader
        // Not a child of the first caller, so that caller's cancellation does not reach it.
        let task = Task {
            let result: Result<UIImage, any Error>
            do {
                result = .success(try await downloader.download(url))
            } catch {
                result = .failure(error)
            }
            finish(number, with: result)
        }
        downloads[number] = Download(url: url, task: task)
        current[url] = number
        return number
    }

    private func finish(_ number: Int, with result: Result<UIImage, any Error>) {
        // Gone when its last caller was cancelled: then nobody wants the result.
        guard let download = downloads.removeValue(forKey: number) else { return }
        // Invalidated while it ran: its callers get what it brought, but the cache and the
        // URL's newer download are not its to touch.
        if current[download.url] == number {
            current[download.url] = nil
            if case let .success(image) = result {
                images.setObject(image, forKey: download.url as NSURL, cost: Self.cost(of: image))
            }
        }
        for caller in download.callers.values {
            caller.resume(with: result)
        }
    }

    /// A cancelled caller leaves at once; the last to leave a download cancels it.
    private func withdraw(_ caller: Int) {
        guard let number = downloads.first(where: { $0.value.callers[caller] != nil })?.key,
              let continuation = downloads[number]?.callers.removeValue(forKey: caller),
              let download = downloads[number]
        else { return }
        continuation.resume(throwing: CancellationError())
        if download.callers.isEmpty {
            download.task.cancel()
            downloads[number] = nil
            if current[download.url] == number { current[download.url] = nil }
        }
    }

    private func nextNumber() -> Int {
        lastNumber += 1
        return lastNumber
    }

    /// The bytes an image takes decoded: four a pixel.
    private static func cost(of image: UIImage) -> Int {
        Int(image.size.width * image.size.height) * 4
    }
}
