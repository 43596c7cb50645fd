// ImageLoader: the contract is in Exercises/ImageLoader/README.md.
// Check your work with:  cachetutor check exercises/ImageLoader.swift
import Foundation

/// Something a caller can call off: a running download, or one caller's wait for an image.
/// Keep this protocol as it is; the tests use it.
protocol Cancellable: AnyObject {
    func cancel()
}

/// Where images come from: the network in an app, a fake in the tests. Keep it as it is.
protocol ImageDownloading: AnyObject {
    /// Starts downloading `url` and calls `completion` at most once, on any queue, with the
    /// decoded image or nil. After `cancel()` it may still call `completion` (usually with
    /// nil), or never.
    func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable
}

final class ImageLoader {
    private let downloader: ImageDownloading

    // TODO (1): keep the images in an NSCache<NSURL, UIImage>, and nowhere else.
    // TODO (7): an NSObject subclass adopting NSCacheDelegate counts what the cache evicts;
    //           keep it in a property here (the cache does not keep it alive).
    // TODO (4, 9): a table of downloads in flight, by URL, guarded by its own lock.

    init(downloader: ImageDownloading, costLimit: Int) {
        self.downloader = downloader
        // TODO (1): totalCostLimit = costLimit; TODO (7): set the cache's delegate.
    }

    /// How many times the cache has told its delegate that it is letting an image go.
    var evictionCount: Int {
        // TODO (7): read the delegate's count (under its lock).
        return 0
    }

    /// The image cached for `url`, or nil. Never downloads.
    func cachedImage(for url: URL) -> UIImage? {
        // TODO (1): look `url as NSURL` up in the cache.
        return nil
    }

    /// Hands `completion` the image for `url`, downloading it only when nobody has it yet.
    /// The returned token's `cancel()` withdraws this one caller.
    @discardableResult
    func load(_ url: URL, completion: @escaping (UIImage?) -> Void) -> Cancellable {
        // TODO (2): on a hit, complete with the cached image and return at once.
        // TODO (4): if a download of `url` is in flight, join it instead of starting one.
        // TODO (3): otherwise start one download; when it ends, store the image with cost
        //           width * height * 4, forget the download (5), and only then complete
        //           every waiter, outside your lock.
        // TODO (8): return a token whose cancel() removes this waiter, and cancels the
        //           download only when no waiter is left.
        let task = downloader.download(url, completion: completion)
        return task
    }

    /// Forgets the cached image for `url`, so the next load downloads it again.
    func invalidate(_ url: URL) {
        // TODO (6): remove the image from the cache.
    }
}
