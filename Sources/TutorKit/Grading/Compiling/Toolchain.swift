import Foundation

/// The Swift compiler the grader drives, and a fingerprint of it for the harness cache key.
public struct Toolchain: Sendable, Equatable {
    /// The `swiftc` to run.
    public var swiftc: URL
    /// Changes whenever the compiler does: the resolved paths, sizes and dates of the
    /// driver and the frontend. Cheaper than running `swiftc --version` on every check.
    public var fingerprint: String
    /// Flags that pick the toolchain's `lld` when it has one: linking a runner with lld
    /// takes about half the time of the default linker, and linking is most of a warm check.
    public var linkerFlags: [String] = []

    /// `CACHETUTOR_SWIFTC` when set, else the first `swiftc` on `PATH`.
    public static func locate(environment: [String: String]) throws(GradingError) -> Toolchain {
        let candidates: [String]
        if let explicit = environment["CACHETUTOR_SWIFTC"], !explicit.isEmpty {
            candidates = [explicit]
        } else {
            let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            candidates = path.split(separator: ":").map { "\($0)/swiftc" }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw .toolchainMissing
        }
        let swiftc = URL(fileURLWithPath: found)
        let resolved = swiftc.resolvingSymlinksInPath()
        let frontend = resolved.deletingLastPathComponent().appendingPathComponent("swift-frontend")
        let parts = [swiftc, resolved, frontend].map { url -> String in
            var status = stat()
            guard stat(url.path, &status) == 0 else { return url.path + ":absent" }
            return "\(url.path):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        let lld = resolved.deletingLastPathComponent().appendingPathComponent("ld.lld")
        let linkerFlags = FileManager.default.isExecutableFile(atPath: lld.path) ? ["-use-ld=lld"] : []
        return Toolchain(swiftc: swiftc, fingerprint: parts.joined(separator: "|"), linkerFlags: linkerFlags)
    }
}
