import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Counts how often files in one folder are opened and deleted, with Linux's inotify: the
/// kernel reports every `open` of a file in a watched folder, whoever makes it and however
/// (Data(contentsOf:), FileHandle, String(contentsOf:), fopen…), and every removal of a
/// name from it. A `stat`, such as `FileManager.fileExists(atPath:)`, is not an open and is
/// not counted; a rename over a name replaces it and is no deletion of it.
///
/// Events are queued by the call itself, so once the submission's call has returned,
/// every open and deletion it made is already waiting to be read.
final class FolderWatch {
    private let descriptor: Int32
    /// Events read from the kernel and not yet asked for: the name and what happened to it.
    private var pending: [(name: String, mask: UInt32)] = []

    /// Starts watching `folder`; nil when the kernel refuses (the tests then fall back to
    /// what they can see without it).
    init?(folder: URL) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard inotify_add_watch(descriptor, folder.path, UInt32(IN_OPEN | IN_DELETE | IN_MODIFY)) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Forgets the events seen so far.
    func reset() {
        drain()
        pending.removeAll()
    }

    /// The opens of the file called `name` since the last reset or the last call.
    func opens(of name: String) -> Int { take(UInt32(IN_OPEN), of: name) }

    /// How often the file called `name` was removed from the folder since the last reset
    /// or the last call.
    func deletions(of name: String) -> Int { take(UInt32(IN_DELETE), of: name) }

    /// How often bytes were written into the file called `name` (not into another file
    /// renamed to it afterwards) since the last reset or the last call.
    func modifications(of name: String) -> Int { take(UInt32(IN_MODIFY), of: name) }

    /// Counts the events of one kind for `name` and forgets them.
    private func take(_ event: UInt32, of name: String) -> Int {
        drain()
        let before = pending.count
        pending.removeAll { $0.name == name && $0.mask & event != 0 }
        return before - pending.count
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard length > 0 else { break }
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[len]; }
            var offset = 0
            while offset + 16 <= length {
                let mask = word(in: buffer, at: offset + 4)
                let nameLength = Int(word(in: buffer, at: offset + 12))
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + nameLength, length)].prefix { $0 != 0 }
                if !nameBytes.isEmpty { pending.append((String(decoding: nameBytes, as: UTF8.self), mask)) }
                offset += 16 + nameLength
            }
        }
    }

    private func word(in bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
