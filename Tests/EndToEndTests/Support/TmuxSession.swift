import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TutorTestSupport

/// A program running in a real terminal inside tmux, driven by keystrokes and read back
/// from the screen, for tests of line editing that a pipe cannot show.
///
/// Each instance uses a private tmux server (`-L`), so tests never touch a user's tmux.
///
///     let tmux = try TmuxSession(command: "cachetutor learn", environment: [...])
///     try tmux.send("ne", "Tab", "Enter")
///     try tmux.waitFor("2/3 ›")
final class TmuxSession {
    /// Whether a tmux binary is on the PATH.
    static var isAvailable: Bool { executable != nil }

    private static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let socket = "cachetutor-test-\(UUID().uuidString.prefix(8))"
    private let target = "learn"

    /// The longest a program may run, in seconds, and how long the pane stays open after
    /// it ends: if the test process dies before ``kill()`` (a crash, a runner's time limit),
    /// the program and then the tmux server still end on their own.
    static let programTimeLimit = 120
    static let lingerAfterExit = 60

    /// Whether ``kill()`` ran.
    private var killed = false

    /// Starts `arguments` (a program and its arguments) in a new detached window of `columns`×`rows`.
    /// When the program ends, the pane shows `EXITED <status>` and stays open for a while.
    /// Call ``kill()`` in a `defer` right after starting one.
    init(_ arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 30) throws {
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }
        // --foreground keeps the program in the terminal's foreground process group, so it
        // can still read the keyboard.
        let limit = "timeout --foreground -k 5 \(Self.programTimeLimit) "
        let command = "env " + assignments.joined(separator: " ") + " " + limit + arguments.map(Self.quote).joined(separator: " ")
            + "; echo EXITED $?; sleep \(Self.lingerAfterExit)"
        try tmux(["new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", command], readOutput: false)
        socketPath = try? tmux(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Where the server listens; the server leaves the file behind when killed.
    private var socketPath: String?

    deinit { kill() }

    /// Ends the tmux server and the program in it. Safe to call more than once.
    func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux(["kill-server"], readOutput: false)
        if let socketPath, !socketPath.isEmpty { unlink(socketPath) }
    }

    /// Whether this session's tmux server still answers.
    var serverIsRunning: Bool {
        (try? tmux(["list-sessions", "-F", "up"]))?.contains("up") ?? false
    }

    /// Whether the server's socket file is still there.
    var socketFileExists: Bool {
        socketPath.map { FileManager.default.fileExists(atPath: $0) } ?? false
    }

    /// The process id of the shell running the program in the pane.
    func paneProcessID() throws -> pid_t? {
        pid_t(try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Sends keys: literal text, or tmux key names such as `Enter`, `Tab`, `Up`, `C-c`, `C-d`.
    func send(_ keys: String...) throws {
        for key in keys {
            let isKeyName = ["Enter", "Tab", "Up", "Down", "BSpace", "Escape"].contains(key) || key.hasPrefix("C-")
            try tmux(["send-keys", "-t", target] + (isKeyName ? [] : ["-l"]) + [key], readOutput: false)
        }
    }

    /// The visible screen, one string per row, trailing blanks trimmed.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", target]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The last non-empty row of the screen (where the prompt and typed text are).
    func lastLine() throws -> String {
        try screen().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    /// Polls the screen until `predicate` holds, or throws after `timeout` seconds with the
    /// screen as it was.
    @discardableResult
    func waitUntil(_ what: String, timeout: TimeInterval = 10, _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var rows = try screen()
        while !predicate(rows) {
            guard Date() < deadline else { throw Timeout(waitingFor: what, screen: rows.joined(separator: "\n")) }
            usleep(50_000)
            rows = try screen()
        }
        return rows
    }

    /// Polls until `text` is on the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitUntil("'\(text)'", timeout: timeout) { rows in rows.contains { $0.contains(text) } }
    }

    /// Polls until the last non-empty row is exactly `line` (trailing spaces ignored).
    func waitForLastLine(_ line: String, timeout: TimeInterval = 10) throws {
        let wanted = line.trimmingCharacters(in: .whitespaces)
        try waitUntil("last line '\(line)'", timeout: timeout) { rows in
            (rows.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "").trimmingCharacters(in: .whitespaces) == wanted
        }
    }

    /// The screen did not show what a test waited for.
    struct Timeout: Error, CustomStringConvertible {
        let waitingFor: String
        let screen: String
        var description: String { "timed out waiting for \(waitingFor); the screen was:\n\(screen)" }
    }

    /// Runs one tmux command and returns what it printed.
    ///
    /// The tmux server is forked from the first client and outlives it, keeping what that
    /// client had; ``Spawn`` gives the client nothing of this process's but the output pipe,
    /// and only when the output is read.
    @discardableResult
    private func tmux(_ arguments: [String], readOutput: Bool = true) throws -> String {
        let argv = [Self.executable ?? "/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let pipe = readOutput ? try Spawn.pipe() : nil
        let pid: pid_t
        do {
            pid = try Spawn.start(argv[0], Array(argv.dropFirst()), stdout: pipe.map { .descriptor($0.write) } ?? .null)
        } catch {
            if let pipe {
                close(pipe.read)
                close(pipe.write)
            }
            throw error
        }
        var output = Data()
        if let pipe {
            close(pipe.write)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(pipe.read, &buffer, buffer.count)
                if count > 0 { output.append(contentsOf: buffer[0..<count]) } else if count == 0 || errno != EINTR { break }
            }
            close(pipe.read)
        }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
