import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one way tests start another program: run it to the end with its output captured
/// (and a deadline, after which its whole process group is killed), or start it in the
/// background and signal or wait for it. Both start it with ``Spawn``, never with
/// Foundation's `Process` (its documentation says why).
///
///     let finished = try ChildProcess.run(swiftc, ["-typecheck", file.path])
///     #expect(finished.status == 0, "\(finished.stderr)")
///
///     let running = try ChildProcess.start(binary, ["check", "--watch", "a.swift"], outputFile: log)
///     running.signal(SIGINT)
///     #expect(running.wait() == 1)
public enum ChildProcess {
    /// How a program run to its end ended.
    public struct Finished: Sendable {
        /// Its exit status (128 + N for a signal).
        public var status: Int32
        /// Whether it ended by a signal rather than by exiting.
        public var wasSignaled: Bool
        /// What it wrote to standard output and standard error.
        public var stdout: String
        public var stderr: String
        /// Wall-clock seconds from start to end.
        public var seconds: Double
        /// Whether the deadline passed and the group was killed.
        public var timedOut: Bool
    }

    /// A program started in the background, leading a process group of its own. A thread of
    /// its own waits for it, so its end is seen when it happens.
    public final class Running: @unchecked Sendable {
        /// Its process id, which is also its process group's.
        public let pid: Int32
        private let ended = NSCondition()
        private var termination: (status: Int32, wasSignaled: Bool)?

        init(pid: Int32) {
            self.pid = pid
            Thread { [self] in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                ended.withLock {
                    termination = Spawn.decode(status)
                    ended.broadcast()
                }
            }.start()
        }

        /// Whether it is still running.
        public var isRunning: Bool { ended.withLock { termination == nil } }

        /// Sends `signal` to it (not to its group), unless it has ended: its id may be
        /// another process's by then.
        public func signal(_ signal: Int32) {
            ended.withLock { if termination == nil { _ = kill(pid, signal) } }
        }

        /// Waits for it to end; its exit status, or 128 + the signal that ended it.
        @discardableResult
        public func wait() -> Int32 { waitForEnd().status }

        /// Whether it ended by exiting (as opposed to a signal); waits first.
        public var exited: Bool { !waitForEnd().wasSignaled }

        private func waitForEnd() -> (status: Int32, wasSignaled: Bool) {
            ended.withLock {
                while termination == nil { ended.wait() }
                return termination!
            }
        }
    }

    /// Runs `executable` to its end in a process group of its own, with `input` on standard
    /// input and both outputs drained as they come (so a large output cannot block it). After
    /// `deadline` seconds the group is killed. Once it has exited, output still open 10 s later
    /// (held by something it started) is given up on, and the result says so.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        workingDirectory: URL? = nil, input: String = "", deadline: Double? = nil
    ) throws -> Finished {
        _ = ignoreBrokenPipes
        let stdin = try Spawn.pipe(), stdout = try Spawn.pipe(), stderr = try Spawn.pipe()
        let started = Date()
        let pid: pid_t
        do {
            pid = try Spawn.start(
                executable.path, arguments, environment: environment, workingDirectory: workingDirectory?.path,
                stdin: .descriptor(stdin.read), stdout: .descriptor(stdout.write), stderr: .descriptor(stderr.write),
                newProcessGroup: true
            )
        } catch {
            [stdin.read, stdin.write, stdout.read, stdout.write, stderr.read, stderr.write].forEach { close($0) }
            throw error
        }
        [stdin.read, stdout.write, stderr.write].forEach { close($0) }

        var exchange = Exchange(input: Data(input.utf8), inputEnd: stdin.write, outputEnds: [stdout.read, stderr.read])
        var status: Int32 = 0, exitedAt: Date?, timedOut = false, outputLeftOpen = false
        while true {
            if exitedAt == nil, waitpid(pid, &status, WNOHANG) == pid { exitedAt = Date() }
            if let exitedAt {
                if exchange.outputIsClosed { break }
                if Date().timeIntervalSince(exitedAt) > (timedOut ? 1 : 10) {
                    outputLeftOpen = true
                    break
                }
            } else if let deadline, !timedOut, Date().timeIntervalSince(started) > deadline {
                timedOut = true
                kill(-pid, SIGKILL)
            }
            exchange.step(waitingAtMost: 50)
        }
        exchange.closeAll()

        let ended = Spawn.decode(status)
        var errors = String(decoding: exchange.output[1], as: UTF8.self)
        if outputLeftOpen {
            errors += "\n[ChildProcess] \(executable.lastPathComponent) ended, but its output was still open after it: "
                + "a process it started outside its group (a daemon) holds it; close it before starting daemons"
        }
        return Finished(
            status: ended.status, wasSignaled: ended.wasSignaled,
            stdout: String(decoding: exchange.output[0], as: UTF8.self), stderr: errors,
            seconds: Date().timeIntervalSince(started), timedOut: timedOut
        )
    }

    /// Starts `executable` in the background; its standard input is `input` (a file) or
    /// empty, and both outputs go to `outputFile`, or nowhere.
    public static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        workingDirectory: URL? = nil, input: URL? = nil, outputFile: URL? = nil
    ) throws -> Running {
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        func open(_ url: URL?, _ flags: Int32) throws -> Spawn.Stream {
            guard let url else { return .null }
            let descriptor = Glibc.open(url.path, flags | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw Spawn.Failure(program: url.path, errno: errno) }
            opened.append(descriptor)
            return .descriptor(descriptor)
        }
        let stdin = try open(input, O_RDONLY), output = try open(outputFile, O_WRONLY | O_CREAT | O_TRUNC)
        let pid = try Spawn.start(
            executable.path, arguments, environment: environment, workingDirectory: workingDirectory?.path,
            stdin: stdin, stdout: output, stderr: output, newProcessGroup: true
        )
        return Running(pid: pid)
    }

    /// A child's input and outputs, moved as far as they will go without blocking.
    private struct Exchange {
        private var input: Data
        private var inputEnd: Int32?
        private var outputEnds: [Int32?]
        /// What came on standard output and standard error.
        private(set) var output: [Data] = [Data(), Data()]
        private var buffer = [UInt8](repeating: 0, count: 65536)

        init(input: Data, inputEnd: Int32, outputEnds: [Int32]) {
            self.input = input
            self.outputEnds = outputEnds
            if input.isEmpty {
                close(inputEnd)
            } else {
                _ = fcntl(inputEnd, F_SETFL, fcntl(inputEnd, F_GETFL) | O_NONBLOCK)
                self.inputEnd = inputEnd
            }
        }

        var outputIsClosed: Bool { outputEnds.allSatisfy { $0 == nil } }

        /// Waits up to `milliseconds` for something to move, then moves it.
        mutating func step(waitingAtMost milliseconds: Int32) {
            var watched = outputEnds.compactMap { $0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if let inputEnd { watched.append(pollfd(fd: inputEnd, events: Int16(POLLOUT), revents: 0)) }
            guard !watched.isEmpty else {
                usleep(1000)
                return
            }
            guard poll(&watched, nfds_t(watched.count), milliseconds) > 0 else { return }
            for ready in watched where ready.revents != 0 {
                if ready.fd == inputEnd { write() } else { read(ready.fd) }
            }
        }

        private mutating func read(_ descriptor: Int32) {
            guard let index = outputEnds.firstIndex(of: descriptor) else { return }
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count > 0 {
                output[index].append(contentsOf: buffer[0..<count])
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                close(descriptor)
                outputEnds[index] = nil
            }
        }

        private mutating func write() {
            guard let inputEnd else { return }
            let written = input.withUnsafeBytes { Glibc.write(inputEnd, $0.baseAddress, $0.count) }
            if written > 0 { input.removeFirst(written) }
            // A child that closed its input without reading all of it gets no more (EPIPE).
            if input.isEmpty || (written < 0 && errno != EINTR && errno != EAGAIN) {
                close(inputEnd)
                self.inputEnd = nil
            }
        }

        mutating func closeAll() {
            ([inputEnd] + outputEnds).compactMap { $0 }.forEach { close($0) }
            inputEnd = nil
            outputEnds = outputEnds.map { _ in nil }
        }
    }

    /// A child that stops reading its input must not end the test process with SIGPIPE; the
    /// write fails with EPIPE instead. Children get the default back (``Spawn``).
    private static let ignoreBrokenPipes: Void = { _ = Glibc.signal(SIGPIPE, SIG_IGN) }()
}
