import UIKit

/// The exercise's API as the hidden tests see it: the prelude compiled with the learner's
/// file adapts `ThumbnailCache` to it, so the tests (a separate, precompiled module) never
/// see a declaration of the submission and the submission cannot shadow theirs.
public protocol ThumbnailCacheSubject: AnyObject {
    /// A fresh `ThumbnailCache(generator:)`.
    init(generator: @escaping (String) -> UIImage?)
    /// The learner's `ThumbnailCache` instance itself, for reflection.
    var instance: AnyObject { get }
    /// `thumbnail(forKey:)`.
    func thumbnail(forKey key: String) -> UIImage?
    /// `storeThumbnail(_:forKey:)`.
    func storeThumbnail(_ image: UIImage, forKey key: String)
    /// `loadThumbnail(forKey:completion:)`.
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void)
}
