import Foundation
import TutorTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The toolchain's `sourcekit-lsp`, driven as an editor drives it: JSON-RPC messages, each
/// headed by `Content-Length`, on its standard input and output. Started with ``Spawn`` in a
/// process group of its own, which ``close()`` ends whole.
///
///     let server = try LanguageServer(executable: path, workspace: folder, environment: env)
///     defer { server.close() }
///     try server.open(file)
///     let errors = try server.errors(in: file)   // what `textDocument/diagnostic` answers
final class LanguageServer: @unchecked Sendable {
    /// A message the server sent: a reply (with `id`) or a notification (with `method`).
    typealias Message = [String: Any]

    /// The server did not answer in time, answered with an error, or went away.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `sourcekit-lsp` on the `PATH`, if there is one.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("sourcekit-lsp") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private let state = NSCondition()
    private var received: [Message] = []
    private var ended = false
    private var closed = false
    private var nextID = 0
    private let writing = NSLock()

    /// Starts the server on `workspace` (its root, as an editor's open folder) and completes
    /// the `initialize` handshake.
    init(executable: URL, workspace: URL, environment: [String: String]) throws {
        let toServer = try Spawn.pipe(), fromServer = try Spawn.pipe()
        let log = Glibc.open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { Glibc.close(log) }
        do {
            pid = try Spawn.start(executable.path, [], environment: environment, workingDirectory: workspace.path,
                                  stdin: .descriptor(toServer.read), stdout: .descriptor(fromServer.write), stderr: .descriptor(log),
                                  newProcessGroup: true)
        } catch {
            [toServer.read, toServer.write, fromServer.read, fromServer.write].forEach { Glibc.close($0) }
            throw error
        }
        Glibc.close(toServer.read)
        Glibc.close(fromServer.write)
        input = toServer.write
        output = fromServer.read
        Thread { [self] in readMessages() }.start()
        _ = try request("initialize", [
            "processId": Int(getpid()),
            "rootUri": workspace.absoluteString,
            "capabilities": ["textDocument": [
                "publishDiagnostics": [:] as [String: Any],
                "diagnostic": ["dynamicRegistration": false],
                "completion": ["completionItem": ["snippetSupport": false]],
            ]],
        ], timeout: 30)
        notify("initialized", [:])
    }

    /// Opens `file` with `text` (default: what is on disk), as an editor does when it shows it.
    func open(_ file: URL, text: String? = nil) throws {
        let contents = try text ?? String(contentsOf: file, encoding: .utf8)
        notify("textDocument/didOpen", ["textDocument": ["uri": file.absoluteString, "languageId": "swift", "version": 1, "text": contents]])
    }

    /// The errors the server reports for `file` when asked (`textDocument/diagnostic`), each
    /// as its 1-based line and message.
    func errors(in file: URL, timeout: Double = 30) throws -> [(line: Int, message: String)] {
        let reply = try request("textDocument/diagnostic", ["textDocument": ["uri": file.absoluteString]], timeout: timeout)
        return Self.errors(among: (reply as? [String: Any])?["items"] as? [[String: Any]] ?? [])
    }

    /// The first `textDocument/publishDiagnostics` the server sends for `file`: its errors,
    /// as ``errors(in:timeout:)`` gives them.
    func publishedErrors(for file: URL, timeout: Double = 30) throws -> [(line: Int, message: String)] {
        let message = try wait(timeout: timeout, for: "diagnostics published for \(file.lastPathComponent)") { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics" else { return false }
            return (message["params"] as? [String: Any])?["uri"] as? String == file.absoluteString
        }
        return Self.errors(among: (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? [])
    }

    /// The diagnostics of severity 1 (error), each as its 1-based line and message.
    private static func errors(among diagnostics: [[String: Any]]) -> [(line: Int, message: String)] {
        diagnostics.filter { ($0["severity"] as? Int) == 1 }.map { item in
            let start = ((item["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1
            return (start + 1, item["message"] as? String ?? "")
        }
    }

    /// What completion offers at `line` and `character` (both 0-based, as LSP counts) in
    /// `file`: each item's `filterText`, the selector without labels' underscores
    /// (`setObject(:forKey:cost:)`), else its label.
    func completions(in file: URL, line: Int, character: Int, timeout: Double = 30) throws -> [String] {
        let reply = try request("textDocument/completion", [
            "textDocument": ["uri": file.absoluteString], "position": ["line": line, "character": character],
        ], timeout: timeout)
        let items = (reply as? [String: Any])?["items"] as? [[String: Any]] ?? (reply as? [[String: Any]] ?? [])
        return items.compactMap { ($0["filterText"] as? String) ?? ($0["label"] as? String) }
    }

    /// Asks the server to shut down, then ends its process group whatever it did. Call it
    /// once the test is done (`defer`): the thread reading the server holds it until then.
    func close() {
        let first = state.withLock { () -> Bool in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        send(["jsonrpc": "2.0", "id": 0, "method": "shutdown"])
        send(["jsonrpc": "2.0", "method": "exit"])
        Glibc.close(input)
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// Sends a request and waits for its reply's `result`.
    private func request(_ method: String, _ params: [String: Any], timeout: Double) throws -> Any? {
        let id = state.withLock { () -> Int in
            nextID += 1
            return nextID
        }
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        let reply = try wait(timeout: timeout, for: "the reply to \(method)") { ($0["id"] as? Int) == id && $0["method"] == nil }
        if let error = reply["error"] { throw Failure(description: "\(method) failed: \(error)") }
        return reply["result"]
    }

    private func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private func send(_ message: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
        let framed = Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        writing.withLock {
            framed.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(input, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }

    /// Takes the first message `matches` accepts out of what has come, waiting for it up to
    /// `timeout` seconds.
    private func wait(timeout: Double, for what: String, _ matches: (Message) -> Bool) throws -> Message {
        let deadline = Date().addingTimeInterval(timeout)
        return try state.withLock {
            while true {
                if let index = received.firstIndex(where: matches) { return received.remove(at: index) }
                if ended { throw Failure(description: "sourcekit-lsp ended before \(what)") }
                guard state.wait(until: deadline) else { throw Failure(description: "no \(what) within \(Int(timeout)) s") }
            }
        }
    }

    /// Reads framed messages until the server's output closes; answers the server's own
    /// requests (progress tokens, registrations) with an empty result, as a plain editor may.
    private func readMessages() {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            while let headerEnd = buffer.range(of: separator) {
                let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
                guard let length = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") })
                    .flatMap({ Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }),
                    buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length
                else { break }
                let body = buffer[headerEnd.upperBound..<(headerEnd.upperBound + length)]
                buffer = Data(buffer[(headerEnd.upperBound + length)...])
                guard let message = (try? JSONSerialization.jsonObject(with: body)) as? Message else { continue }
                if let id = message["id"], message["method"] != nil {
                    send(["jsonrpc": "2.0", "id": id, "result": NSNull()])
                    continue
                }
                state.withLock {
                    received.append(message)
                    state.broadcast()
                }
            }
            let count = read(output, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.append(contentsOf: chunk[0..<count])
        }
        Glibc.close(output)
        state.withLock {
            ended = true
            state.broadcast()
        }
    }
}
