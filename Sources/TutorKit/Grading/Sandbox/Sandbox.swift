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
public struct Sandbox: Sendable, Equatable {
    /// Where the runner, the harness and the submission appear inside a bubblewrap sandbox.
    static let harnessMount = "/cachetutor/harness"
    static let submissionMount = "/cachetutor/Submission.so"

    /// Who builds the sandbox.
    public var mechanism: SandboxMechanism
    /// What the probe measured inside it.
    public var isolation: IsolationReport
    /// Why the better mechanisms were not used (empty when bubblewrap isolates fully).
    public var fallbackReasons: [String]
    /// The `bwrap` program, for ``SandboxMechanism/bubblewrap``.
    var bubblewrap: String?
    /// Whether that `bwrap` knows `--disable-userns` (0.8 and later).
    var bubblewrapDisablesUserNamespaces = false
    /// The host's namespaces, `kind:[id]` by commas, for the runner to compare its own with.
    var hostNamespaces: String
    /// A host path no test may see (the course checkout).
    var hiddenPath: String

    /// The runner's `command` (`["run", TEST]` or `["probe"]`) in this sandbox, with its
    /// environment and working directory. `workingDirectory` is a fresh
    /// empty host directory: the runner's mount point under ``SandboxMechanism/namespaces``,
    /// the test's working directory under ``SandboxMechanism/none``, unused under bubblewrap.
    func request(harness: Harness, submission: URL, command: [String], limits: SandboxLimits, workingDirectory: URL, secret: String?) -> ProcessRequest {
        let runningAsRoot = geteuid() == 0
        var runnerOptions = [
            "--mechanism", mechanism.rawValue,
            "--host-namespaces", hostNamespaces,
            "--hidden", hiddenPath,
            "--scratch-bytes", String(limits.scratchBytes),
        ] + limits.runnerArguments(dropToUser: runningAsRoot && mechanism != .bubblewrap)
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": mechanism == .none ? workingDirectory.path : "/work",
            "TMPDIR": mechanism == .none ? workingDirectory.path : "/tmp", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
        ]
        switch mechanism {
        case .bubblewrap:
            runnerOptions += ["--submission", Self.submissionMount]
            return ProcessRequest(
                executable: bubblewrap ?? "bwrap",
                arguments: bubblewrapArguments(harness: harness, submission: submission, limits: limits)
                    + ["--", Self.harnessMount + "/runner"] + command + runnerOptions,
                environment: environment, workingDirectory: workingDirectory.path,
                wallClockLimit: limits.wallClock, outputLimit: limits.outputBytesPerTest, secret: secret
            )
        case .namespaces:
            runnerOptions += ["--submission", Self.submissionMount, "--place", "\(submission.path):\(Self.submissionMount)"]
            runnerOptions += harness.sandboxPaths.directories.flatMap { ["--expose", $0] }
            runnerOptions += harness.sandboxPaths.links.flatMap { ["--link", "\($0.target):\($0.path)"] }
            return ProcessRequest(
                executable: harness.runner.path, arguments: command + runnerOptions,
                environment: environment, workingDirectory: workingDirectory.path,
                wallClockLimit: limits.wallClock, outputLimit: limits.outputBytesPerTest, secret: secret
            )
        case .none:
            return ProcessRequest(
                executable: harness.runner.path, arguments: command + ["--submission", submission.path] + runnerOptions,
                environment: environment, workingDirectory: workingDirectory.path,
                wallClockLimit: limits.wallClock, outputLimit: limits.outputBytesPerTest, secret: secret
            )
        }
    }

    /// bubblewrap's options: every namespace, no capability, a read-only root of its own
    /// holding only the runtime's libraries, the harness and the submission, and two small
    /// writable tmpfs.
    func bubblewrapArguments(harness: Harness, submission: URL, limits: SandboxLimits) -> [String] {
        var arguments = ["--unshare-all", "--unshare-user", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
        if bubblewrapDisablesUserNamespaces { arguments += ["--disable-userns"] }
        if geteuid() == 0 { arguments += ["--uid", String(limits.unprivilegedUser), "--gid", String(limits.unprivilegedUser)] }
        for link in harness.sandboxPaths.links { arguments += ["--symlink", link.target, link.path] }
        for directory in harness.sandboxPaths.directories { arguments += ["--ro-bind", directory, directory] }
        arguments += [
            "--ro-bind", harness.directory.path, Self.harnessMount,
            "--ro-bind", submission.path, Self.submissionMount,
            "--dev", "/dev", "--proc", "/proc",
            "--size", String(limits.scratchBytes), "--tmpfs", "/tmp",
            "--size", String(limits.scratchBytes), "--tmpfs", "/work",
            "--remount-ro", "/", "--chdir", "/work",
        ]
        return arguments
    }
}
