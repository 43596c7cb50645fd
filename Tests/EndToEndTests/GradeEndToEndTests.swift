#if canImport(FoundationXML)
import CacheEngine
import Foundation
import FoundationXML
import Testing
import TutorGradebook
import TutorTestSupport
#endif

/// `cachetutor grade` as an instructor meets it: the built binary on a generated class.
///
/// The harness cache is the user's own (CACHETUTOR_HOME is emptied for these runs), so
/// only the first run of a fresh machine pays for building it.
@Suite(.serialized) struct GradeEndToEndTests {
    static let environment = ["CACHETUTOR_HOME": ""]

    struct Class {
        let root: URL
        var folder: URL { root.appendingPathComponent("submissions") }
        var gradebook: URL { root.appendingPathComponent("gradebook.sqlite3") }

        init(hang: Bool = false) throws {
            root = try Cachetutor.temporaryFolder("grade")
            try GradeClassFolder.write(to: root.appendingPathComponent("submissions"), hang: hang)
        }

        func grade(_ arguments: [String] = []) throws -> Cachetutor.Result {
            try Cachetutor.run(["grade", "submissions"] + arguments, home: root, workingDirectory: root, extraEnvironment: GradeEndToEndTests.environment)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func gradesAClassWithHostileSubmissionsAndReportsEveryFormat() throws {
        let course = try Class(hang: true)
        defer { course.remove() }
        let result = try course.grade(["--jobs", "2", "--format", "json", "--output", "report.json"])
        #expect(result.status == 1, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: course.root.appendingPathComponent("report.json"))) as? [String: Any]
        let students = try #require(report?["students"] as? [[String: Any]])
        let status = Dictionary(uniqueKeysWithValues: students.map { ($0["student"] as! String, $0["status"] as! String) })
        #expect(status == ["alice": "pass", "bob": "pass", "carol": "fail", "dave": "fail", "erin": "fail", "frank": "error", "jack": "fail"])
        func tests(_ student: String) -> [String: String] {
            let entry = students.first { $0["student"] as? String == student }
            let list = entry?["tests"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0["cachetutor_status"] as! String) })
        }
        #expect(tests("carol").filter { $0.value != "pass" }.keys.sorted() == ["cost_fractional_sizes", "cost_whole_sizes"])
        #expect(tests("dave").values.allSatisfy { $0 == "incomplete" })
        #expect(tests("erin")["cost_whole_sizes"] != "pass")
        #expect(tests("jack")["returns_stored_image"] == "timeout")
        #expect(tests("jack").filter { $0.value != "pass" }.count == 1)
        let frank = students.first { $0["student"] as? String == "frank" }
        #expect((frank?["message"] as? String)?.contains("frank/Sources/ThumbnailCache.swift:3:") == true)
        let skipped = (report?["skipped"] as? [[String: Any]] ?? []).map { "\($0["path"]!): \($0["reason"]!)" }
        #expect(skipped == ["gina.swift: empty file", "hank.swift: binary or not UTF-8 text", "ivy/: 2 candidate files: ivy/One.swift, ivy/Two.swift", "notes.txt: not a Swift file"])
        #expect(result.stdout.replacingOccurrences(of: "\n", with: " ").contains("Graded 7 submissions of ThumbnailCache: 2 passed, 4 failed, 1 did not compile or run; 4 skipped."))
        #expect(result.stderr.contains("[7/7] "))

        // Every other format, from the gradebook now (nothing is graded again).
        let csv = try course.grade(["--format", "csv"])
        #expect(csv.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }.allSatisfy { $0.hasSuffix("(unchanged)") })
        let rows = parseCSV(csv.stdout)
        #expect(rows[0].prefix(5) == ["student", "score", "max_score", "percent", "status"])
        #expect(rows[0].count == 10 + CheckCorpusTests.testNames.count + 4)
        #expect(rows[0].last == "weights")
        #expect(rows.first { $0[0] == "ivy" }?[4] == "not graded: 2 candidate files: ivy/One.swift, ivy/Two.swift")
        #expect(rows.dropFirst().map { String($0[0]) } == ["alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank", "ivy", "jack"])
        #expect(rows.allSatisfy { $0.count == rows[0].count })

        let junit = try course.grade(["--format", "junit"])
        let parser = XMLParser(data: Data(junit.stdout.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")

        let html = try course.grade(["--format", "html", "--output", "class.html"])
        #expect(html.status == 1)
        let page = try String(contentsOf: course.root.appendingPathComponent("class.html"), encoding: .utf8)
        let htmlParser = XMLParser(data: Data(page.utf8))
        #expect(htmlParser.parse(), "\(String(describing: htmlParser.parserError))")
        #expect(page.contains("<section class=\"student\""))
        #expect(!page.contains("<script"))

        let gradescope = try course.grade(["--format", "gradescope", "--visibility", "after_due_date", "--output", "gradescope"])
        #expect(gradescope.status == 1)
        let carol = try JSONSerialization.jsonObject(with: Data(contentsOf: course.root.appendingPathComponent("gradescope/carol/results.json"))) as? [String: Any]
        // carol fails the two cost tests.
        #expect(carol?["score"] as? Double == Double(CheckCorpusTests.testNames.count - 2))
        #expect(carol?["max_score"] as? Double == Double(CheckCorpusTests.testNames.count))
        #expect((carol?["tests"] as? [[String: Any]])?.count == CheckCorpusTests.testNames.count)
        #expect(carol?["visibility"] as? String == "after_due_date")
        #expect(try Gradebook(url: course.gradebook).attemptCount() == 7)
    }

    @Test func aReRunGradesOnlyTheFileThatChanged() throws {
        let course = try Class()
        defer { course.remove() }
        let first = try course.grade()
        #expect(first.status == 1, "\(first.stderr)")
        try Data(GradeClassFolder.correct.utf8).write(to: course.folder.appendingPathComponent("carol.swift"))
        let second = try course.grade()
        #expect(second.status == 1, "\(second.stderr)")
        let lines = second.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }
        #expect(lines.count == 6)
        #expect(lines.filter { !$0.hasSuffix("(unchanged)") }.map { String($0.dropFirst(6)) } == ["carol: pass 20/20"])
        #expect(try Gradebook(url: course.gradebook).attemptCount() == 7)
        let forced = try course.grade(["--force", "--jobs", "2"])
        #expect(!forced.stderr.contains("(unchanged)"))
        #expect(try Gradebook(url: course.gradebook).attemptCount() == 13)
    }

    @Test func aKilledRunResumesWithoutLosingOrDuplicatingResults() throws {
        let course = try Class()
        defer { course.remove() }
        var generator = SplitMix64(seed: 6)
        var killed: [Int32] = []
        for _ in 0 ..< 2 {
            // Kill after a random number of results (1…4) are in, at a random moment after that.
            let target = Int(generator.next() % 4) + 1
            let process = try ChildProcess.start(
                Cachetutor.binary, ["grade", "submissions", "--jobs", "2"],
                environment: ProcessInfo.processInfo.environment.merging(["CACHETUTOR_HOME": "", "NO_COLOR": "1"]) { _, new in new },
                workingDirectory: course.root
            )
            let book = try waitForGradebook(course.gradebook)
            let deadline = Date().addingTimeInterval(120)
            var startCount = try book.attemptCount()
            while process.isRunning, try book.attemptCount() < startCount + target, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            Thread.sleep(forTimeInterval: Double(generator.next() % 400) / 1000)
            process.signal(SIGKILL)
            process.wait()
            killed.append(process.pid)
            startCount = try book.attemptCount()
            #expect(startCount <= 6)
        }
        let resumed = try course.grade()
        #expect(resumed.status == 1)
        #expect(resumed.stdout.contains("Graded 6 submissions"))
        let book = try Gradebook(url: course.gradebook)
        #expect(try book.attemptCount() == 6)
        #expect(try book.database.query("PRAGMA integrity_check") { $0.string(0) } == ["ok"])
        #expect(try book.database.query("SELECT count(DISTINCT student) FROM attempt") { $0.int(0) } == [6])
        // The private copies the killed runs left are cleared by the next run.
        let scratch = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
        for pid in killed { #expect(!scratch.contains { $0.hasPrefix("cachetutor-grade-workspace-\(pid)-") }) }
    }

    @Test func twoRunsAtOnceShareOneGradebook() throws {
        let course = try Class()
        defer { course.remove() }
        let group = DispatchGroup()
        let results = LockedResults()
        for _ in 0 ..< 2 {
            DispatchQueue.global().async(group: group) {
                results.append(Result { try course.grade(["--jobs", "1", "--format", "csv"]) })
            }
        }
        group.wait()
        let outcomes = try results.all.map { try $0.get() }
        #expect(outcomes.map(\.status) == [1, 1], "\(outcomes.map(\.stderr))")
        #expect(outcomes[0].stdout == outcomes[1].stdout)
        let book = try Gradebook(url: course.gradebook)
        #expect(try book.attemptCount() == 6)
        #expect(try book.database.query("PRAGMA integrity_check") { $0.string(0) } == ["ok"])
    }

    @Test func shardsMergedEqualOneRun() throws {
        let course = try Class()
        defer { course.remove() }
        let whole = try course.grade(["--format", "csv"])
        for index in 1 ... 3 {
            let shard = try course.grade(["--shard", "\(index)/3", "--jobs", "1"])
            #expect(shard.status <= 1, "\(shard.stderr)")
            #expect(FileManager.default.fileExists(atPath: course.root.appendingPathComponent("gradebook-shard-\(index)-of-3.sqlite3").path))
        }
        let merged = try Cachetutor.run(
            ["grade", "--merge", "gradebook-shard-1-of-3.sqlite3", "gradebook-shard-2-of-3.sqlite3", "gradebook-shard-3-of-3.sqlite3", "--gradebook", "merged.sqlite3", "--format", "csv"],
            home: course.root, workingDirectory: course.root, extraEnvironment: Self.environment
        )
        // Merging is not grading: it exits 0 once merged, however the students did.
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
        let missing = try Cachetutor.run(["grade", "--merge", "nope.sqlite3"], home: course.root, workingDirectory: course.root)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nope.sqlite3: no such file or not readable"))
    }

    @Test func aClassWhereEveryonePassedExitsZero() throws {
        let root = try Cachetutor.temporaryFolder("grade-pass")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("submissions")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bob"), withIntermediateDirectories: true)
        try Data(GradeClassFolder.correct.utf8).write(to: folder.appendingPathComponent("alice.swift"))
        try Data(GradeClassFolder.correctAsync.utf8).write(to: folder.appendingPathComponent("bob/ThumbnailCache.swift"))
        try Data("notes\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let passed = try Cachetutor.run(["grade", "submissions"], home: root, workingDirectory: root, extraEnvironment: Self.environment)
        #expect(passed.status == 0, "\(passed.stderr)")
        // An empty file is a student without a passing submission.
        try Data().write(to: folder.appendingPathComponent("carl.swift"))
        let withEmpty = try Cachetutor.run(["grade", "submissions"], home: root, workingDirectory: root, extraEnvironment: Self.environment)
        #expect(withEmpty.status == 1)
        #expect(withEmpty.stdout.contains("carl.swift  empty file"))
    }

    @Test func badCommandLinesAndInputsGetOneLineAndTheRightStatus() throws {
        let course = try Class()
        defer { course.remove() }
        try Data("cost_whole_sizes = 2\nconcurrent_acess = 3\n".utf8).write(to: course.root.appendingPathComponent("weights.txt"))
        let tests = course.root.appendingPathComponent("badtests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try Data("import UIKit\n\nenum Rules: HiddenTestGroup {\n    static let tests: [HiddenTest] = [nope()]\n}\n".utf8).write(to: tests.appendingPathComponent("Rules.swift"))
        let cases: [([String], Int32, String)] = [
            (["grade", "nowhere"], 66, "nowhere: no such folder"),
            (["grade", "submissions", "--shard", "4/3"], 64, "--shard '4/3': expected I/N"),
            (["grade", "submissions", "--jobs", "0"], 64, "--jobs needs a positive whole number"),
            (["grade", "submissions", "--format", "gradescope"], 64, "--output DIR"),
            (["grade", "submissions", "--weights", "weights.txt"], 65, "weights.txt:2: no test named 'concurrent_acess'; did you mean 'concurrent_access'?"),
            (["grade", "submissions/gina.swift"], 65, "is a file"),
            (["grade", "submissions", "--exercise", "ThumbnailCach"], 64, "no exercise named 'ThumbnailCach'; did you mean 'ThumbnailCache'?"),
            (["grade", "--merge"], 64, "--merge needs the gradebooks"),
            (["grade", "submissions", "extra"], 64, "grade takes one folder"),
            (["grade", "submissions", "--tests", "badtests"], 65, "badtests/Rules.swift:4:39: error: cannot find 'nope' in scope"),
            (["grade", "submissions", "--format", "csv", "--visibility", "hidden"], 64, "use it with --format gradescope"),
            (["grade", "--merge", "nothere.sqlite3", "--gradebook", "m2.sqlite3"], 66, "nothere.sqlite3: no such file or not readable"),
        ]
        for (arguments, status, message) in cases {
            let result = try Cachetutor.run(arguments, home: course.root, workingDirectory: course.root, extraEnvironment: Self.environment)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: course.gradebook.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: course.root.path).filter { $0.hasPrefix("m2.sqlite3") } == [])
    }

    private func waitForGradebook(_ url: URL) throws -> Gradebook {
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: url.path), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return try Gradebook(url: url)
    }
}

/// Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF).
func parseCSV(_ text: String) -> [[String]] {
    var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
        switch (quoted, character) {
        case (true, "\""):
            if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
        case (true, _): field.append(character)
        case (false, "\""): quoted = true
        case (false, ","): row.append(field); field = ""
        case (false, "\r\n"), (false, "\n"): row.append(field); field = ""; rows.append(row); row = []
        default: field.append(character)
        }
    }
    return rows
}

/// Results collected from several threads.
final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Cachetutor.Result, any Error>] = []
    var all: [Result<Cachetutor.Result, any Error>] { lock.withLock { results } }
    func append(_ result: Result<Cachetutor.Result, any Error>) { lock.withLock { results.append(result) } }
}
