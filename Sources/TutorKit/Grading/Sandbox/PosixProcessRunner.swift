import Foundation
import HarnessContract

/// The real ``ProcessRunner``: `posix_spawn` with its own process group, stdin from
/// /dev/null, no inherited descriptors or signal state, output drained as it comes (so a
/// flood cannot block the child or fill the grader's memory), and the whole group killed
/// with SIGKILL when the child exits or overruns its time, so nothing it started lives on.
///
/// Safe to use from several threads at once: every descriptor is created close-on-exec
/// and each child closes everything above its own.
public struct PosixProcessRunner: ProcessRunner {
    /// At most this many bytes of the result channel are kept.
    static let channelLimit = 64 * 1024

    /// A runner. Ignores SIGPIPE in this process: a child that dies before reading its
    /// secret must make the write fail, not kill the grader. Children get default signals.
    ///
    /// Makes this process non-dumpable: it holds every test's secret, so a child running as
    /// the same user must not read its memory through `/proc/PID/mem` or attach to it, even
    /// where the test could not be given a pid namespace of its own.
    public init() {
        signal(SIGPIPE, SIG_IGN)
        _ = processControl(4, 0, 0, 0, 0)
    }

    public func run(_ request: ProcessRequest) throws -> ProcessOutcome {
        let start = ContinuousClock.now
        let watch = request.watchesWaits ? request.secret.map(StallWatch.init) : nil
        let pipes = try ChildPipes(withResultChannel: request.secret != nil, withNotices: watch != nil)
        defer { pipes.closeAll() }
        let pid = try spawn(request, pipes: pipes)
        // posix_spawn returns once the child has started the program; the limits are set
        // before it could start a program of its own (the compiler driver's frontend), and
        // they are inherited from there.
        if let bytes = request.addressSpaceLimit { limit(pid, RLIMIT_AS, bytes) }
        if let seconds = request.cpuSecondsLimit { limit(pid, RLIMIT_CPU, seconds) }
        pipes.closeChildEnds()
        if let secrets = pipes.secrets, let secret = request.secret {
            writeAll(Array((secret + "\n").utf8), to: secrets.writeEnd)
            secrets.closeWriteEnd()
        }
        let pumped = pump(pid, pipes: pipes, until: request.wallClockLimit.map { start + $0 }, outputLimit: request.outputLimit,
                          watching: watch, memoryLimit: request.residentMemoryLimit, capReached: request.memoryCapReached)
        var outcome = ProcessOutcome(
            termination: reap(pid),
            timedOut: pumped.timedOut,
            output: pumped.output.bytes,
            outputTruncated: pumped.output.truncated,
            channel: pumped.channel.bytes,
            duration: ContinuousClock.now - start
        )
        outcome.stuckWaits = pumped.stuckWaits
        outcome.overMemory = pumped.overMemory
        return outcome
    }

    /// The child's descriptors: output (stdout and stderr together), and for a test the
    /// result channel, the secret's pipe, blocking on the child's side (the runner waits
    /// for its secret), and the stuck-wait notices, which the grader writes without waiting.
    /// The channel and the notices are Unix sockets: the test runs as the grader's own user
    /// unless the grader is root, and a pipe of that user's can be reopened through
    /// `/proc/self/fd`, in either direction, by the code under test (to read the channel's
    /// secret, or to write notices); a socket cannot.
    private struct ChildPipes {
        let output: Pipe2
        let results: Pipe2?
        let secrets: Pipe2?
        let notices: Pipe2?

        init(withResultChannel: Bool, withNotices: Bool) throws {
            output = try Pipe2()
            results = withResultChannel ? try Pipe2(socket: true) : nil
            secrets = withResultChannel ? try Pipe2(nonBlockingRead: false) : nil
            notices = withNotices ? try Pipe2(socket: true, nonBlockingRead: false, nonBlockingWrite: true) : nil
        }

        func closeChildEnds() {
            output.closeWriteEnd()
            results?.closeWriteEnd()
            secrets?.closeReadEnd()
            notices?.closeReadEnd()
        }

        func closeAll() {
            output.closeBoth()
            results?.closeBoth()
            secrets?.closeBoth()
            notices?.closeBoth()
        }
    }

    /// Set-up: starts the child in a process group of its own, stdin from /dev/null,
    /// output and channel on its descriptors, nothing else of the grader's, default signals.
    private func spawn(_ request: ProcessRequest, pipes: ChildPipes) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipes.output.writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, pipes.output.writeEnd, 2)
        if let results = pipes.results, let secrets = pipes.secrets {
            posix_spawn_file_actions_adddup2(&actions, results.writeEnd, ChannelDescriptor.results)
            posix_spawn_file_actions_adddup2(&actions, secrets.readEnd, ChannelDescriptor.secret)
        }
        if let notices = pipes.notices {
            posix_spawn_file_actions_adddup2(&actions, notices.readEnd, ChannelDescriptor.notices)
        }
        // A child that keeps a descriptor of the grader's, or runs in the grader's directory,
        // is less confined than asked: a failure here fails the run, never the confinement.
        let firstClosed = ChannelDescriptor.firstClosed(resultChannel: pipes.results != nil, notices: pipes.notices != nil)
        guard spawnAddCloseFrom(&actions, firstClosed) == 0 else {
            throw ProcessLaunchError(executable: request.executable, reason: "cannot arrange to close the grader's descriptors")
        }
        if let directory = request.workingDirectory, spawnAddChdir(&actions, directory) != 0 {
            throw ProcessLaunchError(executable: request.executable, reason: "cannot arrange to start in \(directory)")
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([request.executable] + request.arguments).map { strdup($0) }
        let envp = request.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                posix_spawn(&pid, request.executable, &actions, &attributes, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
            }
        }
        guard spawned == 0 else {
            throw ProcessLaunchError(executable: request.executable, reason: String(cString: strerror(spawned)))
        }
        return pid
    }

    /// The output pump: drains output and channel as they come until the child exits or
    /// `deadline` passes, then kills the whole group and takes what is left. With a `watch`,
    /// it also tells the child, on its notice socket, when the wait it announced is stuck.
    private func pump(_ pid: pid_t, pipes: ChildPipes, until deadline: ContinuousClock.Instant?, outputLimit: Int, watching watch: StallWatch?,
                      memoryLimit: Int?, capReached: (@Sendable () -> Bool)?) -> (output: CappedBuffer, channel: CappedBuffer, timedOut: Bool, stuckWaits: Int, overMemory: Bool) {
        var outputBuffer = CappedBuffer(limit: outputLimit)
        var channelBuffer = CappedBuffer(limit: Self.channelLimit)
        // What the child writes into its notice socket (nothing, unless the code under test
        // does) is read and dropped, so such writes can never block it.
        var streams = [(pipes.output.readEnd, 0)] + (pipes.results.map { [($0.readEnd, 1)] } ?? [])
            + (pipes.notices.map { [($0.writeEnd, 2)] } ?? [])
        var timedOut = false
        var stuckWaits = 0
        var watch = watch
        var overMemory = false
        while !hasExited(pid) {
            if let deadline, ContinuousClock.now >= deadline {
                timedOut = true
                break
            }
            // The watchdog: the tree's resident memory, once a round (the kernel enforces the
            // cap itself where a control group holds the test, and then this is not asked).
            if let memoryLimit, let resident = ResidentMemory.ofTree(pid), resident > memoryLimit {
                overMemory = true
                break
            }
            if let capReached, capReached() {
                overMemory = true
                break
            }
            streams = drain(streams, timeoutMilliseconds: 20, into: &outputBuffer, &channelBuffer)
            if streams.isEmpty { usleep(2_000) }
            guard var following = watch, let notices = pipes.notices else { continue }
            let stuck = following.stuckWait(channel: channelBuffer.bytes, child: pid) {
                streams = drain(streams, timeoutMilliseconds: 0, into: &outputBuffer, &channelBuffer)
                return channelBuffer.bytes
            }
            if let stuck {
                writeAll(Array("\(stuck)\n".utf8), to: notices.writeEnd)
                stuckWaits += 1
            }
            watch = following
        }
        kill(-pid, SIGKILL)
        _ = drain(streams, timeoutMilliseconds: 0, into: &outputBuffer, &channelBuffer)
        return (outputBuffer, channelBuffer, timedOut, stuckWaits, overMemory)
    }

    /// Reaping: waits for the child and says how it ended.
    private func reap(_ pid: pid_t) -> ProcessOutcome.Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// Whether `pid` has ended, without reaping it (so its process-group id stays ours to kill).
    private func hasExited(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        return result == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Reads whatever is ready; returns the streams still open.
    private func drain(_ streams: [(Int32, Int)], timeoutMilliseconds: Int32, into output: inout CappedBuffer, _ channel: inout CappedBuffer) -> [(Int32, Int)] {
        guard !streams.isEmpty else { return streams }
        var polls = streams.map { pollfd(fd: $0.0, events: Int16(POLLIN), revents: 0) }
        guard poll(&polls, nfds_t(polls.count), timeoutMilliseconds) > 0 else { return streams }
        var open: [(Int32, Int)] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        for (index, stream) in streams.enumerated() {
            guard polls[index].revents != 0 else {
                open.append(stream)
                continue
            }
            var ended = false
            // Bounded, so a flood on one stream cannot starve the clock check.
            for _ in 0..<16 {
                let count = read(stream.0, &chunk, chunk.count)
                if count > 0 {
                    switch stream.1 {
                    case 0: output.append(chunk[0..<count])
                    case 1: channel.append(chunk[0..<count])
                    default: break
                    }
                    continue
                }
                if count == 0 || (errno != EAGAIN && errno != EINTR) { ended = true }
                break
            }
            if !ended { open.append(stream) }
        }
        return open
    }

    private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

/// Bytes up to a limit; beyond it, only the fact that more came.
struct CappedBuffer {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var truncated = false

    init(limit: Int) { self.limit = limit }

    mutating func append(_ chunk: ArraySlice<UInt8>) {
        let room = limit - bytes.count
        if chunk.count > room {
            bytes += chunk.prefix(max(0, room))
            truncated = true
        } else {
            bytes += chunk
        }
    }
}

/// A pipe whose ends are close-on-exec, or with `socket` a connected pair of Unix stream
/// sockets used one way, as a pipe; by default non-blocking on the read side, which the
/// grader drains. (O_NONBLOCK belongs to the open pipe, not the descriptor, so a read end
/// handed to a child must stay blocking.)
private final class Pipe2 {
    private(set) var readEnd: Int32
    private(set) var writeEnd: Int32

    init(socket: Bool = false, nonBlockingRead: Bool = true, nonBlockingWrite: Bool = false) throws {
        var ends: [Int32] = [-1, -1]
        let made = socket ? socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) : createPipe(&ends, O_CLOEXEC)
        guard made == 0 else {
            throw ProcessLaunchError(executable: socket ? "socketpair" : "pipe", reason: String(cString: strerror(errno)))
        }
        // Moved above the descriptors a child is given (0…5), so one dup2 in the spawn
        // actions can never overwrite another end before it is duplicated.
        readEnd = Self.moveAboveStandardDescriptors(ends[0])
        writeEnd = Self.moveAboveStandardDescriptors(ends[1])
        if nonBlockingRead {
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        }
        if nonBlockingWrite {
            _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        }
    }

    private static func moveAboveStandardDescriptors(_ descriptor: Int32) -> Int32 {
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
        guard moved >= 0 else { return descriptor }
        close(descriptor)
        return moved
    }

    func closeReadEnd() {
        if readEnd >= 0 { close(readEnd) }
        readEnd = -1
    }

    func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    func closeBoth() {
        closeReadEnd()
        closeWriteEnd()
    }
}

// glibc functions that Swift's Glibc module leaves out (it is not built with
// _GNU_SOURCE), declared by their C names.
@_silgen_name("pipe2")
private func createPipe(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func spawnAddCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

@_silgen_name("prlimit")
private func processLimit(_ pid: pid_t, _ resource: Int32, _ new: UnsafePointer<rlimit>?, _ old: UnsafeMutablePointer<rlimit>?) -> Int32

private func limit(_ pid: pid_t, _ resource: __rlimit_resource, _ value: Int) {
    var limit = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
    _ = processLimit(pid, Int32(resource.rawValue), &limit, nil)
}

@_silgen_name("prctl")
private func processControl(_ option: Int32, _ arg2: UInt, _ arg3: UInt, _ arg4: UInt, _ arg5: UInt) -> Int32

@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func spawnAddChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>) -> Int32
