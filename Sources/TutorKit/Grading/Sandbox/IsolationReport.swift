/// Which layers of isolation a test ran with, as the test process measured them from inside.
///
///     IsolationReport(mechanism: .bubblewrap, user: true, pid: true, network: true, mount: true).isComplete  // true
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

    /// Whether every layer is there.
    public var isComplete: Bool { user && pid && network && mount }

    /// The missing layers, by name (`user`, `pid`, `network`, `filesystem`).
    public var missingLayers: [String] {
        [("user", user), ("pid", pid), ("network", network), ("filesystem", mount)].filter { !$0.1 }.map(\.0)
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
