/// Which layers of isolation a test ran with, as the test process measured them from inside.
///
///     IsolationReport(mechanism: .bubblewrap, user: true, pid: true, network: true, mount: true, code: true, noexec: true).isComplete  // true
public struct IsolationReport: Codable, Sendable, Equatable {
    /// Who built the sandbox.
    public var mechanism: SandboxMechanism
    /// A user namespace of its own: no capability over anything of the host.
    public var user: Bool
    /// A pid namespace of its own: no view of the grader or other processes.
    public var pid: Bool
    /// A network namespace of its own: no network at all.
    public var network: Bool
    /// A mount namespace and a filesystem view of its own: nothing of the host's files.
    public var mount: Bool
    /// No new executable code once the submission is loaded: the runner's seccomp filter
    /// refuses executable mappings, programs and new processes (`CodeLock`).
    public var code: Bool
    /// Every writable mount the test sees is `noexec`.
    public var noexec: Bool

    /// A report with every layer given.
    public init(mechanism: SandboxMechanism, user: Bool, pid: Bool, network: Bool, mount: Bool, code: Bool, noexec: Bool) {
        self.mechanism = mechanism
        self.user = user
        self.pid = pid
        self.network = network
        self.mount = mount
        self.code = code
        self.noexec = noexec
    }

    /// Reads reports saved before `code` and `noexec` were measured as missing those layers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mechanism = try container.decode(SandboxMechanism.self, forKey: .mechanism)
        user = try container.decode(Bool.self, forKey: .user)
        pid = try container.decode(Bool.self, forKey: .pid)
        network = try container.decode(Bool.self, forKey: .network)
        mount = try container.decode(Bool.self, forKey: .mount)
        code = try container.decodeIfPresent(Bool.self, forKey: .code) ?? false
        noexec = try container.decodeIfPresent(Bool.self, forKey: .noexec) ?? false
    }

    /// Whether every layer is there.
    public var isComplete: Bool { user && pid && network && mount && code && noexec }

    /// The missing layers, by name (`user`, `pid`, `network`, `filesystem`, `code-lock`, `noexec`).
    public var missingLayers: [String] {
        [("user", user), ("pid", pid), ("network", network), ("filesystem", mount), ("code-lock", code), ("noexec", noexec)]
            .filter { !$0.1 }.map(\.0)
    }
}

/// Who builds a test's sandbox.
public enum SandboxMechanism: String, Codable, Sendable, CaseIterable {
    /// bubblewrap (`bwrap`), where it is installed and the kernel lets it create namespaces.
    case bubblewrap
    /// The runner itself, with `unshare` and `pivot_root`, where bubblewrap is missing.
    case namespaces
    /// Neither worked: limits only.
    case none
}
