// Compiled together with the learner's ThumbnailCache.swift, in module Submission.
//
// The typealiases make `NSCache`, `NSCacheDelegate` and `UIImage` mean the course's
// engine and stand-in: a declaration in the current module wins over Foundation's, and a
// learner file that declares its own `NSCache` is a redeclaration error. The adapter calls
// each member of the exercise's API on a line of its own, so a compiler error on one of
// those lines names exactly the member that is missing or has the wrong shape.
import CacheEngine
import CachetutorHarness
import UIKit

typealias NSCache = CacheEngine.Cache
typealias NSCacheDelegate = CacheEngine.CacheDelegate
typealias UIImage = UIKit.UIImage

final class _CachetutorSubjectAdapter: CachetutorHarness.ThumbnailCacheSubject {
    let subject: ThumbnailCache
    var instance: AnyObject { subject }
    init(generator: @escaping (String) -> UIKit.UIImage?) {
        subject = ThumbnailCache(generator: generator)
    }
    func thumbnail(forKey key: String) -> UIKit.UIImage? {
        subject.thumbnail(forKey: key)
    }
    func storeThumbnail(_ image: UIKit.UIImage, forKey key: String) {
        subject.storeThumbnail(image, forKey: key)
    }
    func loadThumbnail(forKey key: String, completion: @escaping (UIKit.UIImage?) -> Void) {
        subject.loadThumbnail(forKey: key, completion: completion)
    }
}
