import Foundation
import Testing
import TutorGradebook
import TutorGrading
@testable import TutorCommands
import TutorTerminal

/// `grade` options that need no grading: merging finished shards, and report options.
@Suite struct GradeCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-grade-command-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let book = try Gradebook(url: folder.appendingPathComponent("shard.sqlite3"))
        let setup = GradingSetup(exercise: "ThumbnailCache", harness: "h")
        let run = try book.beginRun(source: "class", shard: "1/1", setup: setup)
        let tests = [TestResult(name: "uses_nscache", summary: "uses NSCache", status: .pass), TestResult(name: "miss_returns_nil", summary: "nil on a miss", status: .fail, message: "got an image")]
        let report = GradingReport(exercise: "ThumbnailCache", file: "alice.swift", status: .fail, tests: tests, score: 1, maxScore: 2, durationMilliseconds: 5)
        let stored = try book.record(StudentResult(student: "alice", file: "alice.swift", fileHash: "f", report: report, points: 1, maxPoints: 2, gradedAt: Date()), setup: setup, run: run)
        try book.finishRun(run, results: [stored], skipped: [], toolErrors: [])
    }

    func run(_ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let (console, output) = Console.capture()
        let context = CommandContext(console: console, environment: [:], workingDirectory: folder)
        return (Cachetutor.main(arguments, context: context), output)
    }

    func visibilities(_ student: String, in results: String) throws -> [String] {
        let data = try Data(contentsOf: folder.appendingPathComponent(results).appendingPathComponent(student).appendingPathComponent("results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return [document["visibility"] as? String ?? "?"] + (document["tests"] as? [[String: Any]] ?? []).map { $0["visibility"] as? String ?? "?" }
    }

    @Test func gradescopeVisibilityIsTheInstructorsChoice() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, output) = run(["grade", "--merge", "shard.sqlite3", "--gradebook", "merged.sqlite3", "--format", "gradescope", "--visibility", "after_published", "--output", "published"])
        // A merge succeeds once merged and reported, whoever failed.
        #expect(code == .success, "\(output.err)")
        #expect(try visibilities("alice", in: "published") == ["after_published", "after_published", "after_published"])
        _ = run(["grade", "--merge", "shard.sqlite3", "--gradebook", "merged.sqlite3", "--format", "gradescope", "--output", "default"])
        #expect(try visibilities("alice", in: "default") == ["visible", "visible", "visible"])
    }

    @Test func visibilityIsCheckedAndOnlyForGradescope() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (wrong, wrongOutput) = run(["grade", "--merge", "shard.sqlite3", "--format", "gradescope", "--output", "out", "--visibility", "after_due"])
        #expect(wrong == .usage)
        #expect(wrongOutput.err.contains("did you mean 'after_due_date'?"))
        let (csv, csvOutput) = run(["grade", "--merge", "shard.sqlite3", "--format", "csv", "--visibility", "hidden"])
        #expect(csv == .usage)
        #expect(csvOutput.err.contains("use it with --format gradescope"))
        let (_, help) = run(["grade", "--help"])
        #expect(help.out.contains("--visibility WHEN"))
        #expect(help.out.contains("after_published"))
    }

    @Test func aFailedMergeLeavesNoGradebookBehind() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (code, output) = run(["grade", "--merge", "shard.sqlite3", "nothere.sqlite3", "--gradebook", "m2.sqlite3"])
        #expect(code == .noInput)
        #expect(output.err.contains("nothere.sqlite3: no such file or not readable"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("m2") }
        #expect(left == [])
    }
}
