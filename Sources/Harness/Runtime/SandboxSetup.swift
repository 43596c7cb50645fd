import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Confines the runner before any submission code is loaded.
///
/// Order matters: limits first (lowering hard limits too, so they cannot be raised again);
/// then, when running as root without bubblewrap, the switch to an unprivileged user (root
/// ignores the process-count limit); then, for the `namespaces` mechanism, new user,
/// network, pid, mount, IPC and UTS namespaces and a filesystem view of the test's own
/// (see ``FilesystemView``); the process-count limit last, because inside a new user
/// namespace it counts only the test's own processes.
///
/// Under `bubblewrap` the namespaces and the view exist before the runner starts, with a
/// reaper as the namespace's first process, and the runner makes every writable mount
/// `noexec` itself; under `namespaces` the runner forks that reaper
/// itself and the test runs one level below it. A step that fails ends the runner with
/// ``setupFailedStatus``, which the grader reports as its own fault: a test never runs with
/// less confinement than the grader measured for the check.
enum SandboxSetup {
    static let setupFailedStatus: Int32 = 121

    static func confine(_ options: SandboxOptions) {
        setLimit(RLIMIT_CORE, 0)
        setLimit(RLIMIT_CPU, options.cpuSeconds)
        if options.addressSpaceBytes > 0 { setLimit(RLIMIT_AS, options.addressSpaceBytes) }
        setLimit(RLIMIT_FSIZE, options.fileSizeBytes)
        setLimit(RLIMIT_NOFILE, options.openFiles)
        if let user = options.dropToUser, geteuid() == 0 {
            guard setgroups(0, nil) == 0, setgid(user) == 0, setuid(user) == 0, getuid() == user, geteuid() == user else {
                _exit(setupFailedStatus)
            }
            // Changing user made the process non-dumpable, which would keep it from writing
            // its own /proc/self/uid_map below; it becomes non-dumpable again at the end.
            _ = linuxPrctl(Linux.setDumpable, 1, 0, 0, 0)
        }
        // Dies with the grader, so a grader killed mid-check leaves no test behind. Set after
        // the user switch, which clears it; a grader already gone means a reparented runner.
        _ = linuxPrctl(Linux.setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
        if getppid() == 1 && options.mechanism == "none" { _exit(setupFailedStatus) }

        switch options.mechanism {
        case "namespaces":
            enterNamespaces(options)
        case "bubblewrap":
            // bubblewrap kept CAP_SYS_ADMIN (in the test's own user namespace) for this alone.
            guard FilesystemView.forbidExecutionOnWritableMounts() else { _exit(setupFailedStatus) }
            dropCapabilities()
            setLimit(Linux.processCountLimit, options.processes)
        default:
            if geteuid() == options.dropToUser { setLimit(Linux.processCountLimit, options.processes) }
        }
        // Not dumpable (after the namespaces: it closes /proc/self/uid_map too): /proc/self/mem
        // and friends become root's, so the submission cannot read this process's memory
        // through the filesystem.
        _ = linuxPrctl(Linux.setDumpable, 0, 0, 0, 0)
        _ = linuxPrctl(Linux.setNoNewPrivileges, 1, 0, 0, 0)
    }

    /// Unshares, maps the runner's own user, forks the namespace's first process, which
    /// builds the filesystem view and reaps, and returns in the test process below it. This
    /// process stays behind to end the way the test did.
    private static func enterNamespaces(_ options: SandboxOptions) {
        let user = geteuid(), group = getegid()
        let kinds = Linux.newUserNamespace | Linux.newNetworkNamespace | Linux.newPIDNamespace
            | Linux.newMountNamespace | Linux.newIPCNamespace | Linux.newUTSNamespace
        guard linuxUnshare(kinds) == 0,
              write("deny", to: "/proc/self/setgroups"),
              write("\(user) \(user) 1", to: "/proc/self/uid_map"),
              write("\(group) \(group) 1", to: "/proc/self/gid_map")
        else { _exit(setupFailedStatus) }
        setLimit(Linux.processCountLimit, options.processes)

        let parent = getpid()
        let first = fork()
        if first < 0 { _exit(setupFailedStatus) }
        guard first == 0 else { Linux.exitLike(waitFor(first)) }

        _ = linuxPrctl(Linux.setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
        if getppid() != parent && getppid() != 0 { _exit(setupFailedStatus) }
        guard FilesystemView.build(options) else { _exit(setupFailedStatus) }
        // In a new pid namespace this process is its init, which the kernel shields from
        // signals it sends itself (a `raise(SIGSTOP)` or `abort()` would do nothing) and which
        // inherits every orphan: it only reaps, and the test runs one level below.
        let test = fork()
        if test < 0 { _exit(setupFailedStatus) }
        if test == 0 {
            dropCapabilities()
            return
        }
        var status: Int32 = 0
        while true {
            let ended = waitpid(-1, &status, 0)
            if ended == test { break }
            if ended < 0 && errno != EINTR { _exit(setupFailedStatus) }
        }
        Linux.exitLike(status)
    }

    /// The namespace's root gave the runner every capability inside it; the test needs none.
    private static func dropCapabilities() {
        var header: [UInt32] = [0x2008_0522, 0]
        var data = [UInt32](repeating: 0, count: 6)
        guard linuxCapabilitySet(&header, &data) == 0 else { _exit(setupFailedStatus) }
    }

    private static func waitFor(_ child: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            if errno != EINTR { _exit(setupFailedStatus) }
        }
        return status
    }

    private static func write(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        return Glibc.write(descriptor, bytes, bytes.count) == bytes.count
    }

    private static func setLimit(_ resource: __rlimit_resource, _ value: Int) {
        var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &limit)
    }
}
