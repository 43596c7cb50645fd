import Dispatch
import Foundation
import UIKit

/// One caller of `image(for:)`, in a task of its own that the test can cancel.
final class Caller: @unchecked Sendable {
    /// The name of the caller whose task this is, so that the fake downloader can tell
    /// which call started a download.
    @TaskLocal static var current: String?

    let name: String
    let url: URL
    private let lock = NSLock()
    private var outcome: Result<UIImage, any Error>?
    private var task: Task<Void, Never>?
    private let returned = DispatchSemaphore(value: 0)

    init(_ name: String, url: URL) {
        self.name = name
        self.url = url
    }

    /// Calls `image(for:)` and waits until the call has reached the store and gone as far
    /// as it can without a download ending. With `cancelledFirst`, the task is cancelled
    /// before it calls, as the task of a cell that scrolled away before it ran. The task
    /// runs at `priority`; `onReturn` runs in it the moment `image(for:)` returns an image.
    func start(on subject: any ImageStoreSubject, cancelledFirst: Bool = false, priority: TaskPriority? = nil,
               onReturn: (@Sendable (UIImage) -> Void)? = nil) throws {
        let arrived = DispatchSemaphore(value: 0)
        let url = url
        let name = name
        let task = Task.detached(priority: priority) { [self] in
            if cancelledFirst { withUnsafeCurrentTask { $0?.cancel() } }
            let result: Result<UIImage, any Error>
            do {
                let image = try await Caller.$current.withValue(name) {
                    try await subject.image(for: url, arrived: { arrived.signal() })
                }
                onReturn?(image)
                result = .success(image)
            } catch {
                result = .failure(error)
            }
            lock.withLock { outcome = result }
            returned.signal()
        }
        lock.withLock { self.task = task }
        let call = "image(for: \(show(url))) from \(name)"
        try BoundedWait.require(arrived, within: patience,
                                timedOut: "\(call) did not reach the store within 2 s: is the actor held by a call that blocks its thread (a lock or semaphore wait) instead of awaiting?",
                                stuck: neverReturned(call))
        try settle(subject)
    }

    /// Cancels the caller's task, as a view that goes off screen does.
    func cancel() throws {
        guard let task = lock.withLock({ task }) else { return }
        try withinPatience("cancelling the task of \(name) (which runs your cancellation handler)") { task.cancel() }
    }

    /// What `image(for:)` returned or threw, once it has.
    var result: Result<UIImage, any Error>? { lock.withLock { outcome } }

    /// Waits up to two seconds for `image(for:)` to return or throw.
    func waitForReturn(_ context: String, expecting: String) throws -> Result<UIImage, any Error> {
        let call = "image(for: \(show(url))) from \(name)"
        try BoundedWait.require(returned, within: patience,
                                timedOut: "\(context), \(call) did not return within 2 s; it should \(expecting)",
                                stuck: "\(context), " + neverReturned(call) + "; it should \(expecting)")
        returned.signal()
        guard let result else { throw TestFailure("\(context), \(call) did not return") }
        return result
    }

    /// Fails unless `image(for:)` returned `expected` itself.
    func requireImage(_ expected: UIImage, _ context: String) throws {
        switch try waitForReturn(context, expecting: "return the image the downloader delivered") {
        case let .success(image):
            try require(image === expected, "\(context), \(name) got a different UIImage object (\(describe(image))) than the one the downloader delivered (\(describe(expected))); return that very object")
        case let .failure(error):
            throw TestFailure("\(context), \(name) got an error (\(error)); it should get the image the downloader delivered")
        }
    }

    /// Fails unless `image(for:)` threw `CancellationError`.
    func requireCancelled(_ context: String) throws {
        switch try waitForReturn(context, expecting: "throw CancellationError at once, without waiting for the download") {
        case .success:
            throw TestFailure("\(context), \(name) got an image; a cancelled caller should throw CancellationError")
        case let .failure(error):
            try require(error is CancellationError, "\(context), \(name) threw \(error); a cancelled caller should throw CancellationError")
        }
    }

    /// Whether `image(for:)` has returned or thrown.
    var hasReturned: Bool { result != nil }
}

/// `"10×20"` for an image's size.
func describe(_ image: UIImage) -> String {
    "\(Int(image.size.width))×\(Int(image.size.height))"
}
