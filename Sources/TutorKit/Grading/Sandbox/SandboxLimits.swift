/// The limits each hidden test runs under. The defaults give honest solutions ample room
/// (a test normally takes milliseconds and waits at most 2 s for a completion) while a
/// hang, a fork bomb, a memory bomb or an output flood ends quickly.
public struct SandboxLimits: Sendable, Equatable {
    /// Wall-clock time per test; the whole process group is killed after it.
    public var wallClock: Duration = .seconds(5)
    /// CPU time per test (RLIMIT_CPU; the kernel kills the process after it).
    public var cpuSeconds = 5
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
    /// Memory of a whole test, every thread and file of it. There is no per-process
    /// address-space limit (RLIMIT_AS): ThreadSanitizer reserves terabytes of address space
    /// for its shadow memory as the runner starts. So this is the only memory cap: the
    /// kernel's, where a control group enforces it (``TestCgroups``), else the grader's
    /// watchdog, which kills the test once its resident memory passes it
    /// (``ProcessRequest/residentMemoryLimit``). The sanitizer's shadow and history count
    /// too: a test of an exercise needs about 100 MB under it.
    public var wholeTestMemoryBytes = 1 << 30
    /// The status ThreadSanitizer ends a test with when it finds a data race; the grader
    /// reads the report (``RaceReport``) only from a test that ended with it.
    public var raceExitCode: Int32 = 66

    /// ThreadSanitizer's options for every test: the first race ends the test at once,
    /// before the racing code can use what it read; no symbolizer (the filter refuses the
    /// fork and exec it would take, so the grader symbolizes the report outside the
    /// sandbox); no second's wait at exit for other threads (`atexit_sleep_ms`, which made
    /// every test a second longer); lock-order reports off, since a deadlock is the
    /// stall probe's and the time limit's to tell; no report of threads never joined
    /// (Foundation's and Dispatch's are detached, and a test ends with `_exit`); crashes
    /// left to the kernel, so a trap or a fault ends the test by its signal, as without the
    /// sanitizer, and never with ``raceExitCode``. No race is let pass as a repeat of one
    /// being reported (`suppress_equal_stacks`, `suppress_equal_addresses`): while one
    /// thread prints the first report, a second racing on the same variable would go on
    /// and use what it read (hostile fixture 56 forged passes in that moment); now it waits
    /// to report, and the process ends first.
    public var sanitizerOptions: String {
        "halt_on_error=1 exitcode=\(raceExitCode) symbolize=0 atexit_sleep_ms=0 report_signal_unsafe=0 detect_deadlocks=0 report_thread_leaks=0"
            + " suppress_equal_stacks=0 suppress_equal_addresses=0"
            + " handle_segv=0 handle_sigbus=0 handle_sigill=0 handle_sigfpe=0 handle_abort=0"
    }

    /// The default limits.
    public init() {}

    /// The runner's command-line options for these limits; `dropToUser` asks for the
    /// switch to ``unprivilegedUser``.
    public func runnerArguments(dropToUser: Bool) -> [String] {
        var arguments = [
            "--cpu-seconds", String(cpuSeconds),
            "--processes", String(processes),
            "--file-size", String(fileSizeBytes),
            "--open-files", String(openFiles),
        ]
        if dropToUser { arguments += ["--drop-to-user", String(unprivilegedUser)] }
        return arguments
    }
}
