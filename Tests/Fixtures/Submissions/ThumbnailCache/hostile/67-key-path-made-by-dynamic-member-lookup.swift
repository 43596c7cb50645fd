// expect: error
// why: a key path with no key-path literal: a @dynamicMemberLookup view turns `view.images` into a KeyPath the compiler makes, which the view then projects; the audit refuses the key-path types, so such a subscript cannot be declared (it would tear as fixtures 63 and 66 do)
import Foundation

/// Reads any property of the object it wraps through a key path the compiler builds.
@dynamicMemberLookup
private struct View<Root: AnyObject> {
    let root: Root
    subscript<Value>(dynamicMember path: KeyPath<Root, Value>) -> Value {
        [root].map { $0 }.first.map { _ in root[keyPath: path] }!
    }
}

final class ThumbnailCache {
    private var images: [String: UIImage] = [:]

    init(generator: @escaping (String) -> UIImage?) {}

    func thumbnail(forKey key: String) -> UIImage? {
        View(root: self).images[key]
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        images[key] = image
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        completion(thumbnail(forKey: key))
    }
}
