import Foundation

/// The one way tests start another program: run it to the end with its output captured
/// (and a deadline, after which its whole process group is killed), or start it in the
/// background and signal or wait for it.
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

    /// A program started in the background.
    public final class Running: @unchecked Sendable {
        private let process: Process

        init(_ process: Process) { self.process = process }

        /// Its process id.
        public var pid: Int32 { process.processIdentifier }
        /// Whether it is still running.
        public var isRunning: Bool { process.isRunning }

        /// Sends `signal` to it (not to its group).
        public func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

        /// Waits for it to end; its exit status, or 128 + the signal that ended it.
        @discardableResult
        public func wait() -> Int32 {
            process.waitUntilExit()
            return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        }

        /// Whether it ended by exiting (as opposed to a signal); waits first.
        public var exited: Bool {
            process.waitUntilExit()
            return process.terminationReason == .exit
        }
    }

    /// Runs `executable` to its end, with `input` on standard input, both outputs drained as
    /// they come (so a large output cannot block it), and after `deadline` seconds kills its
    /// process group (Foundation's `Process` makes the child a group leader).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        workingDirectory: URL? = nil, input: String = "", deadline: Double? = nil
    ) throws -> Finished {
        let process = configured(executable, arguments, environment: environment, workingDirectory: workingDirectory)
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let started = Date()
        try process.run()

        let drained = DispatchGroup()
        let output = Captured()
        DispatchQueue.global().async(group: drained) { output.setOut(stdout.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: drained) { output.setErr(stderr.fileHandleForReading.readDataToEndOfFile()) }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try? stdin.fileHandleForWriting.close()

        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        var timedOut = false
        if let deadline, finished.wait(timeout: .now() + deadline) == .timedOut {
            timedOut = true
            kill(-process.processIdentifier, SIGKILL)
            finished.wait()
        } else if deadline == nil {
            finished.wait()
        }
        _ = drained.wait(timeout: .now() + 10)
        return Finished(
            status: process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus,
            wasSignaled: process.terminationReason == .uncaughtSignal,
            stdout: output.out, stderr: output.err,
            seconds: Date().timeIntervalSince(started), timedOut: timedOut
        )
    }

    /// Starts `executable` in the background; its standard input is `input` (a file) or
    /// empty, and both outputs go to `outputFile`, or nowhere.
    public static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        workingDirectory: URL? = nil, input: URL? = nil, outputFile: URL? = nil
    ) throws -> Running {
        let process = configured(executable, arguments, environment: environment, workingDirectory: workingDirectory)
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        if let outputFile {
            FileManager.default.createFile(atPath: outputFile.path, contents: nil)
            let handle = try FileHandle(forWritingTo: outputFile)
            process.standardOutput = handle
            process.standardError = handle
        } else {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return Running(process)
    }

    private static func configured(_ executable: URL, _ arguments: [String], environment: [String: String]?, workingDirectory: URL?) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        return process
    }

    /// Both outputs, written by the draining threads.
    private final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var outData = Data(), errData = Data()

        func setOut(_ data: Data) { lock.withLock { outData = data } }
        func setErr(_ data: Data) { lock.withLock { errData = data } }
        var out: String { lock.withLock { String(decoding: outData, as: UTF8.self) } }
        var err: String { lock.withLock { String(decoding: errData, as: UTF8.self) } }
    }
}
