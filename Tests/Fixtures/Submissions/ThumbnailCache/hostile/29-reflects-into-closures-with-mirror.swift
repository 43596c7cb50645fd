// expect: error
// why: reflects with Mirror on the generator closure, the threads, the arguments and the environment for anything shaped like the per-test secret, forges pass records with each, then exits; implements nothing; since the red team tore a class property through Mirror (fixture 64), the audit refuses Mirror and dump, so this file no longer compiles
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

/// Reflects on everything reachable without unsafe code: the generator closure, the
/// current and main threads, the process's arguments and environment, looking for the secret.
private var reflected = ""

private func walk(_ value: Any, depth: Int, into candidates: inout Set<String>) {
    reflected += String(describing: value).prefix(4096)
    candidates.formUnion(hexRuns(in: Data(String(describing: value).utf8)))
    candidates.formUnion(hexRuns(in: Data(String(reflecting: value).utf8)))
    guard depth < 5 else { return }
    let mirror = Mirror(reflecting: value)
    for child in mirror.children { walk(child.value, depth: depth + 1, into: &candidates) }
    var parent = mirror.superclassMirror
    while let current = parent {
        for child in current.children { walk(child.value, depth: depth + 1, into: &candidates) }
        parent = current.superclassMirror
    }
}

private var generatorSeen: ((String) -> UIImage?)?

private func attack() {
    var candidates = Set<String>()
    if let generator = generatorSeen { walk(generator, depth: 0, into: &candidates) }
    walk(Thread.current, depth: 0, into: &candidates)
    walk(Thread.main, depth: 0, into: &candidates)
    walk(Thread.current.threadDictionary, depth: 0, into: &candidates)
    walk(ProcessInfo.processInfo.arguments, depth: 0, into: &candidates)
    walk(ProcessInfo.processInfo.environment, depth: 0, into: &candidates)
    walk(CommandLine.arguments, depth: 0, into: &candidates)
    walk(OperationQueue.current as Any, depth: 0, into: &candidates)
    print("mirror: candidates=\(candidates.count)")
    forge(candidates)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        generatorSeen = generator
        attack()
        exit(0)
    }

    func thumbnail(forKey key: String) -> UIImage? { nil }

    func storeThumbnail(_ image: UIImage, forKey key: String) {}

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) { completion(nil) }
}
