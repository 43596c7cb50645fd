// Compiled together with the learner's ImageStore.swift, in module Submission, in Swift 6
// language mode (exercise.toml), so the compiler checks every value that crosses the
// store's isolation.
//
// `NSCache` is the course's engine behind the declaration Apple and Foundation on Linux
// give NSCache: not Sendable (see UnsendableCache). Every line that touches the exercise's
// API ends with `// expects:` and the declaration it needs, so a compiler error there
// tells the learner exactly which member is missing or has the wrong shape.
//
// The extension runs on the learner's actor: it tells the tests that a call has reached
// the store (the rest of `image(for:)` up to its first suspension runs before anything
// else the actor has queued), and gives them a job that runs only once the actor is free.
import CacheEngine
import CachetutorHarness
import Foundation
import UIKit

typealias NSCache = CachetutorHarness.UnsendableCache
typealias UIImage = UIKit.UIImage

final class _CachetutorSubjectAdapter: CachetutorHarness.ImageStoreSubject {
    let subject: ImageStore // expects: actor ImageStore
    var instance: AnyObject { subject } // expects: actor ImageStore
    init(source: any CachetutorHarness.ImageStoreTestSource, costLimit: Int) {
        subject = ImageStore(downloader: _CachetutorDownloader(source: source), costLimit: costLimit) // expects: init(downloader: any ImageDownloading, costLimit: Int)
        _cachetutorRequireActor(subject) // expects: actor ImageStore
    }
    func image(for url: URL, arrived: @escaping @Sendable () -> Void) async throws -> UIKit.UIImage {
        try await subject._cachetutorImage(for: url, arrived: arrived)
    }
    func cachedImage(for url: URL) async -> UIKit.UIImage? {
        await subject.cachedImage(for: url) // expects: func cachedImage(for url: URL) -> UIImage?
    }
    func invalidate(_ url: URL) async {
        await subject.invalidate(url) // expects: func invalidate(_ url: URL)
    }
    func barrier() async {
        await subject._cachetutorBarrier()
    }
}

/// The store must be an actor: a class of the same shape would compile but isolate nothing.
private func _cachetutorRequireActor(_ store: some Actor) {}

extension ImageStore { // expects: actor ImageStore
    fileprivate func _cachetutorImage(for url: URL, arrived: @Sendable () -> Void) async throws -> UIKit.UIImage {
        arrived()
        return try await image(for: url) // expects: func image(for url: URL) async throws -> UIImage
    }

    fileprivate func _cachetutorBarrier() {}
}

/// The tests' fake downloader, as the learner's `ImageDownloading`.
struct _CachetutorDownloader: ImageDownloading { // expects: protocol ImageDownloading: Sendable { func download(_ url: URL) async throws -> UIImage }
    let source: any CachetutorHarness.ImageStoreTestSource
    func download(_ url: URL) async throws -> UIKit.UIImage { // expects: protocol ImageDownloading: Sendable { func download(_ url: URL) async throws -> UIImage }
        try await source.download(url)
    }
}
