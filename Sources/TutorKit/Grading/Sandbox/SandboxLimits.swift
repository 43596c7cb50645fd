/// The limits each hidden test runs under. The defaults give honest solutions ample room
/// (a test normally takes milliseconds and waits at most 2 s for a completion) while a
/// hang, a fork bomb, a memory bomb or an output flood ends quickly.
public struct SandboxLimits: Sendable, Equatable {
    /// Wall-clock time per test; the whole process group is killed after it.
    public var wallClock: Duration = .seconds(5)
    /// CPU time per test (RLIMIT_CPU; the kernel kills the process after it).
    public var cpuSeconds = 5
    /// Virtual address space per process (RLIMIT_AS): Swift with Foundation and a few
    /// threads reserves a few hundred MB; a memory bomb fails to allocate past this.
    public var addressSpaceBytes = 1 << 30
    /// Processes and threads (RLIMIT_NPROC), counted inside the test's own user namespace.
    public var processes = 128
    /// The largest file the test may write (RLIMIT_FSIZE).
    public var fileSizeBytes = 1 << 20
    /// Open descriptors (RLIMIT_NOFILE).
    public var openFiles = 64
    /// Output kept per test; more is read and dropped.
    public var outputBytesPerTest = 64 * 1024
    /// Output kept over all tests of one submission.
    public var outputBytesTotal = 512 * 1024
    /// The unprivileged user tests run as when the grader runs as root (`nobody`).
    public var unprivilegedUser: UInt32 = 65534
    /// After this long, tests not yet started are reported as timed out instead of run,
    /// so even a submission that hangs in every method ends in bounded time.
    public var checkBudget: Duration = .seconds(60)
    /// Bytes of each of the test's two writable tmpfs, `/tmp` and its working directory.
    public var scratchBytes = 16 << 20
    /// Memory of a whole test, every thread and file of it, where a control group caps it
    /// (``TestCgroups``). As large as one process's address space, so an ordinary memory
    /// bomb still fails an allocation first and reads as one.
    public var wholeTestMemoryBytes = 1 << 30

    /// The default limits.
    public init() {}

    /// The runner's command-line options for these limits; `dropToUser` asks for the
    /// switch to ``unprivilegedUser``.
    public func runnerArguments(dropToUser: Bool) -> [String] {
        var arguments = [
            "--cpu-seconds", String(cpuSeconds),
            "--address-space", String(addressSpaceBytes),
            "--processes", String(processes),
            "--file-size", String(fileSizeBytes),
            "--open-files", String(openFiles),
        ]
        if dropToUser { arguments += ["--drop-to-user", String(unprivilegedUser)] }
        return arguments
    }
}
