import Foundation

/// Processes whose command line carries a marker, read from /proc.
enum ProcessScan {
    static func processes(containing marker: String) -> [(pid: Int32, commandLine: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry), pid != getpid(),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !data.isEmpty else { return nil }
            let commandLine = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return commandLine.contains(marker) ? (pid, commandLine) : nil
        }
    }
}
