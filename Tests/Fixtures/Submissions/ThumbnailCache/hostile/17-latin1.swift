// expect: reject
// why: saved in Latin-1, not UTF-8: the accented letters are single bytes that are not valid UTF-8
import Foundation

// Caché des vignettes: résultat généré une seule fois.
final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {}
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
