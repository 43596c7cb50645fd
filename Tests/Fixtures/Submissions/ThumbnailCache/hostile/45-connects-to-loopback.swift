// expect: fail uses_nscache no_second_strong_copy cost_limit_20mb cost_whole_sizes cost_fractional_sizes returns_stored_image miss_returns_nil keys_are_isolated hit_skips_generator hit_completes_once miss_generates_once miss_stores_before_completion miss_completes_once nil_result_stores_nothing survives_eviction_lru survives_eviction_fifo survives_eviction_random survives_eviction_foundation survives_memory_pressure concurrent_access
// why: tries to connect to a loopback listener through bash's /dev/tcp, curl, python3 and nc started with Process, then exits; implements nothing (URLSession needs FoundationNetworking, which 48 shows is refused)
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

/// Tries to reach a loopback listener (ports 47613 to 47615) without unsafe code, through
/// programs started with Process (bash's /dev/tcp, curl, python3, nc).
private func attack() {
    var report = "connect:"
    for port in 47613...47615 {
        let attempts: [(String, [String])] = [
            ("/bin/bash", ["-c", "echo cachetutor-fixture-connect > /dev/tcp/127.0.0.1/\(port)"]),
            ("/usr/bin/bash", ["-c", "echo cachetutor-fixture-connect > /dev/tcp/127.0.0.1/\(port)"]),
            ("/usr/bin/curl", ["-s", "-m", "2", "http://127.0.0.1:\(port)/cachetutor-fixture-connect"]),
            ("/usr/bin/python3", ["-c", "import socket; socket.create_connection(('127.0.0.1', \(port)), 2).sendall(b'cachetutor-fixture-connect')"]),
            ("/bin/nc", ["-w", "2", "127.0.0.1", "\(port)"]),
        ]
        for (program, arguments) in attempts {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            do {
                try process.run()
                process.waitUntilExit()
                report += " \(program)=\(process.terminationStatus)"
            } catch {
                report += " \(program)=unavailable"
            }
        }
    }
    print(report.prefix(480))
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
