import Foundation

/// Prints rows as a table for people or as JSON lines for tools.
struct Report {
    let json: Bool

    func header() {
        guard !json else { return }
        print(pad("workload", 24) + pad("entries", 9, right: true) + pad("threads", 8, right: true) + "  "
            + pad("impl", 11) + pad("ns/op", 10, right: true) + pad("wall ns/op", 12, right: true) + pad("hit ratio", 11, right: true))
    }

    func row(_ row: Measurement) {
        if json {
            let hit = row.hitRatio.map { String(format: "%.4f", $0) } ?? "null"
            print(#"{"workload":"\#(row.workload.rawValue)","impl":"\#(row.impl)","entries":\#(row.entries),"threads":\#(row.threads),"ns_per_op":\#(String(format: "%.1f", row.nanosecondsPerOperation)),"hit_ratio":\#(hit),"wall_ns_per_op":\#(String(format: "%.1f", row.wallNanosecondsPerOperation))}"#)
        } else {
            print(pad(row.workload.rawValue, 24) + pad(String(row.entries), 9, right: true) + pad(String(row.threads), 8, right: true) + "  "
                + pad(row.impl, 11) + pad(String(format: "%.1f", row.nanosecondsPerOperation), 10, right: true)
                + pad(String(format: "%.1f", row.wallNanosecondsPerOperation), 12, right: true)
                + pad(row.hitRatio.map { String(format: "%.3f", $0) } ?? "-", 11, right: true))
        }
        fflush(nil)
    }

    func note(_ text: String) {
        if json {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            print(text)
        }
    }

    /// Target lines go to standard error with `--json`, so standard output stays one
    /// measurement per line.
    func targets(_ targets: [Target]) {
        for target in targets {
            if json {
                FileHandle.standardError.write(Data((target.json + "\n").utf8))
            } else {
                print(target.line)
            }
        }
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let gap = String(repeating: " ", count: max(0, width - text.count))
        return right ? gap + text : text + gap
    }
}
