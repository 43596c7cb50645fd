// expect: error
// why: fixture 59 without the standard library's name: the file declares a macro of its own, bound with #externalMacro to the toolchain's SwiftMacros plugin, and attaches it by an upper-case name that reads like a type; the expansion would carry an 'unsafe' read of the runner's memory; the audit refuses the declaration, and the compiler, with no macro plugin, could not expand it anyway
import Foundation

@attached(peer, names: overloaded)
@attached(extension, names: arbitrary)
macro Interop(_ methods: Any..., spanAvailability: String? = nil, typeMappings: [String: String] = [:]) =
    #externalMacro(module: "SwiftMacros", type: "SwiftifyImportProtocolMacro")

var peeked: [UInt8] = []

@Interop(.method(signature: "func g(_ p: UnsafePointer<UInt8>, _ n: Int, _ m: Int)", paramInfo: [.countedBy(pointer: .param(1), count: "{ () -> Int in peeked = unsafe Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: n), count: m)); return 1 }()"), .nonescaping(pointer: .param(1))]))
protocol Peeker { func g(_ p: UnsafePointer<UInt8>, _ n: Int, _ m: Int) }

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {}
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
