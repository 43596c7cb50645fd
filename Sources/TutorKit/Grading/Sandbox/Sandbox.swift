import Foundation

/// How the grader confines every test of a check: which mechanism builds the sandbox, and
/// the exact command that starts one test in it.
///
/// The mechanism is chosen once, by running the runner's `probe` under each in turn and
/// keeping the first that isolates fully: bubblewrap, then the runner's own namespaces.
/// When neither does, the best partial one is kept and ``isolation`` says what is missing;
/// `check` says so, `grade` refuses. `CACHETUTOR_SANDBOX=bubblewrap|namespaces|none`
/// forces one (tests use it to exercise the fallbacks).
///
/// Every test then reports what it measured from inside; a test whose isolation differs
/// from the probe's is a grader fault, never a result.
///
/// The runner is staged, hard-linked (or else copied) out of the harness cache into a
/// folder of the grader's that anyone may read: a grader running as root starts its tests as ``SandboxLimits/unprivilegedUser``,
/// who cannot reach root's cache. (bubblewrap started by root would map the test's user to
/// root outside its namespace, owner of its own non-dumpable `/proc/self/mem`; so root
/// starts bubblewrap through `setpriv` as that user instead.)
public struct Sandbox: Sendable, Equatable {
    /// Where the runner, the exercise's tests library and the submission appear inside a sandbox.
    static let runnerMount = "/cachetutor/runner"
    static let testsMount = "/cachetutor/Tests.so"
    static let submissionMount = "/cachetutor/Submission.so"
    /// The device nodes a test sees, under both mechanisms.
    static let devices = ["null", "zero", "random", "urandom"]

    /// Who builds the sandbox.
    public var mechanism: SandboxMechanism
    /// What the probe measured inside it.
    public var isolation: IsolationReport
    /// Why the better mechanisms were not used (empty when bubblewrap isolates fully).
    public var fallbackReasons: [String]
    /// The staged runners: the plain one, and the one carrying ThreadSanitizer (tests that
    /// run threads; see ``HiddenTestInfo/threads``).
    var runner: URL
    var sanitizedRunner: URL
    /// The staged tests libraries, one for each runner.
    var tests: URL
    var sanitizedTests: URL
    /// The host paths the runner needs to start.
    var paths: SandboxPaths
    /// The `bwrap` program, for ``SandboxMechanism/bubblewrap``.
    var bubblewrap: String?
    /// `setpriv`, through which root starts bubblewrap as the unprivileged user.
    var setpriv: String?
    /// The host's namespaces, `kind:[id]` by commas, for the runner to compare its own with.
    var hostNamespaces: String
    /// A host path no test may see (the course checkout).
    var hiddenPath: String
    /// Caps for each test as a whole, or nil where the machine gives the grader no control
    /// group (then the per-process limits, with new processes refused, are the caps).
    public var cgroups: TestCgroups?

    /// The runner's `command` (`["run", TEST]` or `["probe"]`) in this sandbox, with its
    /// environment and working directory. `workingDirectory` is a fresh empty host directory:
    /// the runner's mount point under ``SandboxMechanism/namespaces``, the test's working
    /// directory under ``SandboxMechanism/none``, unused under bubblewrap.
    func request(submission: URL, sanitized: Bool = false, command: [String], limits: SandboxLimits, workingDirectory: URL, secret: String?) -> ProcessRequest {
        let runner = sanitized ? sanitizedRunner : runner
        let tests = sanitized ? sanitizedTests : tests
        let runningAsRoot = geteuid() == 0
        // Waits are watched only where nothing outside the test's own threads can wake it
        // (see StallProbe), only for a test, which has a result channel, and only where the
        // probe can read the runner: a root grader, on an architecture whose calls it knows.
        let watchesWaits = secret != nil && isolation.pid && StallProbe.canWork
        let inside = mechanism != .none
        let runnerOptions = [
            "--mechanism", mechanism.rawValue,
            "--host-namespaces", hostNamespaces,
            "--hidden", hiddenPath,
            "--scratch-bytes", String(limits.scratchBytes),
            // Loaded before the sandbox is up: under the runner's own namespaces, from the host.
            "--tests", mechanism == .bubblewrap ? Self.testsMount : tests.path,
            "--submission", inside ? Self.submissionMount : submission.path,
        ] + limits.runnerArguments(dropToUser: runningAsRoot && mechanism != .bubblewrap)
            + (watchesWaits ? ["--notices", "yes"] : [])
        var executable = runner.path
        var arguments = command + runnerOptions
        switch mechanism {
        case .bubblewrap:
            executable = bubblewrap ?? "bwrap"
            arguments = bubblewrapArguments(runner: runner, tests: tests, submission: submission, limits: limits) + ["--", Self.runnerMount] + command + runnerOptions
            if runningAsRoot, let setpriv {
                let user = String(limits.unprivilegedUser)
                arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--", executable] + arguments
                executable = setpriv
            }
        case .namespaces:
            arguments += ["--place", "\(submission.path):\(Self.submissionMount)"]
                + paths.directories.flatMap { ["--expose", $0] }
                + paths.links.flatMap { ["--link", "\($0.target):\($0.path)"] }
        case .none:
            break
        }
        var request = ProcessRequest(
            executable: executable, arguments: arguments,
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": inside ? "/work" : workingDirectory.path,
                "TMPDIR": inside ? "/tmp" : workingDirectory.path, "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
            ].merging(sanitized ? ["TSAN_OPTIONS": limits.sanitizerOptions] : [:]) { old, _ in old },
            workingDirectory: workingDirectory.path,
            wallClockLimit: limits.wallClock, outputLimit: limits.outputBytesPerTest, secret: secret
        )
        request.watchesWaits = watchesWaits
        // Where no control group caps the test, the grader's watchdog does (see SandboxLimits).
        if cgroups == nil { request.residentMemoryLimit = limits.wholeTestMemoryBytes }
        return request
    }

    /// bubblewrap's options: every namespace, a read-only root of its own holding only the
    /// runtime's libraries, the runner, the tests library and the submission, four device nodes (no tmpfs
    /// `/dev`, so no `/dev/shm` to fill), and two small writable tmpfs. One capability,
    /// `CAP_SYS_ADMIN` in the test's own user namespace, lets the runner make those tmpfs
    /// `noexec` (bubblewrap has no option for it); it drops it, and every other, before
    /// anything of the submission's is loaded.
    func bubblewrapArguments(runner: URL, tests: URL, submission: URL, limits: SandboxLimits) -> [String] {
        var arguments = ["--unshare-all", "--unshare-user", "--die-with-parent", "--new-session", "--cap-drop", "ALL", "--cap-add", "CAP_SYS_ADMIN"]
        // No --disable-userns: it would put the runner in a nested user namespace that does
        // not own the mounts it must make noexec. The seccomp filter refuses `unshare`,
        // `setns` and every `clone` that asks for a namespace once the submission is loaded.
        for link in paths.links { arguments += ["--symlink", link.target, link.path] }
        for directory in paths.directories { arguments += ["--ro-bind", directory, directory] }
        arguments += [
            "--ro-bind", runner.path, Self.runnerMount,
            "--ro-bind", tests.path, Self.testsMount,
            "--ro-bind", submission.path, Self.submissionMount,
        ]
        for device in Self.devices { arguments += ["--dev-bind", "/dev/" + device, "/dev/" + device] }
        arguments += [
            "--symlink", "/proc/self/fd", "/dev/fd",
            "--proc", "/proc",
            "--size", String(limits.scratchBytes), "--tmpfs", "/tmp",
            "--size", String(limits.scratchBytes), "--tmpfs", "/work",
            "--remount-ro", "/", "--chdir", "/work",
        ]
        return arguments
    }
}
