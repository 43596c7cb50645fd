// Compiled together with the learner's ThumbnailCache.swift, in module Submission.
//
// The typealiases make `NSCache`, `NSCacheDelegate` and `UIImage` mean the course's
// engine and stand-in: a declaration in the current module wins over Foundation's, and a
// learner file that declares its own `NSCache` is a redeclaration error. The adapter calls
// each member of the exercise's API on a line of its own, and each such line ends with
// `// expects:` and the declaration it needs, so a compiler error on that line tells the
// learner exactly which member is missing or has the wrong shape.
import CacheEngine
import CachetutorHarness
import UIKit

typealias NSCache = CacheEngine.Cache
typealias NSCacheDelegate = CacheEngine.CacheDelegate
typealias UIImage = UIKit.UIImage

final class _CachetutorSubjectAdapter: CachetutorHarness.ThumbnailCacheSubject {
    let subject: ThumbnailCache // expects: final class ThumbnailCache
    var instance: AnyObject { subject } // expects: final class ThumbnailCache
    init(generator: @escaping (String) -> UIKit.UIImage?) {
        subject = ThumbnailCache(generator: generator) // expects: init(generator: @escaping (String) -> UIImage?)
    }
    func thumbnail(forKey key: String) -> UIKit.UIImage? {
        subject.thumbnail(forKey: key) // expects: func thumbnail(forKey key: String) -> UIImage?
    }
    func storeThumbnail(_ image: UIKit.UIImage, forKey key: String) {
        subject.storeThumbnail(image, forKey: key) // expects: func storeThumbnail(_ image: UIImage, forKey key: String)
    }
    func loadThumbnail(forKey key: String, completion: @escaping (UIKit.UIImage?) -> Void) {
        subject.loadThumbnail(forKey: key, completion: completion) // expects: func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void)
    }
}
