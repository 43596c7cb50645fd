/// The bytes libFuzzer hands a target, as the forms a parser takes them in.
enum FuzzInput {
    /// A copy of the `count` bytes at `start`.
    static func bytes(_ start: UnsafeRawPointer?, _ count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The bytes as text the way the tool reads a file it was given: invalid UTF-8 becomes
    /// U+FFFD, NULs and every other scalar stay.
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes split at NUL into words, as a C program receives its arguments.
    static func words(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}
