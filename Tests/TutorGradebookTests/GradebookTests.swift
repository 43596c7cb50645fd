import Foundation
import Testing
@testable import TutorGradebook
import TutorGrading
import TutorProgress

@Suite struct GradebookTests {
    let setup = GradingSetup(exercise: "ThumbnailCache", harness: "h1")

    func result(_ student: String, hash: String = "f1", passed: Bool = true) -> StudentResult {
        let test = TestResult(name: "uses_nscache", summary: "uses NSCache", status: passed ? .pass : .fail)
        let report = GradingReport(exercise: "ThumbnailCache", file: "\(student).swift", status: passed ? .pass : .fail, tests: [test], score: passed ? 1 : 0, maxScore: 1, durationMilliseconds: 10)
        return StudentResult(student: student, file: "\(student).swift", fileHash: hash, report: report, points: passed ? 1 : 0, maxPoints: 1, gradedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func aRecordedResultIsFoundByItsKeyOnly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try Gradebook(url: folder.appendingPathComponent("gradebook.sqlite3"))
        let stored = try book.record(result("alice"), setup: setup, run: "r1")
        #expect(stored.attemptID != nil)
        #expect(try book.cachedResult(student: "alice", file: "alice.swift", fileHash: "f1", setup: setup)?.report == result("alice").report)
        #expect(try book.cachedResult(student: "alice", file: "alice.swift", fileHash: "f2", setup: setup) == nil)
        #expect(try book.cachedResult(student: "bob", file: "alice.swift", fileHash: "f1", setup: setup) == nil)
        var otherHarness = setup
        otherHarness.harness = "h2"
        #expect(try book.cachedResult(student: "alice", file: "alice.swift", fileHash: "f1", setup: otherHarness) == nil)
        var otherWeights = setup
        otherWeights.weights = TestWeights(points: ["uses_nscache": 3])
        #expect(try book.cachedResult(student: "alice", file: "alice.swift", fileHash: "f1", setup: otherWeights) == nil)
        #expect(try book.reportUnderOtherWeights(student: "alice", file: "alice.swift", fileHash: "f1", setup: otherWeights) == result("alice").report)
    }

    /// What a test printed is stored as far as a report shows it, so the first run and
    /// every cached re-run show the same text, and a flood costs no later report its size.
    @Test func printedOutputIsStoredAsFarAsReportsShowIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try Gradebook(url: folder.appendingPathComponent("gradebook.sqlite3"))
        var flood = result("alice")
        flood.report.tests[0].output = String(repeating: "flood\n", count: 100_000)
        let stored = try book.record(flood, setup: setup, run: "r1")
        #expect(stored.report.tests[0].output == CappedText.cap(flood.report.tests[0].output, bytes: CappedText.outputBytes))
        #expect(stored.report.tests[0].output.utf8.count < CappedText.outputBytes + 100)
        #expect(try book.cachedResult(student: "alice", file: "alice.swift", fileHash: "f1", setup: setup)?.report == stored.report)
        var quiet = result("bob")
        quiet.report.tests[0].output = "one line\n"
        #expect(try book.record(quiet, setup: setup, run: "r1").report == quiet.report)
    }

    @Test func recordingTheSameKeyTwiceKeepsOneRow() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try Gradebook(url: folder.appendingPathComponent("gradebook.sqlite3"))
        let first = try book.record(result("alice"), setup: setup, run: "r1")
        let second = try book.record(result("alice", passed: false), setup: setup, run: "r2")
        #expect(try book.attemptCount() == 1)
        #expect(second.attemptID == first.attemptID)
        #expect(second.report.status == .pass)
        // A forced re-grade is a new attempt, and history keeps both.
        try book.record(result("alice", passed: false), setup: setup, run: "r3", forcedBy: "r3")
        #expect(try book.attemptCount() == 2)
        #expect(try book.cachedResult(student: "alice", file: "alice.swift", fileHash: "f1", setup: setup)?.report.status == .fail)
    }

    @Test func manyWritersOnOneFileNeverDuplicateOrCorrupt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("gradebook.sqlite3")
        let books = try (0 ..< 4).map { _ in try Gradebook(url: url) }
        let setup = self.setup
        let students = (0 ..< 40).map { "s\($0)" }
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            // Writers meet in the middle: two go forwards, two backwards.
            for student in writer.isMultiple(of: 2) ? students : students.reversed() {
                let test = TestResult(name: "uses_nscache", summary: "", status: .pass)
                let report = GradingReport(exercise: "ThumbnailCache", file: student, status: .pass, tests: [test], score: 1, maxScore: 1, durationMilliseconds: writer)
                _ = try? books[writer].record(StudentResult(student: student, file: student, fileHash: "x", report: report, points: 1, maxPoints: 1, gradedAt: Date()), setup: setup, run: "w\(writer)")
            }
        }
        #expect(try books[0].attemptCount() == 40)
        #expect(try books[0].database.query("PRAGMA integrity_check") { $0.string(0) } == ["ok"])
    }

    @Test func aFinishedRunIsReadBackWhole() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try Gradebook(url: folder.appendingPathComponent("gradebook.sqlite3"))
        var weighted = setup
        weighted.weights = TestWeights(points: ["uses_nscache": 2.5], defaultPoints: 0)
        let unfinished = try book.beginRun(source: "class", shard: "all", setup: weighted)
        try book.record(result("zed"), setup: weighted, run: unfinished)
        #expect(try book.lastFinishedRun() == nil)
        let run = try book.beginRun(source: "class", shard: "1/2", setup: weighted)
        let alice = try book.record(result("alice"), setup: weighted, run: run)
        try book.finishRun(run, results: [alice], skipped: [SkippedEntry(path: "bob/", student: "bob", reason: .severalCandidates(["bob/a.swift", "bob/b.swift"]))],
                           toolErrors: [ClassReport.ToolError(student: "carol", file: "carol.swift", message: "the grader failed")])
        let read = try #require(try book.lastFinishedRun())
        #expect(read.id == run)
        #expect(read.shard == "1/2")
        #expect(read.setup == weighted)
        #expect(read.results.map(\.student) == ["alice"])
        #expect(read.skipped == [SkippedEntry(path: "bob/", student: "bob", reason: .severalCandidates(["bob/a.swift", "bob/b.swift"]))])
        #expect(read.toolErrors.map(\.student) == ["carol"])
    }

    @Test func aForeignFileIsSetAsideNotOverwritten() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("gradebook.sqlite3")
        try Data("these are my lecture notes, not a database\n".utf8).write(to: url)
        var warnings: [String] = []
        let book = try Gradebook(url: url) { warnings.append($0) }
        #expect(try book.attemptCount() == 0)
        #expect(warnings.count == 1)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".corrupt-") }
        #expect(kept.count == 1)
    }

    @Test func mergingRefusesWhatIsNotAGradebook() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let book = try Gradebook(url: folder.appendingPathComponent("merged.sqlite3"))
        let missing = folder.appendingPathComponent("nope.sqlite3")
        #expect(throws: GradebookError.unreadable(missing.path)) { try book.merge([missing]) }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        let notes = folder.appendingPathComponent("notes.sqlite3")
        try Data("not sqlite".utf8).write(to: notes)
        #expect(throws: GradebookError.self) { try book.merge([notes]) }
        #expect(try String(contentsOf: notes, encoding: .utf8) == "not sqlite")
        let empty = try Gradebook(url: folder.appendingPathComponent("empty.sqlite3"))
        #expect(throws: GradebookError.nothingToMerge(empty.url.path)) { try book.merge([empty.url]) }
    }
}

@Suite struct GradebookMergeIntoFileTests {
    func finishedShard(_ url: URL, student: String, harness: String = "h1") throws {
        let book = try Gradebook(url: url)
        let setup = GradingSetup(exercise: "ThumbnailCache", harness: harness)
        let run = try book.beginRun(source: "class", shard: "1/2", setup: setup)
        let test = TestResult(name: "uses_nscache", summary: "uses NSCache", status: .pass)
        let report = GradingReport(exercise: "ThumbnailCache", file: "\(student).swift", status: .pass, tests: [test], score: 1, maxScore: 1, durationMilliseconds: 10)
        let stored = try book.record(StudentResult(student: student, file: "\(student).swift", fileHash: "f", report: report, points: 1, maxPoints: 1, gradedAt: Date()), setup: setup, run: run)
        try book.finishRun(run, results: [stored], skipped: [], toolErrors: [])
    }

    /// Only what the merge was asked to write, and none of the scratch files.
    func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("target") }.sorted()
    }

    @Test func aFailedMergeCreatesNoTarget() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.sqlite3")
        let good = folder.appendingPathComponent("shard-1.sqlite3")
        try finishedShard(good, student: "alice")
        let missing = folder.appendingPathComponent("nothere.sqlite3")
        #expect(throws: GradebookError.unreadable(missing.path)) { try Gradebook.merge([good, missing], into: target) }
        let notes = folder.appendingPathComponent("notes.sqlite3")
        try Data("not sqlite".utf8).write(to: notes)
        #expect(throws: GradebookError.self) { try Gradebook.merge([good, notes], into: target) }
        let other = folder.appendingPathComponent("shard-2.sqlite3")
        try finishedShard(other, student: "bob", harness: "h2")
        #expect(throws: GradebookError.self) { try Gradebook.merge([good, other], into: target) }
        #expect(throws: GradebookError.self) { try Gradebook.merge([good], into: good) }
        #expect(try files(in: folder) == [])
        #expect(try String(contentsOf: notes, encoding: .utf8) == "not sqlite")
    }

    @Test func aGoodMergeWritesTheTarget() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shards = [folder.appendingPathComponent("shard-1.sqlite3"), folder.appendingPathComponent("shard-2.sqlite3")]
        try finishedShard(shards[0], student: "alice")
        try finishedShard(shards[1], student: "bob")
        let target = folder.appendingPathComponent("target.sqlite3")
        let run = try Gradebook.merge(shards, into: target)
        #expect(run.results.map(\.student) == ["alice", "bob"])
        #expect(try Gradebook(url: target).attemptCount() == 2)
    }

    @Test func aBadShardLeavesAnExistingTargetUntouched() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("shard-1.sqlite3")
        try finishedShard(good, student: "alice")
        let other = folder.appendingPathComponent("shard-2.sqlite3")
        try finishedShard(other, student: "bob", harness: "h2")
        let book = try Gradebook(url: folder.appendingPathComponent("target.sqlite3"))
        #expect(throws: GradebookError.self) { try book.merge([good, other]) }
        // The good shard's rows are not copied before the bad one is found.
        #expect(try book.attemptCount() == 0)
    }
}
