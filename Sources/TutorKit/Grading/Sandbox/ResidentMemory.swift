import Foundation

/// The resident memory of a process and everything below it, as `/proc` shows it: what the
/// grader's watchdog compares with a test's memory cap where no control group caps it (see
/// ``ProcessRequest/residentMemoryLimit``).
///
/// Each process's `VmRSS` and `VmPTE` from its `status`, summed over the tree found from
/// every thread's `/proc/PID/task/TID/children`. Page tables count because a test can make
/// them without making pages resident: reading one byte every 2 MiB of a large zeroed
/// allocation maps the shared zero page each time, yet costs the kernel a page-table page,
/// and a red team held 1.5 GB of them in one test that way while its `VmRSS` stayed small.
/// Both files may be read by anyone, for a process that is not dumpable as well. Threads
/// share their process's pages, so each process counts once; a process that ends while the
/// tree is read counts nothing.
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

    /// The bytes one process holds: its resident pages and its page tables.
    static func resident(_ pid: pid_t) -> Int? {
        read("/proc/\(pid)/status").flatMap(heldBytes(status:))
    }

    /// `VmRSS` plus `VmPTE` from the text of a `/proc/PID/status`, in bytes; nil when it
    /// has no `VmRSS` (a process that has ended, or a kernel thread).
    static func heldBytes(status: String) -> Int? {
        var resident: Int?
        var pageTables = 0
        for line in status.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let kibibytes = Int(fields[1]) else { continue }
            switch fields[0] {
            case "VmRSS:": resident = kibibytes * 1024
            case "VmPTE:": pageTables = kibibytes * 1024
            default: continue
            }
        }
        return resident.map { $0 + pageTables }
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
