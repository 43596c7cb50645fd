// ImageStore: the contract is in Exercises/ImageStore/README.md.
// Check your work with:  cachetutor check exercises/ImageStore.swift
import Foundation

/// Where images come from: the network in an app, a fake in the tests. Keep it as it is.
protocol ImageDownloading: Sendable {
    /// The decoded image at `url`. Throws when the download fails. After the calling task
    /// is cancelled it may still return an image later, or throw.
    func download(_ url: URL) async throws -> UIImage
}

actor ImageStore {
    private let downloader: any ImageDownloading

    // TODO (1): keep the images in a private NSCache<NSURL, UIImage>, and nowhere else.
    // TODO (4): a table of downloads in flight, by URL: each download's Task, and the
    //           callers waiting for it.

    init(downloader: any ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        // TODO (1): totalCostLimit = costLimit.
    }

    /// The image cached for `url`, or nil. Never downloads.
    func cachedImage(for url: URL) -> UIImage? {
        // TODO (2): look `url as NSURL` up in the cache.
        return nil
    }

    /// The image at `url`, downloaded only when nobody has it or is downloading it yet.
    func image(for url: URL) async throws -> UIImage {
        // TODO (2): on a hit, return the cached image.
        // TODO (4): if a download of `url` is in flight, wait for it instead of starting one;
        //           otherwise record the new download before the first `await`.
        // TODO (3): store the image with cost width * height * 4 before returning it.
        // TODO (5): after each `await`, check that the download is still the URL's current one.
        // TODO (6): a cancelled caller throws CancellationError at once; the last one to
        //           leave cancels the download's task.
        return try await downloader.download(url)
    }

    /// Forgets the cached image for `url` and its download in flight.
    func invalidate(_ url: URL) {
        // TODO (5): remove the image from the cache, and forget the download in flight.
    }
}
