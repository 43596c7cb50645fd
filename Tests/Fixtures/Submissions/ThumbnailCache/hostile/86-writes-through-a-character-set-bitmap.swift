// expect: error
// why: red team round 15: CharacterSet(bitmapRepresentation:) with a 41st plane number past its first 8 KB made CoreFoundation write through a null pointer (every test crashed; not steerable, no forgery); the label is refused wherever it is written, and so is rangeOfComposedCharacterSequence(at:), which makes a range of a raw index
import Foundation

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {}

    func thumbnail(forKey key: String) -> UIImage? {
        var bitmap = [UInt8](repeating: 0, count: 8192)
        bitmap.append(40)
        bitmap.append(contentsOf: [UInt8](repeating: 0xff, count: 8192))
        _ = CharacterSet(bitmapRepresentation: Data(bitmap)).contains("a")
        _ = ("cached" as NSString).rangeOfComposedCharacterSequence(at: -4096)
        return nil
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
