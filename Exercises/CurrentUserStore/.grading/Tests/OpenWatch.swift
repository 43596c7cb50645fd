import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Counts how often files in one folder are opened, with Linux's inotify: the kernel
/// reports every `open` of a file in a watched folder, whoever makes it and however
/// (Data(contentsOf:), FileHandle, String(contentsOf:), fopen…). A `stat`, such as
/// `FileManager.fileExists(atPath:)`, is not an open and is not counted.
///
/// Events are queued by the `open` call itself, so once the submission's call has returned,
/// every open it made is already waiting to be read.
final class OpenWatch {
    private let descriptor: Int32

    /// Starts watching `folder`; nil when the kernel refuses (the tests then fall back to
    /// changing the file behind the store's back).
    init?(folder: URL) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard inotify_add_watch(descriptor, folder.path, UInt32(IN_OPEN)) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Forgets the opens seen so far.
    func reset() { _ = drain() }

    /// The opens of the file called `name` since the last call.
    func opens(of name: String) -> Int {
        drain().filter { $0 == name }.count
    }

    /// The names of the opened entries, one per open event, since the last call.
    private func drain() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard length > 0 else { break }
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
            var offset = 0
            while offset + 16 <= length {
                let nameLength = Int(word(in: buffer, at: offset + 12))
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + nameLength, length)].prefix { $0 != 0 }
                if !nameBytes.isEmpty { names.append(String(decoding: nameBytes, as: UTF8.self)) }
                offset += 16 + nameLength
            }
        }
        return names
    }

    private func word(in bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
