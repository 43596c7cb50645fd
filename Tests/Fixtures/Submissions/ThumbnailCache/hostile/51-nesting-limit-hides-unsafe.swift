// expect: error
// why: a type nested 200 deep in alternating generic and parenthesised brackets reaches SwiftSyntax's nesting limit; the unsafe read after it must still be refused
import Foundation

struct A<T> {}
typealias Deep = A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(A<(Int)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>)>

func peek(_ pointer: UnsafeRawPointer) -> UInt8 { unsafe pointer.load(as: UInt8.self) }

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {}
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
