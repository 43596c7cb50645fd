import Foundation
import TutorTerminal

/// A data race ThreadSanitizer reported in a test, told as the learner's two lines.
///
/// The runner's sanitizer cannot symbolize inside the sandbox (the filter refuses the
/// symbolizer's fork and exec), so it prints each frame as `(Submission.so+0xOFFSET)`; the
/// grader reads the two accesses of the first report, and for each the first frame in the
/// submission whose line lies in the learner's file, with the toolchain's `llvm-symbolizer`
/// on the compiled submission, outside the sandbox.
public struct RaceReport: Equatable, Sendable {
    /// One of the two accesses: whether it wrote, and the frames in the submission (offsets).
    public struct Access: Equatable, Sendable {
        public var writes: Bool
        public var offsets: [Int]
    }

    /// The access that found the race, then the earlier one on another thread.
    public var current: Access
    public var previous: Access

    /// The marker of every report.
    static let marker = "WARNING: ThreadSanitizer:"

    /// The first report in `output`, with frames of `module` (the submission's file name), or
    /// nil when there is none or it does not name two accesses.
    public static func parse(_ output: String, module: String) -> RaceReport? {
        guard let start = output.range(of: marker) else { return nil }
        var accesses: [Access] = []
        for line in output[start.upperBound...].split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("==================") || text.hasPrefix("SUMMARY:") { break }
            if !line.hasPrefix("    "), line.hasPrefix("  "), text.hasSuffix(":") {
                let lower = text.lowercased()
                let isAccess = lower.contains(" of size ") || lower.contains("access of swift variable")
                if accesses.count == 2 { break }
                guard isAccess else { continue }
                let word = lower.hasPrefix("previous ") ? lower.dropFirst(9) : lower[...]
                accesses.append(Access(writes: word.hasPrefix("write") || word.hasPrefix("modifying") || word.hasPrefix("atomic write"), offsets: []))
            } else if text.hasPrefix("#"), !accesses.isEmpty, let offset = frameOffset(text, module: module) {
                accesses[accesses.count - 1].offsets.append(offset)
            }
        }
        guard accesses.count == 2 else { return nil }
        return RaceReport(current: accesses[0], previous: accesses[1])
    }

    /// `0x5f3f` out of a frame `#0 <null> <null> (Submission.so+0x5f3f)`; nil for an offset
    /// no compiled file reaches (`maximumOffset`), which the lines around it could not be
    /// counted from.
    static func frameOffset(_ frame: String, module: String) -> Int? {
        guard let range = frame.range(of: "(\(module)+0x") else { return nil }
        let digits = frame[range.upperBound...].prefix { $0.isHexDigit }
        guard let offset = Int(digits.prefix(16), radix: 16), offset <= maximumOffset else { return nil }
        return offset
    }

    /// Far beyond any compiled learner's file (a few MB).
    static let maximumOffset = 1 << 32

    /// The learner-facing message, given each access's line in the learner's file (nil when
    /// none of its frames was there).
    public static func message(current: (writes: Bool, line: Int?), previous: (writes: Bool, line: Int?), file: String) -> String {
        func place(_ line: Int?) -> String { line.map { "\(file):\($0)" } ?? "code outside \(file)" }
        let tail = " on another thread, with no lock between them (two threads used the same variable at once; ThreadSanitizer stopped the test at the first such access)"
        switch (current.writes, previous.writes) {
        case (false, _):
            return "a data race: \(place(current.line)) reads what \(place(previous.line)) writes" + tail
        case (true, false):
            return "a data race: \(place(current.line)) writes what \(place(previous.line)) reads" + tail
        case (true, true) where current.line != nil && current.line == previous.line:
            return "a data race: two threads ran \(place(current.line)) at once, both writing the same variable, with no lock between them"
                + " (ThreadSanitizer stopped the test at the first such access)"
        case (true, true):
            return "a data race: \(place(current.line)) writes what \(place(previous.line)) also writes" + tail
        }
    }

    /// How far after and before a frame's address lines are looked for when the call has
    /// none of its own: at `-Onone` a whole statement (a read such as `let id = nextID`) can
    /// come out with line 0, between the statement before it (the nearest line behind) and
    /// the one after (the nearest line ahead). A learner's race at line 70 was reported at
    /// 68, the `return` of the `if` above it.
    static let lookAhead = 512
    static let lookBehind = 192
    /// Frames read per access: the access itself and a few callers.
    static let framesPerAccess = 4

    /// The lines in `sourceName` (the file compiled, by its last path component) of the
    /// first frame of each access there, with `symbolizer` on `library`; nil for an access
    /// none of whose frames maps there.
    func lines(symbolizer: URL, library: URL, sourceName: String, source: String, runner: any ProcessRunner) -> (current: Int?, previous: Int?) {
        let frames = Array(Set(current.offsets.prefix(Self.framesPerAccess) + previous.offsets.prefix(Self.framesPerAccess))).sorted()
        // Return addresses: one byte back lies inside the call that made the access; then
        // byte by byte back, for a call the compiler gave no line.
        let addresses = Array(Set(frames.flatMap { frame in
            ((1...Self.lookBehind).map { frame - $0 } + (0..<Self.lookAhead).map { frame + $0 }).filter { $0 >= 0 }
        })).sorted()
        guard !addresses.isEmpty, let outcome = try? runner.run(ProcessRequest(
            executable: symbolizer.path, arguments: ["--obj=\(library.path)", "--output-style=JSON", "--no-inlines"] + addresses.map { "0x" + String($0, radix: 16) },
            environment: ["PATH": "/usr/bin:/bin"], wallClockLimit: .seconds(20), outputLimit: 16 << 20)), outcome.termination == .exited(0)
        else { return (nil, nil) }
        let rows = Self.rows(inSymbolizerJSON: outcome.output)
        let sourceLines = TextLines.split(source)
        var found: [Int: Int] = [:]
        for frame in frames {
            found[frame] = Self.line(ofFrame: frame, in: rows, sourceName: sourceName, source: sourceLines)
        }
        return (current.offsets.prefix(Self.framesPerAccess).lazy.compactMap { found[$0] }.first,
                previous.offsets.prefix(Self.framesPerAccess).lazy.compactMap { found[$0] }.first)
    }

    /// The line in `sourceName` of the call whose return address is `frame`: the call's own
    /// line; else, between the nearest lines before and after it in the same function, the
    /// last statement of `source` that lies strictly between them (code the compiler left
    /// without a line), or the line after when none does, or the line before when nothing
    /// after it has one.
    static func line(ofFrame frame: Int, in rows: [Int: Row], sourceName: String, source: [Substring]) -> Int? {
        guard let own = rows[frame - 1], own.file == sourceName else { return nil }
        if own.line > 0 { return own.line }
        func nearest(_ offsets: some Sequence<Int>) -> Int? {
            for offset in offsets {
                guard let row = rows[frame + offset], row.function == own.function else { return nil }
                if row.file == sourceName, row.line > 0 { return row.line }
            }
            return nil
        }
        let before = nearest((2...lookBehind).lazy.map { -$0 })
        guard let after = nearest(0..<lookAhead) else { return before }
        guard let before, before < after - 1 else { return after }
        return ((before + 1)..<after).last { isStatement(source, line: $0) } ?? after
    }

    /// Whether line `number` (1-based) of `source` holds code, not only braces, `else`, a
    /// comment or nothing.
    static func isStatement(_ source: [Substring], line number: Int) -> Bool {
        guard number >= 1, number <= source.count else { return false }
        let text = source[number - 1].trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text.hasPrefix("//") { return false }
        return !text.allSatisfy { "{}()".contains($0) } && text != "} else {" && text != "else {"
    }

    /// One address as the symbolizer resolved it: the file (last path component), line and function.
    struct Row: Equatable {
        var file: String
        var line: Int
        var function: String
    }

    /// Each address of `llvm-symbolizer --output-style=JSON`'s output, which is one array of
    /// `{"Address": "0x…", "Symbol": [{"FileName": …, "Line": …, "FunctionName": …}]}` for
    /// all the addresses asked about (or, from older symbolizers, one object per line).
    static func rows(inSymbolizerJSON output: [UInt8]) -> [Int: Row] {
        let documents = (try? JSONSerialization.jsonObject(with: Data(output))) as? [[String: Any]]
            ?? output.split(separator: UInt8(ascii: "\n")).compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
        var rows: [Int: Row] = [:]
        for object in documents {
            guard let address = (object["Address"] as? String).flatMap({ Int($0.dropFirst(2), radix: 16) }),
                  let symbols = object["Symbol"] as? [[String: Any]], let first = symbols.first,
                  let file = first["FileName"] as? String, let line = first["Line"] as? Int
            else { continue }
            rows[address] = Row(file: URL(fileURLWithPath: file).lastPathComponent, line: line, function: first["FunctionName"] as? String ?? "")
        }
        return rows
    }
}
