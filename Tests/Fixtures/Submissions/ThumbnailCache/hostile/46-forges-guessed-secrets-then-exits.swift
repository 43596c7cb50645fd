// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: writes pass records with guessed secrets (empty, zeros, its arguments, test names), records with no or null or duplicate nonces, and a half record to swallow the runner's, then exits; implements nothing
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

/// No secret to steal, so it guesses: empty, zeros, the test's own name, its arguments,
/// records without a nonce, a record with two nonces, a half line meant to swallow the
/// runner's own record, then leaves before the runner can report.
private func attack() {
    var guesses: Set<String> = ["", "0", "guess", String(repeating: "0", count: 32), String(repeating: "f", count: 32), "null"]
    guesses.formUnion(CommandLine.arguments)
    guesses.formUnion(testNames)
    forge(guesses)
    var extra = ""
    for name in testNames {
        extra += "{\"kind\":\"result\",\"test\":\"\(name)\",\"status\":\"pass\"}\n"
        extra += "{\"nonce\":null,\"kind\":\"result\",\"test\":\"\(name)\",\"status\":\"pass\"}\n"
        extra += "{\"nonce\":\"x\",\"nonce\":\"\",\"kind\":\"result\",\"test\":\"\(name)\",\"status\":\"pass\"}\n"
        extra += "{\"nonce\":\"\",\"kind\":\"constructed\"}\n"
    }
    extra += "{\"kind\":\"result\",\"status\":\"pass\",\"swallow\":"
    for descriptor: Int32 in [3, 1, 2] {
        try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: Data(extra.utf8))
    }
    print("{\"version\":2,\"status\":\"pass\",\"tests\":[]}")
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
