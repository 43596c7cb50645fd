import Foundation

/// The resident memory of a process and everything below it, as `/proc` shows it: what the
/// grader's watchdog compares with a test's memory cap where no control group caps it (see
/// ``ProcessRequest/residentMemoryLimit``).
///
/// Each process's `VmRSS` (its `statm` resident pages, the same count), summed over the
/// tree found from every thread's `/proc/PID/task/TID/children`. Both files may be read by
/// anyone, for a process that is not dumpable as well. Threads share their process's pages,
/// so each process counts once; a process that ends while the tree is read counts nothing.
enum ResidentMemory {
    /// The most processes read in one tree; a test may have `SandboxLimits/processes` (128).
    static let treeLimit = 512

    /// Bytes resident in `root` and every process below it; nil when `root` is gone.
    static func ofTree(_ root: pid_t) -> Int? {
        guard let own = resident(root) else { return nil }
        var total = own
        var seen: Set<pid_t> = [root]
        var pending = children(of: root)
        while let pid = pending.popLast(), seen.count < treeLimit {
            guard seen.insert(pid).inserted else { continue }
            total += resident(pid) ?? 0
            pending += children(of: pid)
        }
        return total
    }

    /// The resident bytes of one process: the second field of `statm`, in pages.
    static func resident(_ pid: pid_t) -> Int? {
        guard let text = read("/proc/\(pid)/statm") else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func children(of pid: pid_t) -> [pid_t] {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return [] }
        return threads.flatMap { thread in
            (read("/proc/\(pid)/task/\(thread)/children") ?? "").split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
        }
    }

    private static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}
