import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The limits the grader asks for, from the runner's command line.
struct SandboxOptions {
    var cpuSeconds = 5
    var addressSpaceBytes = 3 << 30
    var processes = 128
    var fileSizeBytes = 1 << 20
    var openFiles = 64
    var dropToUser: UInt32?
    var namespaces = false

    /// Reads `--name value` pairs; unknown names are ignored so old runners stay usable.
    init(arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let name = iterator.next() {
            guard let value = iterator.next() else { break }
            switch name {
            case "--cpu-seconds": cpuSeconds = Int(value) ?? cpuSeconds
            case "--address-space": addressSpaceBytes = Int(value) ?? addressSpaceBytes
            case "--processes": processes = Int(value) ?? processes
            case "--file-size": fileSizeBytes = Int(value) ?? fileSizeBytes
            case "--open-files": openFiles = Int(value) ?? openFiles
            case "--drop-to-user": dropToUser = UInt32(value)
            case "--namespaces": namespaces = value == "1"
            default: break
            }
        }
    }
}

/// Confines the runner before any submission code runs, then forks the process that runs
/// the test (below a reaper, see `runTestBelowReaper`); this process stays behind to pass
/// on how the test process ended.
///
/// Order matters: limits first (lowering hard limits too, so they cannot be raised
/// again); then, when running as root, the switch to an unprivileged user (root ignores
/// the process-count limit and could write anywhere); then new user, network, pid and mount
/// namespaces where the kernel allows them (no network, no view of the grader's
/// processes, and every process of the test dies with the namespace's first process);
/// the process-count limit last, because inside a new user namespace it counts only the
/// test's own processes.
enum SandboxSetup {
    static let setupFailedStatus: Int32 = 121
    static let procUnavailableStatus: Int32 = 122

    static func confine(_ options: SandboxOptions, channel: ResultChannel) {
        setLimit(RLIMIT_CORE, 0)
        setLimit(RLIMIT_CPU, options.cpuSeconds)
        setLimit(RLIMIT_AS, options.addressSpaceBytes)
        setLimit(RLIMIT_FSIZE, options.fileSizeBytes)
        setLimit(RLIMIT_NOFILE, options.openFiles)
        if let user = options.dropToUser, geteuid() == 0 {
            guard setgroups(0, nil) == 0, setgid(user) == 0, setuid(user) == 0, getuid() == user, geteuid() == user else {
                _exit(setupFailedStatus)
            }
        }
        // Dies with the grader, so a grader killed mid-check leaves no test behind. Set after
        // the user switch, which clears it; a grader already gone means a reparented runner.
        _ = linuxPrctl(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
        if getppid() == 1 { _exit(setupFailedStatus) }
        // Not dumpable: /proc/self/mem and friends become root's, so the submission cannot
        // read this process's memory through them (reading it directly stays possible).
        _ = linuxPrctl(setDumpable, 0, 0, 0, 0)
        var isolated = false
        if options.namespaces {
            isolated = linuxUnshare(newUserNamespace | newNetworkNamespace | newPIDNamespace | newMountNamespace) == 0
        }
        // Counted per user: only meaningful in a user namespace of the test's own, or as
        // `nobody`; for an ordinary user without namespaces it would count all their processes.
        if isolated || geteuid() == options.dropToUser {
            setLimit(processCountLimit, options.processes)
        }

        let parent = getpid()
        let child = fork()
        if child < 0 { _exit(setupFailedStatus) }
        if child == 0 {
            // If this process is killed at the deadline, the test process goes with it.
            _ = linuxPrctl(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
            if getppid() != parent && !isolated { _exit(setupFailedStatus) }
            if isolated && !mountOwnProc() { _exit(procUnavailableStatus) }
            runTestBelowReaper()
            return
        }
        channel.reportSandbox(childProcess: child, isolated: isolated)
        let status = waitFor(child)
        if isolated && status == procUnavailableStatus << 8 {
            // The namespace could not get its own /proc (a container that masks parts of
            // it): run the test here, outside the pid namespace, rather than let the
            // runtime read other processes' /proc entries.
            return
        }
        exitLike(status)
    }

    /// Mounts a /proc of the new pid namespace, in the new mount namespace. Without it the
    /// test would see the host's /proc, where its own thread ids mean other processes, and
    /// Dispatch, which reads /proc/<thread>/stat to size its thread pool, would trap.
    private static func mountOwnProc() -> Bool {
        guard linuxMount(nil, "/", nil, mountRecursive | mountPrivate, nil) == 0 else { return false }
        return linuxMount("proc", "/proc", "proc", mountNoSetUID | mountNoDevices | mountNoExec, nil) == 0
    }

    /// In a new pid namespace this process is its init, which the kernel shields from
    /// signals it sends itself (a `raise(SIGSTOP)` or `abort()` would do nothing), and
    /// which inherits every orphan. So it only reaps, and the test runs one level below,
    /// as an ordinary process; when the test ends, this process ends, and with it the
    /// namespace and anything the test left running.
    private static func runTestBelowReaper() {
        let test = fork()
        if test < 0 { _exit(setupFailedStatus) }
        if test == 0 { return }
        var status: Int32 = 0
        while true {
            let ended = waitpid(-1, &status, 0)
            if ended == test { break }
            if ended < 0 && errno != EINTR { _exit(setupFailedStatus) }
        }
        exitLike(status)
    }

    private static func waitFor(_ child: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            if errno != EINTR { _exit(setupFailedStatus) }
        }
        return status
    }

    /// Ends this process the way `status` says another ended: its exit code, or 128 + signal.
    private static func exitLike(_ status: Int32) -> Never {
        let signal = status & 0x7f
        if signal == 0 { _exit((status >> 8) & 0xff) }
        _exit(128 + signal)
    }

    // Linux constants and calls that Swift's Glibc module leaves out (it is not built
    // with _GNU_SOURCE), declared here by their C names.
    private static let newUserNamespace: Int32 = 0x1000_0000
    private static let newPIDNamespace: Int32 = 0x2000_0000
    private static let newNetworkNamespace: Int32 = 0x4000_0000
    private static let newMountNamespace: Int32 = 0x0002_0000
    private static let mountNoSetUID: UInt = 2
    private static let mountNoDevices: UInt = 4
    private static let mountNoExec: UInt = 8
    private static let mountRecursive: UInt = 0x4000
    private static let mountPrivate: UInt = 0x4_0000
    private static let processCountLimit = __rlimit_resource(rawValue: 6)
    private static let setParentDeathSignal: Int32 = 1
    private static let setDumpable: Int32 = 4

    private static func setLimit(_ resource: __rlimit_resource, _ value: Int) {
        var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &limit)
    }
}

@_silgen_name("unshare")
private func linuxUnshare(_ flags: Int32) -> Int32

@_silgen_name("mount")
private func linuxMount(_ source: UnsafePointer<CChar>?, _ target: UnsafePointer<CChar>, _ type: UnsafePointer<CChar>?, _ flags: UInt, _ data: UnsafeRawPointer?) -> Int32

@_silgen_name("prctl")
private func linuxPrctl(_ option: Int32, _ arg2: UInt, _ arg3: UInt, _ arg4: UInt, _ arg5: UInt) -> Int32
