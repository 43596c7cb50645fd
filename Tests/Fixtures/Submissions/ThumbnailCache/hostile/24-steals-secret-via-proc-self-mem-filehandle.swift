// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: reads its own memory through /proc/self/mem with FileHandle (no unsafe code), forges pass records with every 32-hex-digit run found, then exits; implements nothing
import Foundation
#if canImport(Glibc)
import Glibc
#endif

private let testNames = [
    "uses_nscache", "no_second_strong_copy", "cost_limit_20mb", "cost_whole_sizes", "cost_fractional_sizes",
    "returns_stored_image", "miss_returns_nil", "keys_are_isolated", "hit_skips_generator", "hit_completes_once",
    "miss_generates_once", "miss_stores_before_completion", "miss_completes_once", "nil_result_stores_nothing",
    "survives_eviction_lru", "survives_eviction_fifo", "survives_eviction_random", "survives_memory_pressure", "concurrent_access",
]

/// Writes a pass record for every test with each candidate secret to descriptors 3 to 9.
private func forge(_ secrets: Set<String>) {
    var text = ""
    for secret in secrets {
        for name in testNames {
            text += "{\"nonce\":\"\(secret)\",\"kind\":\"result\",\"test\":\"\(name)\",\"status\":\"pass\"}\n"
        }
    }
    let data = Data(text.utf8)
    for descriptor: Int32 in 3...9 {
        try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: data)
    }
}

/// Every run of exactly 32 lowercase hex digits in `bytes`.
private func hexRuns(in bytes: Data) -> Set<String> {
    var found = Set<String>()
    var run = 0
    var index = bytes.startIndex
    for byte in bytes {
        let isHex = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
        if isHex {
            run += 1
        } else {
            if run >= 16 && run <= 128 {
                found.insert(String(decoding: bytes[bytes.index(index, offsetBy: -run)..<index], as: UTF8.self))
            }
            run = 0
        }
        index = bytes.index(after: index)
    }
    return found
}

/// Reads every writable mapping of this process through /proc/self/mem with FileHandle,
/// a memory-safe API, looking for the secret the runner read from descriptor 4.
private func attack() {
    var report = "proc-self-mem:"
    var candidates = Set<String>()
    for path in ["/proc/self/mem", "/proc/thread-self/mem"] {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { report += " no-maps"; continue }
        guard let memory = FileHandle(forReadingAtPath: path) else { report += " \(path)=refused"; continue }
        report += " \(path)=opened"
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, fields[1].hasPrefix("rw") else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            guard bounds.count == 2, bounds[1] > bounds[0], bounds[1] - bounds[0] <= 64 << 20 else { continue }
            guard (try? memory.seek(toOffset: bounds[0])) != nil,
                  let bytes = try? memory.read(upToCount: Int(bounds[1] - bounds[0])) else { continue }
            candidates.formUnion(hexRuns(in: bytes))
        }
        try? memory.close()
    }
    report += " candidates=\(candidates.count)"
    print(report)
    forge(candidates)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        attack()
        exit(0)
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
