import Foundation
import Synchronization
import Testing
@testable import TutorGradebook
import TutorGrading

@Suite struct ClassGraderTests {
    struct Fixture {
        let root: URL
        let folder: URL
        var gradebookURL: URL { root.appendingPathComponent("gradebook.sqlite3") }

        init() throws {
            root = try temporaryFolder("class")
            folder = root.appendingPathComponent("submissions")
            try write(sampleClass(), under: folder)
        }

        func options(jobs: Int = 2) -> ClassGrader.Options {
            var options = ClassGrader.Options(folder: folder)
            options.jobs = jobs
            return options
        }

        func grade(_ grader: FakeGrader, _ options: ClassGrader.Options? = nil, gradebook: URL? = nil) throws -> ClassReport {
            try ClassGrader(grader: grader, gradebookURL: gradebook ?? gradebookURL).run(options ?? self.options())
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func gradesEveryStudentOnceAndListsWhatItSkipped() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let grader = FakeGrader()
        let report = try fixture.grade(grader)
        #expect(report.results.map(\.student) == ["alice", "bob", "carol", "dave"])
        #expect(report.results.map(\.report.status) == [.pass, .fail, .error, .fail])
        #expect(report.results.map(\.points) == [5, 3, 0, 4])
        #expect(report.results.map(\.maxPoints) == [5, 5, 5, 5])
        #expect(report.results[1].failingTests == ["cost_whole_sizes", "miss_generates_once"])
        #expect(report.skipped.map(\.path) == ["erin.swift", "frank/", "notes.txt"])
        #expect(grader.graded.sorted() == ["alice.swift", "bob.swift", "carol/ThumbnailCache.swift", "dave/Sources/ThumbnailCache.swift"])
        #expect(try Gradebook(url: fixture.gradebookURL).attemptCount() == 4)
    }

    @Test func anUnchangedReRunGradesNothingAndChangingOneFileGradesOnlyIt() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let first = try fixture.grade(FakeGrader())
        let again = FakeGrader()
        let second = try fixture.grade(again)
        #expect(again.graded.isEmpty)
        #expect(second.results.allSatisfy { $0.fromCache })
        #expect(CSVReportFormatter().format(second) == CSVReportFormatter().format(first))

        try write(["bob.swift": "final class ThumbnailCache {} // fixed\n"], under: fixture.folder)
        let third = FakeGrader()
        let report = try fixture.grade(third)
        #expect(third.graded == ["bob.swift"])
        #expect(report.results.first { $0.student == "bob" }?.report.status == .pass)
        // History: bob's first attempt is still there, beside the new one.
        #expect(try Gradebook(url: fixture.gradebookURL).attemptCount() == 5)
    }

    @Test func forceGradesEverythingAgainAndANewHarnessToo() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try fixture.grade(FakeGrader())
        var forced = fixture.options()
        forced.force = true
        let again = FakeGrader()
        _ = try fixture.grade(again, forced)
        #expect(again.graded.count == 4)
        let newHarness = FakeGrader(version: "fake-2")
        _ = try fixture.grade(newHarness)
        #expect(newHarness.graded.count == 4)
        #expect(try Gradebook(url: fixture.gradebookURL).attemptCount() == 12)
    }

    @Test func newWeightsRescoreWithoutRunningAnything() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try fixture.grade(FakeGrader())
        var options = fixture.options()
        options.weights = TestWeights(points: ["cost_whole_sizes": 6], defaultPoints: 1)
        let grader = FakeGrader()
        let report = try fixture.grade(grader, options)
        #expect(grader.graded.isEmpty)
        #expect(report.results.map(\.points) == [10, 3, 0, 9])
        #expect(report.results.map(\.maxPoints) == [10, 10, 10, 10])
    }

    @Test func aRegradeWithoutWeightsScoresWithTheKeptOnesAndAChangeIsSaidAndRecorded() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var weighted = fixture.options()
        weighted.weights = TestWeights(points: ["cost_whole_sizes": 6], defaultPoints: 1)
        weighted.weightsFile = "weights.txt"
        let first = try fixture.grade(FakeGrader(), weighted)
        #expect(first.results.map(\.maxPoints) == [10, 10, 10, 10])
        #expect(first.scoringChanges.isEmpty)

        // --only bob, without --weights: the class stays out of 10, bob included.
        var only = fixture.options()
        only.only = ["bob"]
        let regraded = try fixture.grade(FakeGrader(), only)
        #expect(regraded.results.map(\.points) == [10, 3, 0, 9])
        #expect(regraded.results.map(\.maxPoints) == [10, 10, 10, 10])
        #expect(regraded.scoringChanges.isEmpty)
        #expect(GradeNotes.weights(regraded) == "weights.txt, out of 10: cost_whole_sizes 6, every other test 1")
        let book = try Gradebook(url: fixture.gradebookURL)
        #expect(try book.classReport(of: "ThumbnailCache", now: Date())?.results.map(\.maxPoints) == [10, 10, 10, 10])

        // Going back to one point per test is a change: said in the report, kept, and in the history.
        var equal = fixture.options()
        equal.weights = .equal
        let changed = try fixture.grade(FakeGrader(), equal)
        #expect(changed.results.map(\.maxPoints) == [5, 5, 5, 5])
        #expect(changed.scoringChanges == ["the weights from weights.txt (cost_whole_sizes 6, every other test 1) to one point per test"])
        #expect(ClassTextFormatter(style: .plain).format(changed).contains("CHANGED: this run changes the weights from weights.txt"))
        #expect(try book.scoreInputHistory(of: "ThumbnailCache").map(\.weightsFile) == ["weights.txt", ""])
        #expect(try fixture.grade(FakeGrader()).results.map(\.maxPoints) == [5, 5, 5, 5])
    }

    @Test func keptTimestampsStillDateARegradeThatLeavesThemOut() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let stamp = Date(timeIntervalSince1970: 1_796_000_000)
        var stamped = fixture.options()
        stamped.timestamps = ["bob": stamp]
        stamped.timestampsFile = "times.csv"
        _ = try fixture.grade(FakeGrader(), stamped)
        var only = fixture.options()
        only.only = ["bob"]
        let regraded = try fixture.grade(FakeGrader(), only)
        #expect(regraded.timing["bob"] == SubmissionTime(date: stamp, source: .timestampsFile))
        #expect(regraded.scoring?.timestampsFile == "times.csv")
    }

    @Test func weightsNamingAnUnknownTestAreRefused() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var options = fixture.options()
        options.weights = try TestWeights.parse("cost_whole_size = 2\n", file: "weights.txt")
        options.weightsFile = "weights.txt"
        #expect(throws: GradebookError.unknownWeightedTest(file: "weights.txt", line: 1, name: "cost_whole_size", suggestion: "cost_whole_sizes")) {
            try fixture.grade(FakeGrader(), options)
        }
    }

    @Test func aGraderFailureIsReportedAndRetriedNextRun() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try write(["gina.swift": "final class ThumbnailCache {} // grader breaks\n"], under: fixture.folder)
        let report = try fixture.grade(FakeGrader())
        #expect(report.toolErrors.map(\.student) == ["gina"])
        #expect(report.toolErrors[0].message.contains("the harness could not be built"))
        #expect(!report.allPassed)
        try write(["gina.swift": "final class ThumbnailCache {}\n"], under: fixture.folder)
        let retry = FakeGrader()
        let second = try fixture.grade(retry)
        #expect(retry.graded == ["gina.swift"])
        #expect(second.toolErrors.isEmpty)
    }

    @Test func aFolderWithNoSubmissionsIsAnError() throws {
        let root = try temporaryFolder("empty-class")
        defer { try? FileManager.default.removeItem(at: root) }
        try write(["notes.txt": "x"], under: root)
        let book = root.appendingPathComponent("g.sqlite3")
        #expect(throws: GradebookError.noSubmissions(root.path, skipped: 1)) {
            try ClassGrader(grader: FakeGrader(), gradebookURL: book).run(ClassGrader.Options(folder: root))
        }
        #expect(!FileManager.default.fileExists(atPath: book.path))
    }

    @Test func shardsMergeIntoWhatOneRunGives() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        try write((0 ..< 12).reduce(into: [:]) { $0["extra\($1).swift"] = "final class ThumbnailCache {}\n" + ($1 % 3 == 0 ? "// fail: uses_nscache\n" : "") }, under: fixture.folder)
        let whole = try fixture.grade(FakeGrader(), gradebook: fixture.root.appendingPathComponent("whole.sqlite3"))
        var shardFiles: [URL] = []
        var graded: [String] = []
        for index in 1 ... 3 {
            var options = fixture.options()
            options.shard = Shard(index: index, count: 3)
            let url = fixture.root.appendingPathComponent("shard-\(index).sqlite3")
            let grader = FakeGrader()
            _ = try fixture.grade(grader, options, gradebook: url)
            graded += grader.graded
            shardFiles.append(url)
        }
        #expect(graded.sorted() == whole.results.map(\.file).sorted())
        let merged = try Gradebook(url: fixture.root.appendingPathComponent("merged.sqlite3"))
        let run = try merged.merge(shardFiles)
        for formatter in [CSVReportFormatter().format, ClassJUnitFormatter().format, HTMLReportFormatter().format] {
            #expect(formatter(run.report) == formatter(whole))
        }
        #expect(try merged.attemptCount() == whole.results.count)
        // Merging again changes nothing, and the merged run is what the file now reports.
        let again = try merged.merge(shardFiles)
        #expect(try merged.attemptCount() == whole.results.count)
        #expect(CSVReportFormatter().format(again.report) == CSVReportFormatter().format(whole))
        #expect(CSVReportFormatter().format(try #require(try merged.lastFinishedRun()).report) == CSVReportFormatter().format(whole))
    }

    @Test func shardsOfDifferentGradingsAreNotMerged() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var one = fixture.options()
        one.shard = Shard(index: 1, count: 2)
        var two = fixture.options()
        two.shard = Shard(index: 2, count: 2)
        two.weights = TestWeights(points: [:], defaultPoints: 2)
        let a = fixture.root.appendingPathComponent("a.sqlite3"), b = fixture.root.appendingPathComponent("b.sqlite3")
        _ = try fixture.grade(FakeGrader(), one, gradebook: a)
        _ = try fixture.grade(FakeGrader(), two, gradebook: b)
        let merged = try Gradebook(url: fixture.root.appendingPathComponent("m.sqlite3"))
        #expect(throws: GradebookError.self) { try merged.merge([a, b]) }
    }

    @Test func workersRunInParallel() throws {
        let root = try temporaryFolder("parallel")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("class")
        try write((0 ..< 8).reduce(into: [:]) { $0["s\($1).swift"] = "final class ThumbnailCache {} // slow\n" }, under: folder)
        let progress = ProgressLog()
        let report = try ClassGrader(grader: FakeGrader(), gradebookURL: root.appendingPathComponent("g.sqlite3")).run(ClassGrader.Options(folder: folder), progress: progress.append)
        #expect(report.results.count == 8)
        let seen = progress.all
        #expect(seen.map(\.done) == Array(1 ... 8))
        #expect(seen.last?.gradedNow == 8)
        // Eight 50 ms gradings, four in flight: the summed grading time exceeds the wall time.
        #expect(seen.last!.gradingSeconds > seen.last!.elapsed * 1.5)
    }

    @Test func workspacesOfDeadRunsAreRemovedAndLiveOnesKept() throws {
        let scratch = try temporaryFolder("scratch")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let uuid = UUID().uuidString
        // A pid far above any pid_max in use, so no process has it.
        let dead = "cachetutor-grade-workspace-2147483000-\(uuid)"
        let live = "cachetutor-grade-workspace-\(getpid())-\(uuid)"
        // Folders of anyone else's stay, even one whose name starts with digits and a dash.
        let others = ["cachetutor-grade-notes", "cachetutor-grade-12345678-\(uuid)"]
        for name in [dead, live] + others {
            try FileManager.default.createDirectory(at: scratch.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        BatchGrader.removeAbandonedWorkspaces(in: scratch)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path)) == Set([live] + others))
    }

    @Test func similarityRunsOverTheGradedFiles() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let copied = String(repeating: "func step(_ value: Int) -> Int { if value > 3 { return value * 2 } else { return value - 1 } }\n", count: 3)
        try write(["x1.swift": copied + "// one", "x2.swift": copied.replacingOccurrences(of: "value", with: "v") + "// two"], under: fixture.folder)
        var options = fixture.options()
        options.similarityThreshold = 0.8
        let report = try fixture.grade(FakeGrader(), options)
        #expect(report.similarity?.pairs.map { "\($0.first)-\($0.second)" }.contains("x1-x2") == true)
    }
}

/// Collects progress reports from the workers.
final class ProgressLog: Sendable {
    private let entries = Mutex<[BatchProgress]>([])
    var all: [BatchProgress] { entries.withLock { $0 } }
    var append: @Sendable (BatchProgress) -> Void { { progress in self.entries.withLock { $0.append(progress) } } }
}

@Suite struct AbandonedWorkspaceTests {
    @Test func onlyAGradersOwnWorkspaceNameNamesAnOwner() {
        let uuid = "12345678-1234-1234-1234-123456789ABC"
        #expect(BatchGrader.workspaceOwner("cachetutor-grade-workspace-4242-\(uuid)") == 4242)
        // A folder of anyone else's, even one that starts with digits and a dash, is never ours.
        #expect(BatchGrader.workspaceOwner("cachetutor-grade-\(uuid)") == nil)
        #expect(BatchGrader.workspaceOwner("cachetutor-grade-workspace-4242-notes") == nil)
        #expect(BatchGrader.workspaceOwner("cachetutor-grade-workspace-x-\(uuid)") == nil)
    }
}
