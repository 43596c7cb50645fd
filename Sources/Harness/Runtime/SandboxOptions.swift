import CacheEngine

/// How the grader asked the runner to confine a test, from the runner's command line.
///
///     runner run TEST --tests /cachetutor/Tests.so --submission /cachetutor/Submission.so --mechanism bubblewrap
///            --host-namespaces user:[4026531837],pid:[…],net:[…],mnt:[…] --hidden /home/you/course
///            --cpu-seconds 5 --processes 128 …
struct SandboxOptions {
    /// Who builds the sandbox: `bubblewrap` (already done when the runner starts),
    /// `namespaces` (the runner builds it itself) or `none`.
    var mechanism = "none"
    /// The exercise's tests library, loaded before the sandbox is up (`--tests`).
    var tests = ""
    /// The compiled submission to load once confined.
    var submission = ""
    /// The grader's own namespaces, `kind:id` by commas: a test is isolated in a kind when its id differs.
    var hostNamespaces: [String: String] = [:]
    /// A host path the test must not see when its filesystem is its own.
    var hiddenPath: String?
    /// For `namespaces`: host paths shown read-only at the same place (`--expose PATH`),
    /// symbolic links to recreate (`--link TARGET:PATH`), and files shown elsewhere (`--place SOURCE:PATH`).
    var exposed: [String] = []
    var links: [(target: String, path: String)] = []
    var placed: [(source: String, path: String)] = []
    /// Bytes for each of the writable `/tmp` and working directory.
    var scratchBytes = 16 << 20
    var cpuSeconds = 5
    /// RLIMIT_AS, only when asked for (`--address-space BYTES`): the grader no longer asks,
    /// since ThreadSanitizer's shadow memory needs terabytes of address space.
    var addressSpaceBytes = 0
    var processes = 128
    var fileSizeBytes = 1 << 20
    var openFiles = 64
    var dropToUser: UInt32?
    /// The engine's policy for caches made without one (`--engine-policy fifo`); nil keeps LRU.
    var enginePolicy: EvictionPolicy?
    /// Whether the grader tells stuck waits on ``ChannelDescriptor/notices`` (`--notices yes`; see `BoundedWait`).
    var notices = false

    /// Reads `--name value` pairs; unknown names are ignored so old runners stay usable.
    init(arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let name = iterator.next() {
            guard let value = iterator.next() else { break }
            switch name {
            case "--mechanism": mechanism = value
            case "--tests": tests = value
            case "--submission": submission = value
            case "--host-namespaces":
                for entry in value.split(separator: ",") {
                    guard let colon = entry.firstIndex(of: ":") else { continue }
                    hostNamespaces[String(entry[..<colon])] = String(entry[entry.index(after: colon)...])
                }
            case "--hidden": hiddenPath = value
            case "--expose": exposed.append(value)
            case "--link": if let pair = Self.pair(value) { links.append((pair.0, pair.1)) }
            case "--place": if let pair = Self.pair(value) { placed.append((pair.0, pair.1)) }
            case "--scratch-bytes": scratchBytes = Int(value) ?? scratchBytes
            case "--cpu-seconds": cpuSeconds = Int(value) ?? cpuSeconds
            case "--address-space": addressSpaceBytes = Int(value) ?? addressSpaceBytes
            case "--processes": processes = Int(value) ?? processes
            case "--file-size": fileSizeBytes = Int(value) ?? fileSizeBytes
            case "--open-files": openFiles = Int(value) ?? openFiles
            case "--drop-to-user": dropToUser = UInt32(value)
            case "--engine-policy": enginePolicy = EvictionPolicy(argument: value)
            case "--notices": notices = value == "yes"
            default: break
            }
        }
    }

    /// `A:B` split at its last colon (paths here never hold one; targets may not either).
    private static func pair(_ value: String) -> (String, String)? {
        guard let colon = value.lastIndex(of: ":") else { return nil }
        return (String(value[..<colon]), String(value[value.index(after: colon)...]))
    }
}
