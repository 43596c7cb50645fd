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
    /// The name of the caller whose call started it, when the store started it from that
    /// call's task (a task the store creates inherits the caller's task-local values).
    let origin: String?
    var continuation: CheckedContinuation<UIImage, any Error>?
    /// What the test delivered before the download got as far as waiting for it.
    var early: Result<UIImage, any Error>?
    var delivered = false
    var cancelled = false

    init(url: URL, origin: String?) {
        self.url = url
        self.origin = origin
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
        let download = FakeDownload(url: url, origin: Caller.current)
        return try await withTaskCancellationHandler {
            // Counted only once the handler is in place, so that a test which sees the
            // download also sees its cancel: for a task cancelled already, onCancel has run.
            lock.withLock { downloads.append(download) }
            changed.signal()
            return try await withCheckedThrowingContinuation { continuation in
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

    /// Waits up to two seconds for a download that `caller`'s call started, or one whose
    /// caller cannot be told (a detached task); its number.
    func waitForDownload(startedBy caller: String, _ context: String, _ why: String) throws -> Int {
        let deadline = DispatchTime.now() + patience
        while true {
            let found = lock.withLock { downloads.firstIndex { $0.origin == nil || $0.origin == caller } }
            if let found { return found + 1 }
            if BoundedWait.wait(until: deadline, { changed.wait(timeout: $0) }) != .done {
                throw TestFailure("\(context), the store started no download for \(caller) within 2 s; \(why)")
            }
        }
    }

    /// The numbers of the downloads so far that `caller`'s call started.
    func downloads(startedBy caller: String) -> [Int] {
        lock.withLock { downloads.indices.filter { downloads[$0].origin == caller }.map { $0 + 1 } }
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
