import Foundation

/// Runs a program with a deadline, draining its output, and kills its process group if it
/// runs over, so a hung grader fails a test instead of hanging the suite.
enum BoundedRun {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
        var timedOut: Bool
    }

    static func run(_ executable: URL, _ arguments: [String], environment: [String: String], workingDirectory: URL, deadline seconds: Double) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = workingDirectory
        let stdout = Pipe(), stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let started = Date()
        try process.run()

        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = stderr.fileHandleForReading.readDataToEndOfFile() }

        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            finished.signal()
        }
        var timedOut = false
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            timedOut = true
            // Foundation's Process makes the child a process-group leader.
            kill(-process.processIdentifier, SIGKILL)
            finished.wait()
        }
        _ = group.wait(timeout: .now() + 10)
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            seconds: Date().timeIntervalSince(started),
            timedOut: timedOut
        )
    }
}

/// Processes whose command line carries a marker, read from /proc.
enum ProcessScan {
    static func processes(containing marker: String) -> [(pid: Int32, commandLine: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry), pid != getpid(),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !data.isEmpty else { return nil }
            let commandLine = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return commandLine.contains(marker) ? (pid, commandLine) : nil
        }
    }
}
