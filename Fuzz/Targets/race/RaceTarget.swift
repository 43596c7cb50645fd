@testable import TutorGrading

/// What turns a ThreadSanitizer report into the learner's two lines. The input is a test's
/// standard error, then after a NUL the symbolizer's JSON, then after another NUL the
/// learner's source. The report found has two accesses whose frames are offsets of the
/// submission within the documented bound; a line found for a frame is one the symbolizer
/// gave; the message names the learner's file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRace(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let parts = FuzzInput.bytes(start, count).split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let output = String(decoding: parts[0], as: UTF8.self)
    let json = parts.count > 1 ? Array(parts[1]) : []
    let source = parts.count > 2 ? String(decoding: parts[2], as: UTF8.self) : ""
    let rows = RaceReport.rows(inSymbolizerJSON: json)
    guard let report = RaceReport.parse(output, module: "Submission.so") else { return 0 }
    FuzzCheck.expect(output.contains(RaceReport.marker), "a race report from output without the sanitizer's marker")
    // Each of the two accesses has a line of its own (the first may share the marker's).
    FuzzCheck.expect(output.split(separator: "\n").count >= 2, "a race report from one line")
    let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let known = Set(rows.values.map(\.line))
    var lines: [Int?] = []
    for access in [report.current, report.previous] {
        for offset in access.offsets {
            FuzzCheck.expect(offset >= 0 && offset <= RaceReport.maximumOffset, "a frame at offset \(offset)")
        }
        let line = access.offsets.lazy.compactMap {
            RaceReport.line(ofFrame: $0, in: rows, sourceName: "ThumbnailCache.swift", source: sourceLines)
        }.first
        if let line {
            FuzzCheck.expect(known.contains(line) || (1 ... sourceLines.count).contains(line), "line \(line) is neither the symbolizer's nor the source's")
        }
        lines.append(line)
    }
    let message = RaceReport.message(current: (report.current.writes, lines[0]), previous: (report.previous.writes, lines[1]), file: "ThumbnailCache.swift")
    FuzzCheck.expect(message.contains("ThumbnailCache.swift"), "the race message does not name the file: \(message)")
    return 0
}
