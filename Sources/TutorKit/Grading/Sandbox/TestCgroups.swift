import Foundation
import Synchronization

/// Memory and process caps for a whole test, every process and thread of it together: a
/// control group per test, under one of the grader's own.
///
/// cgroup v1 where the grader may write the `memory` and `pids` hierarchies (as root), v2
/// where the grader's own cgroup has both controllers delegated to it. Where neither is
/// there, the grader's watchdog caps the test's resident memory instead
/// (``ProcessRequest/residentMemoryLimit``); there is no RLIMIT_AS, which ThreadSanitizer's
/// shadow memory rules out (``SandboxLimits/wholeTestMemoryBytes``).
///
/// A test process enters its group before it starts: the request runs `/bin/sh`, which
/// writes its own pid into the group's `cgroup.procs` and only then `exec`s the sandbox, so
/// everything the test will ever start is counted. A write that fails ends it there, and
/// the test reports no sandbox: a grader fault, never an uncapped test.
public struct TestCgroups: Sendable, Equatable {
    /// Which kind of control group.
    public enum Version: String, Sendable, Equatable {
        case v1
        case v2
    }

    /// The kind in use.
    public var version: Version
    /// The grader's own groups, one per hierarchy (`memory` and `pids` in v1; one in v2).
    var parents: [URL]
    /// Bytes of memory each test may use in all, page cache and tmpfs included.
    var memoryBytes: Int
    /// Processes and threads each test may have at once.
    var tasks: Int

    /// One test's group.
    public struct Group: Sendable {
        let folders: [URL]
        let version: Version

        /// `request`, started in this group.
        func wrap(_ request: ProcessRequest) -> ProcessRequest {
            var wrapped = request
            let entries = folders.map { "echo $$ > '\($0.appendingPathComponent("cgroup.procs").path)'" }.joined(separator: " && ")
            wrapped.executable = "/bin/sh"
            wrapped.arguments = ["-c", entries + " && exec \"$@\"", "sh", request.executable] + request.arguments
            return wrapped
        }

        /// Whether the kernel ended a process of the test for going over the memory cap.
        var wentOverMemory: Bool {
            let (file, key) = version == .v1 ? ("memory.oom_control", "oom_kill") : ("memory.events", "oom_kill")
            guard let text = try? String(contentsOf: folders[0].appendingPathComponent(file), encoding: .utf8) else { return false }
            return text.split(separator: "\n").contains { line in
                let fields = line.split(separator: " ")
                return fields.count == 2 && fields[0] == key && (Int(fields[1]) ?? 0) > 0
            }
        }

        /// Whether the test has reached its memory cap: the kernel then reclaims what it can
        /// (the runner's own pages included) before it kills anything, which can take longer
        /// than the test's wall clock. v1 counts every time the cap is hit (`memory.failcnt`),
        /// v2 every time usage hits `memory.max` (`max` in `memory.events`).
        var reachedMemoryCap: Bool {
            if version == .v1 {
                guard let text = try? String(contentsOf: folders[0].appendingPathComponent("memory.failcnt"), encoding: .utf8) else { return false }
                return (Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0
            }
            guard let text = try? String(contentsOf: folders[0].appendingPathComponent("memory.events"), encoding: .utf8) else { return false }
            return text.split(separator: "\n").contains { line in
                let fields = line.split(separator: " ")
                return fields.count == 2 && fields[0] == "max" && (Int(fields[1]) ?? 0) > 0
            }
        }

        /// The most memory the group has held at once, or nil where the kernel does not say.
        var peakMemory: Int? {
            let file = version == .v1 ? "memory.max_usage_in_bytes" : "memory.peak"
            guard let text = try? String(contentsOf: folders[0].appendingPathComponent(file), encoding: .utf8) else { return nil }
            return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        }

        /// Removes the group; its processes are gone (the runner killed the process group),
        /// though the kernel may take a moment to let go of the last one.
        func remove() {
            for folder in folders {
                var tries = 0
                while rmdir(folder.path) != 0, errno == EBUSY, tries < 50 {
                    tries += 1
                    usleep(1000)
                }
            }
        }
    }

    /// The grader's groups, made now, or nil where this machine gives none to it.
    /// `CACHETUTOR_CGROUP=none` turns them off (tests use it to exercise the fallback).
    public static func prepare(limits: SandboxLimits, environment: [String: String]) -> TestCgroups? {
        guard environment["CACHETUTOR_CGROUP"] != "none" else { return nil }
        let own = ownGroups((try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? "")
        let name = "cachetutor-\(getpid())-\(UInt32.random(in: .min ... .max))"
        guard let groups = v1(own: own, name: name, limits: limits) ?? v2(own: own, name: name, limits: limits) else { return nil }
        _ = removedAtExit
        live.withLock { $0 += groups.parents }
        return groups
    }

    /// The grader groups this process made and has not removed yet. A command ends with
    /// `exit`, which runs no deinitialiser, so they are removed as the process exits; those
    /// of a grader that was killed, by the next grader (``pruneAbandoned(in:)``).
    private static let live = Mutex<[URL]>([])
    private static let removedAtExit: Void = {
        atexit { TestCgroups.live.withLock { parents in parents.forEach { rmdir($0.path) } } }
    }()

    /// This process's group in each hierarchy, from `/proc/self/cgroup` (`4:memory:/a/b`):
    /// by controller name, and the v2 group under the empty name.
    static func ownGroups(_ text: String) -> [String: String] {
        var groups: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            for controller in fields[1].split(separator: ",", omittingEmptySubsequences: false) {
                groups[String(controller)] = String(fields[2])
            }
        }
        return groups
    }

    private static func v1(own: [String: String], name: String, limits: SandboxLimits) -> TestCgroups? {
        var parents: [URL] = []
        for controller in ["memory", "pids"] {
            let root = URL(fileURLWithPath: "/sys/fs/cgroup/\(controller)")
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent("cgroup.procs").path), let path = own[controller] else {
                parents.forEach { rmdir($0.path) }
                return nil
            }
            let parent = root.appendingPathComponent(path).appendingPathComponent(name)
            pruneAbandoned(in: parent.deletingLastPathComponent())
            guard mkdir(parent.path, 0o755) == 0 else {
                parents.forEach { rmdir($0.path) }
                return nil
            }
            parents.append(parent)
        }
        return TestCgroups(version: .v1, parents: parents, memoryBytes: limits.wholeTestMemoryBytes, tasks: limits.processes)
    }

    private static func v2(own: [String: String], name: String, limits: SandboxLimits) -> TestCgroups? {
        let root = URL(fileURLWithPath: "/sys/fs/cgroup")
        guard let path = own[""], FileManager.default.fileExists(atPath: root.appendingPathComponent("cgroup.controllers").path) else { return nil }
        let home = root.appendingPathComponent(path)
        let delegated = (try? String(contentsOf: home.appendingPathComponent("cgroup.subtree_control"), encoding: .utf8)) ?? ""
        guard delegated.contains("memory"), delegated.contains("pids") else { return nil }
        let parent = home.appendingPathComponent(name)
        pruneAbandoned(in: home)
        guard mkdir(parent.path, 0o755) == 0 else { return nil }
        guard write("+memory +pids", to: parent.appendingPathComponent("cgroup.subtree_control")) else {
            rmdir(parent.path)
            return nil
        }
        return TestCgroups(version: .v2, parents: [parent], memoryBytes: limits.wholeTestMemoryBytes, tasks: limits.processes)
    }

    /// A group for one test, its caps set.
    func group(named name: String) throws(GradingError) -> Group {
        var folders: [URL] = []
        for parent in parents {
            let folder = parent.appendingPathComponent(name)
            guard mkdir(folder.path, 0o755) == 0 else {
                Group(folders: folders, version: version).remove()
                throw .workspace(path: folder.path, reason: "cannot create the test's control group (\(String(cString: strerror(errno))))")
            }
            folders.append(folder)
        }
        let settings: [(String, String)] = version == .v1
            ? [("memory.limit_in_bytes", String(memoryBytes)), ("memory.memsw.limit_in_bytes", String(memoryBytes)), ("pids.max", String(tasks))]
            : [("memory.max", String(memoryBytes)), ("memory.swap.max", "0"), ("pids.max", String(tasks))]
        for (file, value) in settings {
            guard let folder = folders.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent(file).path) }) else {
                // Swap accounting is optional; the other two are what the caps are.
                if file.contains("swap") || file.contains("memsw") { continue }
                Group(folders: folders, version: version).remove()
                throw .workspace(path: folders[0].path, reason: "the control group has no \(file)")
            }
            if !Self.write(value, to: folder.appendingPathComponent(file)), !(file.contains("swap") || file.contains("memsw")) {
                Group(folders: folders, version: version).remove()
                throw .workspace(path: folder.path, reason: "cannot set \(file) of the test's control group")
            }
        }
        return Group(folders: folders, version: version)
    }

    /// Removes the grader's own groups, once no test is left in them.
    public func remove() {
        parents.forEach { rmdir($0.path) }
        Self.live.withLock { live in live.removeAll { parents.contains($0) } }
    }

    /// Groups of graders that are gone (killed before they could remove theirs).
    private static func pruneAbandoned(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix("cachetutor-") {
            guard let pid = name.split(separator: "-").dropFirst().first.flatMap({ Int32($0) }), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let abandoned = folder.appendingPathComponent(name)
            for child in (try? FileManager.default.contentsOfDirectory(atPath: abandoned.path)) ?? [] where child.hasPrefix("test-") {
                rmdir(abandoned.appendingPathComponent(child).path)
            }
            rmdir(abandoned.path)
        }
    }

    private static func write(_ value: String, to file: URL) -> Bool {
        let descriptor = open(file.path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(value.utf8)
        return Glibc.write(descriptor, bytes, bytes.count) == bytes.count
    }
}
