// Compiled with a lesson's Swift example (or the learner's edited copy), in module
// Submission. The example's statements arrive as `func _cachetutorExample() throws`.
import CacheEngine
import CachetutorHarness
import UIKit

typealias NSCache = CacheEngine.Cache
typealias NSCacheDelegate = CacheEngine.CacheDelegate
typealias UIImage = UIKit.UIImage

final class _CachetutorSubjectAdapter: CachetutorHarness.LessonExampleSubject {
    static func run() throws {
        try _cachetutorExample() // expects: the example's statements
    }
}
