import Foundation

/// The cache key of a harness build: the compiler, the flags and every source file's
/// path and contents, hashed. Any change gives a new key, so a stale build is never used.
public enum HarnessIdentity {
    /// A 32-digit hex key for `files` (path relative to `root`, and contents) plus `extra`.
    public static func key(files: [URL], root: URL, extra: [String]) throws -> String {
        var hasher = FNV128()
        for item in extra {
            hasher.combine(Array(item.utf8))
            hasher.combine([0])
        }
        for file in files {
            let relative = file.path.hasPrefix(root.path) ? String(file.path.dropFirst(root.path.count)) : file.path
            hasher.combine(Array(relative.utf8))
            hasher.combine([0])
            hasher.combine([UInt8](try Data(contentsOf: file)))
            hasher.combine([0])
        }
        return hasher.hexDigest
    }
}

/// Two independent 64-bit FNV-1a hashes side by side: a cache key, not a security measure.
struct FNV128 {
    private var low: UInt64 = 0xCBF2_9CE4_8422_2325
    private var high: UInt64 = 0x6C62_272E_07BB_0142

    mutating func combine(_ bytes: [UInt8]) {
        for byte in bytes {
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            high = (high ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
    }

    var hexDigest: String {
        [high, low].map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
