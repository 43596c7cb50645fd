import Dispatch
import Foundation
import UIKit

/// An image of `width` × `height` points; each call makes a new object.
func makeImage(_ width: Double, _ height: Double) -> UIImage {
    UIImage(size: CGSize(width: width, height: height))
}

/// A URL for the tests. The scheme has no host, so nothing could ever reach a network.
func imageURL(_ name: String) -> URL {
    URL(string: "image:\(name).png")!
}

/// How a URL reads in a message.
func show(_ url: URL) -> String {
    "\"\(url.absoluteString)\""
}

/// How long a test waits for a call to return, a download to start, or the actor to be free.
let patience: DispatchTimeInterval = .seconds(2)

/// A value set once by another thread.
final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    func set(_ value: T) { lock.withLock { stored = value } }
    var value: T? { lock.withLock { stored } }
}

/// Why a call that never returned did not, for a message.
func neverReturned(_ what: String) -> String {
    "\(what) never returns: nothing still running could ever let it go on (a continuation that is never resumed, a download it waits for that is over, or a thread blocked inside the actor)"
}

/// Runs `body` in a task of its own and waits up to two seconds for it to return, so a call
/// that never resumes fails the test with `what` in the message instead of holding the
/// process until the grader's limit; the runner ends the process, suspended tasks and all.
@discardableResult
func withinPatience<T>(_ what: String, _ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<Result<T, any Error>>()
    let returned = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            box.set(.success(try await body()))
        } catch {
            box.set(.failure(error))
        }
        returned.signal()
    }
    try BoundedWait.require(returned, within: patience,
                            timedOut: "\(what) did not return within 2 s: does it wait for something that never comes (a continuation that is never resumed, a download that is over)?",
                            stuck: neverReturned(what))
    guard let outcome = box.value else { throw TestFailure("\(what) did not return within 2 s") }
    return try outcome.get()
}

/// Waits until the store's actor has run a job queued now: whatever held the actor has
/// reached a suspension.
func settle(_ subject: any ImageStoreSubject) throws {
    try withinPatience("a job of the tests on the store's actor, queued behind your code,") { await subject.barrier() }
}

/// A store whose downloader the test controls.
func makeStore(_ subjectType: any ImageStoreSubject.Type, costLimit: Int = 0) -> (any ImageStoreSubject, FakeDownloader) {
    let downloader = FakeDownloader()
    return (subjectType.init(source: downloader, costLimit: costLimit), downloader)
}

/// Calls `image(for:)` once, delivers its download with `image`, and checks the caller gets
/// it; the first step of many tests. Returns the caller.
@discardableResult
func load(_ url: URL, with image: UIImage, on subject: any ImageStoreSubject, downloader: FakeDownloader, _ context: String) throws -> Caller {
    let before = downloader.count
    let caller = Caller("the first caller", url: url)
    try caller.start(on: subject)
    try downloader.waitForDownloads(before + 1, context, "a call for a URL that is not cached should start one download")
    try downloader.deliver(before + 1, .success(image))
    try caller.requireImage(image, context)
    return caller
}

/// `cachedImage(for:)`, with a deadline.
func cached(_ url: URL, in subject: any ImageStoreSubject) throws -> UIImage? {
    try withinPatience("cachedImage(for: \(show(url)))") { await subject.cachedImage(for: url) }
}

/// `invalidate(_:)`, with a deadline.
func invalidate(_ url: URL, in subject: any ImageStoreSubject) throws {
    try withinPatience("invalidate(\(show(url)))") { await subject.invalidate(url) }
}
