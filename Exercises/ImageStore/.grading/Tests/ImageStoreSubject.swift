import Foundation
import UIKit

/// The exercise's API as the hidden tests see it. The adapter compiled with the learner's
/// file maps the `ImageStore` actor onto it, and maps the tests' fake downloader onto the
/// learner's `ImageDownloading` protocol, so neither module sees the other's declarations.
public protocol ImageStoreSubject: AnyObject, Sendable {
    /// A fresh `ImageStore(downloader:costLimit:)` whose downloader is `source`.
    init(source: any ImageStoreTestSource, costLimit: Int)
    /// The learner's actor itself, for reflection.
    var instance: AnyObject { get }
    /// `image(for:)`, with `arrived` called on the store's actor just before it, so the
    /// call runs up to its first suspension before any job the actor queues after `arrived`.
    func image(for url: URL, arrived: @escaping @Sendable () -> Void) async throws -> UIImage
    /// `cachedImage(for:)`.
    func cachedImage(for url: URL) async -> UIImage?
    /// `invalidate(_:)`.
    func invalidate(_ url: URL) async
    /// Returns once the store's actor has run a job of its own, queued now: everything that
    /// held the actor before has reached a suspension.
    func barrier() async
}

/// The downloader the tests control, as the adapter sees it.
public protocol ImageStoreTestSource: Sendable {
    func download(_ url: URL) async throws -> UIImage
}
