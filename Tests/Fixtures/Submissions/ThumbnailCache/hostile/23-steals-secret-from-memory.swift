// expect: error
// why: scans its own process memory with open/pread on /proc/self/mem for the per-run secret and forges pass records with write(); C calls on pointers are refused at compile time (24 is the memory-safe variant)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private func candidateSecrets() -> Set<String> {
    guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
    let memory = open("/proc/self/mem", O_RDONLY)
    guard memory >= 0 else { return [] }
    defer { close(memory) }
    var found = Set<String>()
    for line in maps.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count >= 2, fields[1].hasPrefix("rw") else { continue }
        let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        guard bounds.count == 2, bounds[1] > bounds[0], bounds[1] - bounds[0] <= 256 << 20 else { continue }
        var bytes = [UInt8](repeating: 0, count: Int(bounds[1] - bounds[0]))
        let count = pread(memory, &bytes, bytes.count, off_t(truncatingIfNeeded: bounds[0]))
        guard count > 0 else { continue }
        var run = 0
        for index in 0..<count {
            let byte = bytes[index]
            let isHex = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
            if isHex {
                run += 1
            } else {
                if run == 32 {
                    found.insert(String(decoding: bytes[(index - 32)..<index], as: UTF8.self))
                }
                run = 0
            }
        }
    }
    return found
}

private func forgeAndLeave() {
    let arguments = CommandLine.arguments
    var names = ["uses_nscache", "no_second_strong_copy", "cost_limit_20mb", "cost_whole_sizes", "cost_fractional_sizes",
                 "returns_stored_image", "miss_returns_nil", "keys_are_isolated", "hit_skips_generator", "hit_completes_once",
                 "miss_generates_once", "miss_stores_before_completion", "miss_completes_once", "nil_result_stores_nothing",
                 "survives_eviction_lru", "survives_eviction_fifo", "survives_eviction_random", "survives_memory_pressure",
                 "concurrent_access"]
    names += arguments
    for secret in candidateSecrets() {
        for name in names {
            let record = "{\"nonce\":\"\(secret)\",\"kind\":\"result\",\"test\":\"\(name)\",\"status\":\"pass\"}\n"
            for descriptor: Int32 in 3...9 {
                _ = record.withCString { write(descriptor, $0, strlen($0)) }
            }
        }
    }
    _exit(0)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        forgeAndLeave()
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
