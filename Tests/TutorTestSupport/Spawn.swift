import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How tests start a program: `posix_spawn` with nothing of this process's passed on but
/// the three standard descriptors, and the child's end seen with `waitpid`.
///
/// Foundation's `Process` on Linux is not safe for a test process that starts many children
/// at once. Its pipes and the socket it learns a child's end from are not close-on-exec, so a
/// child started in the same moment by another test inherits them; and one thread waits for
/// every child in turn, so a child that closes the descriptors it inherited (a daemon, a
/// wrapper that tidies up) holds that thread in `waitpid` and every other child's end goes
/// unseen until it exits. Both made short children look hung for 20 s or more in CI.
public enum Spawn {
    /// Where one of the child's standard descriptors comes from.
    public enum Stream {
        /// `/dev/null`.
        case null
        /// A descriptor of this process (a pipe end, an open file), duplicated into the child.
        case descriptor(Int32)
    }

    /// A program could not be started.
    public struct Failure: Error, CustomStringConvertible {
        /// What was being started, and the error number that stopped it.
        public let program: String
        public let errno: Int32
        public var description: String { "cannot start \(program): \(String(cString: strerror(errno)))" }
    }

    /// Starts `executable` (a path) with `arguments`, and returns its process id. With
    /// `environment` nil it inherits this process's. In `newProcessGroup` it leads a group of
    /// its own, so killing `-pid` ends what it started too. Its signals are the defaults, as
    /// from a shell, whatever the test runner blocks or ignores.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, workingDirectory: String? = nil,
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null, newProcessGroup: Bool = false
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        guard spawnCloseFrom(&actions, 3) == 0 else { throw Failure(program: executable, errno: errno) }
        if let workingDirectory, spawnChdir(&actions, workingDirectory) != 0 { throw Failure(program: executable, errno: errno) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw Failure(program: executable, errno: status) }
        return pid
    }

    /// A pipe whose ends are close-on-exec, so no child but the one it is given to holds it.
    public static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard createPipe(&ends, O_CLOEXEC) == 0 else { throw Failure(program: "a pipe", errno: errno) }
        return (ends[0], ends[1])
    }

    /// How a `waitpid` status ended: the exit status, or 128 + the signal; and which.
    public static func decode(_ status: Int32) -> (status: Int32, wasSignaled: Bool) {
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, false) : (128 + signal, true)
    }
}

// glibc functions that Swift's Glibc module leaves out (it is not built with _GNU_SOURCE),
// declared by their C names.
@_silgen_name("pipe2")
private func createPipe(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func spawnChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>) -> Int32
