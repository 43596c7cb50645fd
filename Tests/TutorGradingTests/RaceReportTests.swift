import Foundation
import Testing
@testable import TutorGrading

/// Reading ThreadSanitizer's report of a race in a test, and telling it as two lines.
@Suite struct RaceReportTests {
    /// A report as the runner prints it with `symbolize=0` (a torn-enum attack's race).
    static let report = """
    seen by the learner before
    ==================
    WARNING: ThreadSanitizer: data race (pid=24260)
      Write of size 8 at 0x720c00000550 by thread T2:
        #0 <null> <null> (Submission.so+0x5f3f)
        #1 <null> <null> (Submission.so+0x614d)
        #2 <null> <null> (runner+0x1220fe8)

      Previous read of size 8 at 0x720c00000550 by thread T1:
        #0 <null> <null> (runner+0x999d)
        #1 <null> <null> (Submission.so+0xb12e)

      Location is heap block of size 24 at 0x720c00000540 allocated by thread T1:
        #0 <null> <null> (Submission.so+0x2f40)

    SUMMARY: ThreadSanitizer: data race (Submission.so+0x5f3f)
    ==================
    """

    /// An offset no compiled file reaches is not a frame: the lines around it are counted
    /// from it, and one near `Int.max` overflowed and ended the grader (red team, fixture 61).
    @Test func anOffsetBeyondAnyCompiledFileIsNoFrame() throws {
        let forged = Self.report.replacingOccurrences(of: "(Submission.so+0x5f3f)", with: "(Submission.so+0x7ffffffffffffff0)")
            .replacingOccurrences(of: "(Submission.so+0x614d)", with: "(Submission.so+0xffffffffffffffffffff)")
        let race = try #require(RaceReport.parse(forged, module: "Submission.so"))
        #expect(race.current.offsets.isEmpty)
        #expect(race.previous.offsets == [0xb12e])
    }

    @Test func readsBothAccessesAndOnlyTheSubmissionsFrames() throws {
        let race = try #require(RaceReport.parse(Self.report, module: "Submission.so"))
        #expect(race.current == RaceReport.Access(writes: true, offsets: [0x5f3f, 0x614d]))
        #expect(race.previous == RaceReport.Access(writes: false, offsets: [0xb12e]))
    }

    @Test func swiftAccessReportsAreReadToo() throws {
        let text = """
        WARNING: ThreadSanitizer: Swift access race (pid=1)
          Modifying access of Swift variable at 0x720800001010 by thread T2:
            #0 <null> <null> (Submission.so+0x360b)
          Previous read of size 8 at 0x720800001010 by thread T1:
            #0 <null> <null> (Submission.so+0x3430)
        """
        let race = try #require(RaceReport.parse(text, module: "Submission.so"))
        #expect(race.current.writes && !race.previous.writes)
        #expect(race.current.offsets == [0x360b] && race.previous.offsets == [0x3430])
    }

    @Test func outputWithoutAReportIsNone() {
        #expect(RaceReport.parse("WARNING: something else\nSIGSEGV", module: "Submission.so") == nil)
        #expect(RaceReport.parse("WARNING: ThreadSanitizer: data race\n  Write of size 8 at 0x1 by thread T2:\n", module: "Submission.so") == nil)
    }

    @Test func theMessageNamesBothLinesOrSaysWhereNot() {
        #expect(RaceReport.message(current: (false, 22), previous: (true, 16), file: "ThumbnailCache.swift")
            .hasPrefix("a data race: ThumbnailCache.swift:22 reads what ThumbnailCache.swift:16 writes on another thread, with no lock between them"))
        #expect(RaceReport.message(current: (true, 9), previous: (true, nil), file: "ThumbnailCache.swift")
            .hasPrefix("a data race: ThumbnailCache.swift:9 writes what code outside ThumbnailCache.swift also writes on another thread"))
        #expect(RaceReport.message(current: (true, 50), previous: (true, 50), file: "ThumbnailCache.swift")
            .hasPrefix("a data race: two threads ran ThumbnailCache.swift:50 at once, both writing the same variable, with no lock between them"))
    }

    @Test func symbolizerOutputIsReadAsOneArray() {
        let json = #"[{"Address":"0x5f3e","ModuleName":"Submission.so","Symbol":[{"FileName":"/w/ThumbnailCache.swift","Line":23,"FunctionName":"f"}]},"#
            + #"{"Address":"0x614c","ModuleName":"Submission.so","Symbol":[{"FileName":"/<compiler-generated>","Line":0,"FunctionName":"g"}]}]"#
        #expect(RaceReport.rows(inSymbolizerJSON: Array(json.utf8)) == [
            0x5f3e: RaceReport.Row(file: "ThumbnailCache.swift", line: 23, function: "f"),
            0x614c: RaceReport.Row(file: "<compiler-generated>", line: 0, function: "g"),
        ])
    }

    /// A call with no line of its own (the access's `swift_beginAccess`) in a statement the
    /// compiler left without a line: the last statement between the lines around it, not the
    /// statement before it (a learner's race at line 70 was reported at 68).
    @Test func aCallWithoutALineIsNamedByTheStatementItLiesIn() {
        let file = "ImageLoader.swift"
        let source = """
            func load() {
                if let hit = lookup() {
                    return hit
                }
                let id = nextID
                nextID += 1
            }
            """.split(separator: "\n", omittingEmptySubsequences: false)
        func row(_ line: Int, _ function: String = "load") -> RaceReport.Row { RaceReport.Row(file: file, line: line, function: function) }
        var rows: [Int: RaceReport.Row] = [:]
        for address in 0x100..<0x110 { rows[address] = row(3) }
        for address in 0x110..<0x120 { rows[address] = row(0) }
        for address in 0x120..<0x130 { rows[address] = row(6) }
        rows[0x130] = row(9, "other")
        #expect(RaceReport.line(ofFrame: 0x118, in: rows, sourceName: file, source: source) == 5)
        #expect(RaceReport.line(ofFrame: 0x10a, in: rows, sourceName: file, source: source) == 3)
        #expect(RaceReport.line(ofFrame: 0x118, in: rows, sourceName: "Other.swift", source: source) == nil)
        // No statement between the two lines: the one after.
        for address in 0x120..<0x130 { rows[address] = row(4) }
        #expect(RaceReport.line(ofFrame: 0x118, in: rows, sourceName: file, source: source) == 4)
        // Nothing after it in the function has a line: the nearest before.
        rows = rows.filter { $0.key < 0x120 }
        #expect(RaceReport.line(ofFrame: 0x118, in: rows, sourceName: file, source: source) == 3)
    }
}
