import Foundation
import UIKit

/// The exercise's API as the hidden tests see it. The adapter compiled with the learner's
/// file maps `ImageLoader` onto it, and maps the tests' fake downloader onto the learner's
/// `ImageDownloading` protocol, so neither module sees the other's declarations.
public protocol ImageLoaderSubject: AnyObject {
    /// A fresh `ImageLoader(downloader:costLimit:)` whose downloader is `source`.
    init(source: any ImageLoaderTestSource, costLimit: Int)
    /// The learner's `ImageLoader` instance itself, for reflection.
    var instance: AnyObject { get }
    /// `evictionCount`.
    var evictionCount: Int { get }
    /// `cachedImage(for:)`.
    func cachedImage(for url: URL) -> UIImage?
    /// `load(_:completion:)`; the result calls `cancel()` on the token it returned.
    func load(_ url: URL, completion: @escaping (UIImage?) -> Void) -> () -> Void
    /// `invalidate(_:)`.
    func invalidate(_ url: URL)
}

/// The downloader the tests control, as the adapter sees it: it starts a download and
/// returns what cancels it.
public protocol ImageLoaderTestSource: AnyObject {
    func download(_ url: URL, completion: @escaping (UIImage?) -> Void) -> () -> Void
}
