import Foundation

/// The Swift compiler the grader drives, and a fingerprint of it for the harness cache key.
public struct Toolchain: Sendable, Equatable {
    /// The `swiftc` to run.
    public var swiftc: URL
    /// Changes whenever the compiler does: the resolved paths, sizes and dates of the
    /// driver and the frontend. Cheaper than running `swiftc --version` on every check.
    public var fingerprint: String
    /// `clang` flags that pick the toolchain's `lld` when it has one: lld links a runner
    /// in about half the time of the default linker.
    public var linkerFlags: [String] { lld == nil ? [] : ["-fuse-ld=lld"] }

    /// The toolchain's folder (`usr`), found from the resolved `swiftc`.
    public var prefix: URL { swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent() }
    /// The C compiler driver beside `swiftc`, which links runners and submissions without
    /// the Swift driver's defaults.
    public var clang: URL { prefix.appendingPathComponent("bin/clang") }
    /// The toolchain's `ld.lld`, when it has one.
    public var lld: URL? {
        let lld = prefix.appendingPathComponent("bin/ld.lld")
        return FileManager.default.isExecutableFile(atPath: lld.path) ? lld : nil
    }
    /// The static Swift runtime and Foundation archives the runner is linked from.
    public var staticLibraries: URL { prefix.appendingPathComponent("lib/swift_static/linux", isDirectory: true) }
    /// The object that registers a Swift image's metadata with the runtime when it loads;
    /// every image (the runner, each submission) links one.
    public var imageRegistration: URL {
        #if arch(arm64)
        let machine = "aarch64"
        #else
        let machine = "x86_64"
        #endif
        return prefix.appendingPathComponent("lib/swift/linux/\(machine)/swiftrt.o")
    }

    /// The modules whose macros the toolchain's compiler plugins implement (`SwiftMacros`,
    /// `FoundationMacros`, …): every plugin in the folders the driver searches.
    public var macroPluginModules: [String] {
        let folders = ["lib/swift/host/plugins", "local/lib/swift/host/plugins"].map { prefix.appendingPathComponent($0).path }
        let names = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).compactMap { file -> String? in
                if file.hasPrefix("lib") && file.hasSuffix(".so") { return String(file.dropFirst(3).dropLast(3)) }
                return FileManager.default.isExecutableFile(atPath: folder + "/" + file) ? file : nil
            }
        }
        return Array(Set(names)).sorted()
    }

    /// Compiler flags under which no macro plugin can run: each plugin module is bound to a
    /// program that does not exist, so any expansion of theirs (or of a macro a file declares
    /// on them) is a compile error. A macro's expansion is code no check of the file's text
    /// can read, and the standard library's own pass strings through as code.
    public var withoutMacroPlugins: [String] {
        let modules = macroPluginModules
        guard !modules.isEmpty else { return [] }
        return ["-Xfrontend", "-load-plugin-executable", "-Xfrontend", "/dev/null/no-macro-plugins#" + modules.joined(separator: ",")]
    }

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
        return Toolchain(swiftc: swiftc, fingerprint: parts.joined(separator: "|"))
    }
}
