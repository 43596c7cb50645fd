#if canImport(Glibc)
import Foundation
import Glibc
import TutorTestSupport
#endif

/// A TCP listener on 127.0.0.1 that counts the connections it accepts, for checking that no
/// sandboxed test reaches the host's loopback. The hostile fixture `45-connects-to-loopback`
/// tries ports 47613 to 47615; the listener takes the first of them that is free.
final class LoopbackListener: @unchecked Sendable {
    static let ports: ClosedRange<UInt16> = 47613...47615
    static let shared = LoopbackListener()

    /// The port listened on, or nil when none of ``ports`` was free.
    let port: UInt16?
    private let lock = NSLock()
    private var accepted = 0

    /// Connections accepted so far.
    var connections: Int { lock.withLock { accepted } }

    private init() {
        var listening: (descriptor: Int32, port: UInt16)?
        for port in Self.ports {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { continue }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound == 0, listen(descriptor, 16) == 0 {
                listening = (descriptor, port)
                break
            }
            close(descriptor)
        }
        port = listening?.port
        guard let descriptor = listening?.descriptor else { return }
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(descriptor, nil, nil)
                if connection >= 0 {
                    lock.withLock { accepted += 1 }
                    close(connection)
                } else if errno != EINTR {
                    return
                }
            }
        }
    }
}

/// Files with a unique token planted where no test should be able to read them.
struct PlantedCanaries {
    /// Every planted file's text.
    let token: String
    let files: [URL]

    /// Plants `cachetutor-canary-*.txt` in each folder.
    init(in folders: [URL]) throws {
        token = "canary-file-\(UUID().uuidString)"
        var files: [URL] = []
        for (index, folder) in folders.enumerated() {
            let file = folder.appendingPathComponent("cachetutor-canary-\(index).txt")
            try Data((token + "\n").utf8).write(to: file)
            files.append(file)
        }
        self.files = files
    }
}

/// The wrapper that refuses user namespaces to everything below it, and why it cannot run here.
enum NoUserNamespaces {
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    static let script = Cachetutor.packageRoot.appendingPathComponent("Tests/EndToEndTests/Support/no-user-namespaces.py")

    /// Nil when the wrapper can run; otherwise why not.
    static let unavailable: String? = {
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return "no /usr/bin/python3" }
        guard let probe = try? ChildProcess.run(python, ["-c", "import seccomp"], environment: ["PATH": "/usr/bin:/bin"],
                                              workingDirectory: FileManager.default.temporaryDirectory, deadline: 30),
              probe.status == 0
        else { return "python3-seccomp is not installed (apt-get install python3-seccomp): 'import seccomp' fails" }
        return nil
    }()
}
