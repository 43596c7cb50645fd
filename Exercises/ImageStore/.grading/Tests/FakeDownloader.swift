import Dispatch
import Foundation
import UIKit

/// The failure a test download ends with when the test makes it fail.
struct DownloadFailed: Error, Equatable {
    let code: Int
}

/// One call the store made to the fake downloader. Guarded by the downloader's lock.
final class FakeDownload: @unchecked Sendable {
    let url: URL
    /// 1 for the first download the store started, 2 for the second, and so on.
    let number: Int
    var continuation: CheckedContinuation<UIImage, any Error>?
    /// What the test delivered before the download got as far as waiting for it.
    var early: Result<UIImage, any Error>?
    var delivered = false
    var cancelled = false

    init(url: URL, number: Int) {
        self.url = url
        self.number = number
    }
}

/// The downloader the tests give the store. It records every download, notes when a
/// download's task is cancelled, and returns only when the test delivers, cancelled or not:
/// a real download may still return an image after a cancel, or throw.
final class FakeDownloader: ImageStoreTestSource, @unchecked Sendable {
    private let lock = NSLock()
    private var downloads: [FakeDownload] = []
    /// Signalled at every new download and every cancel.
    private let changed = DispatchSemaphore(value: 0)

    func download(_ url: URL) async throws -> UIImage {
        let download = lock.withLock {
            let download = FakeDownload(url: url, number: downloads.count + 1)
            downloads.append(download)
            return download
        }
        changed.signal()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let early = lock.withLock {
                    if download.early == nil { download.continuation = continuation }
                    return download.early
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: { [self] in
            lock.withLock { download.cancelled = true }
            changed.signal()
        }
    }

    /// How many downloads the store started.
    var count: Int { lock.withLock { downloads.count } }

    /// Every URL asked for, in order.
    var urls: [URL] { lock.withLock { downloads.map(\.url) } }

    /// Whether the task of download `number` has been cancelled.
    func isCancelled(_ number: Int) -> Bool {
        lock.withLock { downloads.indices.contains(number - 1) && downloads[number - 1].cancelled }
    }

    /// Waits up to two seconds until the store has started `count` downloads.
    func waitForDownloads(_ count: Int, _ context: String, _ why: String) throws {
        let deadline = DispatchTime.now() + patience
        while self.count < count {
            let outcome = BoundedWait.wait(until: deadline) { changed.wait(timeout: $0) }
            if outcome != .done, self.count < count {
                throw TestFailure("\(context), the store started \(self.count) downloads within 2 s; \(why)")
            }
        }
    }

    /// Waits up to two seconds for a download of `url`; its number.
    func waitForDownload(of url: URL, _ context: String, _ why: String) throws -> Int {
        let deadline = DispatchTime.now() + patience
        while true {
            if let index = urls.firstIndex(of: url) { return index + 1 }
            let outcome = BoundedWait.wait(until: deadline) { changed.wait(timeout: $0) }
            if outcome != .done, !urls.contains(url) {
                throw TestFailure("\(context), the store did not download \(show(url)) within 2 s; \(why)")
            }
        }
    }

    /// Makes download `number` return `result`, now or as soon as it waits for it; once.
    func deliver(_ number: Int, _ result: Result<UIImage, any Error>) throws {
        let continuation: CheckedContinuation<UIImage, any Error>? = try lock.withLock {
            guard downloads.indices.contains(number - 1) else {
                throw TestFailure("the test expected download number \(number) to have started, but the store started only \(downloads.count)")
            }
            let download = downloads[number - 1]
            guard !download.delivered else { return nil }
            download.delivered = true
            defer { download.continuation = nil }
            if download.continuation == nil { download.early = result }
            return download.continuation
        }
        continuation?.resume(with: result)
    }
}
