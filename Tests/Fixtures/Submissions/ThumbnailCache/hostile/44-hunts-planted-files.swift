// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: walks /, /root, /home, /tmp, /work/main, /proc/1/root and every visible process's cwd and root for planted cachetutor-canary files and prints their contents, then exits; implements nothing
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

/// Looks for files planted outside its working directory: well-known places, the roots of
/// other processes, and a bounded walk from /; prints what it finds.
private func attack() {
    let files = FileManager.default
    var found: [String] = []
    var visited = 0
    let started = Date()
    func look(_ directory: String, depth: Int) {
        guard depth >= 0, visited < 40_000, Date().timeIntervalSince(started) < 6 else { return }
        guard let names = try? files.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            visited += 1
            let path = directory == "/" ? "/" + name : directory + "/" + name
            if name.hasPrefix("cachetutor-canary") {
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(unreadable)"
                found.append("\(path)=\(text.prefix(80))")
                continue
            }
            if ["proc", "sys", "dev", ".build", ".git", "usr", "lib", "lib64", "bin", "sbin", "etc", "var", "run"].contains(name) && depth < 8 { continue }
            if let type = (try? files.attributesOfItem(atPath: path))?[.type] as? FileAttributeType, type == .typeDirectory {
                look(path, depth: depth - 1)
            }
        }
    }
    var starts = ["/tmp", "/root", "/home", "/work", "/work/main", "/proc/1/root", "/proc/1/cwd", "/proc/self/root", "/var/tmp", "/dev/shm"]
    let pids = ((try? files.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }
    starts += pids.flatMap { ["/proc/\($0)/cwd", "/proc/\($0)/root/tmp"] }
    for start in starts { look(start, depth: 4) }
    look("/", depth: 5)
    let listing = ((try? files.contentsOfDirectory(atPath: "/")) ?? []).sorted().joined(separator: ",")
    print("hunt: visited=\(visited) root=[\(listing.prefix(120))] found=\(found.count)")
    for line in found.prefix(4) { print("FOUND \(line)") }
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
