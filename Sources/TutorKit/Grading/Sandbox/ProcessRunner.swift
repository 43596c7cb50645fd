import Foundation

/// What to run and how to confine it.
public struct ProcessRequest: Sendable {
    /// The absolute path of the program.
    public var executable: String
    /// Arguments after the program name.
    public var arguments: [String]
    /// The complete environment of the child (nothing is inherited).
    public var environment: [String: String]
    /// The child's working directory, or the caller's when nil.
    public var workingDirectory: String?
    /// The child is killed (its whole process group) when it runs longer than this.
    public var wallClockLimit: Duration?
    /// At most this many bytes of standard output plus standard error are kept; the rest is read and dropped.
    public var outputLimit: Int
    /// When set, the child gets a result channel on `ChannelDescriptor.results` and this secret, one line, on `ChannelDescriptor.secret`.
    public var secret: String?
    /// With a secret: a wait the child announces on its result channel is watched with
    /// ``StallProbe``, and the child is told on `ChannelDescriptor.notices` (the wait's number, one line)
    /// when nothing can ever end it. Only for a child alone in its pid namespace, where
    /// nothing outside its threads can wake it.
    public var watchesWaits = false
    /// The child's virtual memory (RLIMIT_AS), for programs that run outside the sandbox
    /// on what a learner wrote: the compiler and the audit.
    public var addressSpaceLimit: Int?
    /// The child's CPU time in seconds (RLIMIT_CPU), likewise.
    public var cpuSecondsLimit: Int?
    /// The resident memory (`VmRSS`) of the child's whole process group, checked as its
    /// output is read (every 20 ms or so); over it, the group is killed and the outcome says
    /// ``ProcessOutcome/overMemory``. For a test where no control group caps memory.
    public var residentMemoryLimit: Int?
    /// Asked as the output is read, like ``residentMemoryLimit``: whether the control group
    /// holding the child has reached its memory cap. Once it has, the group is killed and
    /// the outcome says ``ProcessOutcome/overMemory``, rather than leaving a test that
    /// keeps allocating to thrash against the cap until its wall clock runs out.
    public var memoryCapReached: (@Sendable () -> Bool)?

    /// A request with every field given.
    public init(executable: String, arguments: [String], environment: [String: String], workingDirectory: String? = nil, wallClockLimit: Duration? = nil, outputLimit: Int = 1 << 20, secret: String? = nil) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.wallClockLimit = wallClockLimit
        self.outputLimit = outputLimit
        self.secret = secret
    }
}

/// How a child process ended and what it wrote.
public struct ProcessOutcome: Sendable, Equatable {
    /// How the process ended.
    public enum Termination: Sendable, Equatable {
        /// It returned or called `exit` with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
    }

    /// How it ended.
    public var termination: Termination
    /// Whether the wall-clock limit ended it.
    public var timedOut: Bool
    /// How many announced waits it was told were stuck.
    public var stuckWaits = 0
    /// Whether the watchdog killed it for going over ``ProcessRequest/residentMemoryLimit``.
    public var overMemory = false
    /// The most memory the child's control group held at once, where a control group held
    /// it (nil elsewhere): tells a test that allocated until it was stopped from one that looped.
    public var peakMemoryBytes: Int?
    /// Standard output and standard error, interleaved, up to the output limit.
    public var output: [UInt8]
    /// Whether output beyond the limit was dropped.
    public var outputTruncated: Bool
    /// What arrived on the result channel (`ChannelDescriptor.results`), capped.
    public var channel: [UInt8]
    /// Wall-clock time from start to end.
    public var duration: Duration

    /// An outcome with every field given.
    public init(termination: Termination, timedOut: Bool = false, output: [UInt8] = [], outputTruncated: Bool = false, channel: [UInt8] = [], duration: Duration = .zero) {
        self.termination = termination
        self.timedOut = timedOut
        self.output = output
        self.outputTruncated = outputTruncated
        self.channel = channel
        self.duration = duration
    }

    /// The output as text, with invalid UTF-8 replaced.
    public var outputText: String { String(decoding: output, as: UTF8.self) }

    /// Whether a signal ended it (its own, a limit's, or the grader's).
    public var endedBySignal: Bool {
        if case .signaled = termination { return true }
        return false
    }
}

/// Runs child processes: the one seam between the grader's decisions and the operating system.
public protocol ProcessRunner: Sendable {
    /// Runs `request` to the end (or its limit) and reports how it ended.
    func run(_ request: ProcessRequest) throws -> ProcessOutcome
}

/// A child process could not be started.
public struct ProcessLaunchError: Error, CustomStringConvertible, Sendable {
    /// The program that failed to start.
    public var executable: String
    /// The system's reason.
    public var reason: String

    public var description: String { "cannot run \(executable): \(reason)" }
}
