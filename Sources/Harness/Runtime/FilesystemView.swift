import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The filesystem a test sees when the runner builds its sandbox itself (no bubblewrap):
/// the same view bubblewrap gives. A fresh tmpfs becomes the root; on it, read-only, the
/// directories the runtime loads from and the compiled submission; `/dev/null`, `/dev/zero`,
/// `/dev/random` and `/dev/urandom`; a `/proc` of the test's pid namespace; and two small
/// writable tmpfs, `/tmp` and the working directory `/work`, both `noexec`. Nothing else of
/// the host: after `pivot_root` the old root is detached.
///
/// Runs in the first process of the new pid and mount namespaces, before any submission
/// code, and returns false at the first step that fails, so a test never runs in half a view.
enum FilesystemView {
    static func build(_ options: SandboxOptions) -> Bool {
        // The runner starts in an empty directory the grader made for this test: its mount point.
        guard let root = currentDirectory() else { return false }
        guard linuxMount(nil, "/", nil, Linux.mountRecursive | Linux.mountPrivate, nil) == 0,
              linuxMount("tmpfs", root, "tmpfs", Linux.mountNoSetUID | Linux.mountNoDevices, "size=\(options.scratchBytes),mode=0755") == 0
        else { return false }

        for target in options.exposed {
            guard makeDirectories(root + target), bindReadOnly(target, at: root + target, allowDevices: false) else { return false }
        }
        for link in options.links {
            guard makeDirectories(root + parent(of: link.path)), symlink(link.target, root + link.path) == 0 else { return false }
        }
        for place in options.placed {
            guard makeDirectories(root + parent(of: place.path)), makeFile(root + place.path),
                  bindReadOnly(place.source, at: root + place.path, allowDevices: false)
            else { return false }
        }
        for device in ["null", "zero", "random", "urandom"] {
            guard makeDirectories(root + "/dev"), makeFile(root + "/dev/" + device),
                  bindReadOnly("/dev/" + device, at: root + "/dev/" + device, allowDevices: true)
            else { return false }
        }
        for scratch in ["/tmp", "/work"] {
            guard makeDirectories(root + scratch),
                  linuxMount("tmpfs", root + scratch, "tmpfs", Linux.mountNoSetUID | Linux.mountNoDevices | Linux.mountNoExec, "size=\(options.scratchBytes),mode=0777") == 0
            else { return false }
        }
        guard makeDirectories(root + "/proc"),
              linuxMount("proc", root + "/proc", "proc", Linux.mountNoSetUID | Linux.mountNoDevices | Linux.mountNoExec, nil) == 0,
              makeDirectories(root + "/.old"),
              linuxSyscall2(Linux.pivotRootCall, root, root + "/.old") == 0,
              chdir("/") == 0,
              linuxUnmount("/.old", Linux.detachUnmount) == 0,
              rmdir("/.old") == 0,
              linuxMount(nil, "/", nil, Linux.mountRemount | Linux.mountReadOnly | Linux.mountNoSetUID | Linux.mountNoDevices, nil) == 0,
              chdir("/work") == 0
        else { return false }
        return true
    }

    /// A mount this process sees, from `/proc/self/mountinfo`.
    struct Mount {
        var point: String
        /// The per-mount options (`rw`, `nosuid`, `noexec`, …).
        var options: Set<String>
    }

    /// The writable mounts this process sees, or nil when `/proc/self/mountinfo` cannot be read.
    static func writableMounts() -> [Mount]? {
        guard let data = FileHandle(forReadingAtPath: "/proc/self/mountinfo")?.readDataToEndOfFile(), !data.isEmpty else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> Mount? in
            let fields = line.split(separator: " ")
            guard fields.count > 5 else { return nil }
            let options = Set(fields[5].split(separator: ",").map(String.init))
            return options.contains("rw") ? Mount(point: String(fields[4]), options: options) : nil
        }
    }

    /// Remounts every writable mount `noexec`, keeping its other flags (which the kernel
    /// locks on mounts made outside the test's user namespace): bubblewrap has no option
    /// for it, so under bubblewrap the runner does it, with the one capability it was
    /// given for this, before it drops every capability.
    static func forbidExecutionOnWritableMounts() -> Bool {
        guard let mounts = writableMounts() else { return false }
        for mount in mounts where !mount.options.contains("noexec") {
            var flags = Linux.mountRemount | Linux.mountBind | Linux.mountNoExec
            for (option, flag) in [("nosuid", Linux.mountNoSetUID), ("nodev", Linux.mountNoDevices), ("noatime", UInt(1024)),
                                   ("nodiratime", UInt(2048)), ("relatime", Linux.mountRelativeAccessTime)] where mount.options.contains(option) {
                flags |= flag
            }
            guard linuxMount(nil, mount.point, nil, flags, nil) == 0 else { return false }
        }
        return writableMounts()?.allSatisfy { $0.options.contains("noexec") } == true
    }

    /// Binds `source` at `target` and makes the bind read-only, keeping the flags the
    /// kernel locks on mounts inherited from the host (a remount that drops one fails).
    private static func bindReadOnly(_ source: String, at target: String, allowDevices: Bool) -> Bool {
        guard linuxMount(source, target, nil, Linux.mountBind | Linux.mountRecursive, nil) == 0 else { return false }
        var status = statvfs()
        guard statvfs(source, &status) == 0 else { return false }
        var flags = Linux.mountRemount | Linux.mountBind | Linux.mountReadOnly | Linux.mountNoSetUID
        // statvfs's ST_* bits equal the MS_* ones, but for relatime.
        if !allowDevices || status.f_flag & 4 != 0 { flags |= Linux.mountNoDevices }
        flags |= status.f_flag & (8 | 1024 | 2048)
        if status.f_flag & 4096 != 0 { flags |= Linux.mountRelativeAccessTime }
        return linuxMount(nil, target, nil, flags, nil) == 0
    }

    private static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(cString: buffer)
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func makeDirectories(_ path: String) -> Bool {
        var built = ""
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    private static func makeFile(_ path: String) -> Bool {
        let descriptor = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
    }
}
