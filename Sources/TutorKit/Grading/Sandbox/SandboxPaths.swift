import Foundation

/// The host paths a test's filesystem view must hold for the runner to start, and nothing
/// more: the directories of the libraries it loads (as the dynamic loader lists them), at
/// the same places, with the symbolic links that lead to them (`/lib64` → `usr/lib64` on a
/// merged-/usr system), read-only.
///
///     let paths = SandboxPaths(libraries: ["/lib64/ld-linux-x86-64.so.2", "/opt/swift/usr/lib/swift/linux/libswiftCore.so"])
///     paths.directories   // ["/opt/swift/usr/lib/swift/linux", "/usr/lib/x86_64-linux-gnu"]
///     paths.links         // [/lib64 → usr/lib64, /usr/lib64/ld-linux-x86-64.so.2 → ../lib/x86_64-linux-gnu/…]
public struct SandboxPaths: Codable, Sendable, Equatable {
    /// A symbolic link to recreate in the view.
    public struct Link: Codable, Sendable, Equatable {
        /// What the link says, as it says it.
        public var target: String
        /// Where it is.
        public var path: String
    }

    /// Directories shown read-only at the same path.
    public var directories: [String]
    /// Links, parents first.
    public var links: [Link]

    /// The view that makes each of `libraries` reachable by the path given.
    public init(libraries: [String]) {
        var directories: Set<String> = []
        var links: [Link] = []
        for library in libraries {
            var path = library
            // Bounded: a loop of links ends here rather than spinning.
            for _ in 0..<16 {
                guard let (link, rest) = Self.firstLink(in: path) else {
                    directories.insert((path as NSString).deletingLastPathComponent)
                    break
                }
                if !links.contains(link) { links.append(link) }
                path = rest
            }
        }
        let sortedDirectories = directories.sorted()
        self.directories = sortedDirectories
        // A link inside a directory shown whole is there already.
        self.links = links.filter { link in
            let parent = (link.path as NSString).deletingLastPathComponent
            return !sortedDirectories.contains { parent == $0 || parent.hasPrefix($0 + "/") }
        }
    }

    /// The first symbolic link along `path`, and the path with that link followed.
    static func firstLink(in path: String) -> (Link, String)? {
        let components = path.split(separator: "/").map(String.init)
        var prefix = ""
        for (index, component) in components.enumerated() {
            let candidate = prefix + "/" + component
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate) {
                let base = target.hasPrefix("/") ? target : prefix + "/" + target
                let rest = components[(index + 1)...].joined(separator: "/")
                return (Link(target: target, path: candidate), lexicallyNormal(rest.isEmpty ? base : base + "/" + rest))
            }
            prefix = candidate
        }
        return nil
    }

    /// `path` without `.`, `..` or empty components, worked out on the text alone: Foundation's
    /// `standardizingPath` follows links, and the links on the way are what is wanted here.
    static func lexicallyNormal(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The libraries in `ldd`'s reports on programs, the dynamic loader included, each once.
    public static func libraries(inLoaderReport report: String) -> [String] {
        var seen = Set<String>()
        return report.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let arrow = fields.firstIndex(of: "=>"), arrow + 1 < fields.count, fields[arrow + 1].hasPrefix("/") {
                return String(fields[arrow + 1])
            }
            if let first = fields.first, first.hasPrefix("/") { return String(first) }
            return nil
        }.filter { seen.insert($0).inserted }
    }
}
