import CodeLock
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the test process can see for itself of its confinement, measured from inside,
/// not assumed from what was asked: it is isolated in a kind of namespace when its own
/// differs from the grader's, and its filesystem is its own when, in a mount namespace of
/// its own, a host path the grader names is out of sight.
struct Isolation: Codable, Equatable {
    var mechanism: String
    var user: Bool
    var pid: Bool
    var network: Bool
    var mount: Bool
    /// No new executable code, and no record but the runner's: the seccomp filter holds,
    /// with the channel's gate in a test (see `CodeLock`).
    var code: Bool
    /// Every writable mount the test sees is `noexec`.
    var noexec: Bool

    /// The confinement as it is, `gate` included when the filter was given one.
    static func measure(_ options: SandboxOptions, gate: CodeLock.Gate?) -> Isolation {
        func differs(_ kind: String, _ file: String) -> Bool {
            guard let host = options.hostNamespaces[kind], let own = namespace(file) else { return false }
            return own != host
        }
        let hidden = options.hiddenPath.map { access($0, F_OK) != 0 } ?? false
        return Isolation(
            mechanism: options.mechanism,
            user: differs("user", "user"), pid: differs("pid", "pid"), network: differs("net", "net"),
            mount: differs("mnt", "mnt") && hidden,
            code: CodeLock.holds(gate: gate),
            noexec: FilesystemView.writableMounts()?.allSatisfy { $0.options.contains("noexec") } ?? false
        )
    }

    /// `[4026531836]` for `/proc/self/ns/pid` (`pid:[4026531836]`), or nil when /proc does not say.
    static func namespace(_ kind: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        let count = readlink("/proc/self/ns/\(kind)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.firstIndex(of: ":").map { String(link[link.index(after: $0)...]) } ?? link
    }
}
