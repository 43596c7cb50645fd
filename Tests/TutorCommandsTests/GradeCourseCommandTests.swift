import Foundation
import Testing
import TutorGradebook
import TutorGrading
import TutorTerminal
@testable import TutorCommands

/// `grade --report` and `grade --adjust` on a gradebook holding two exercises, and the
/// checks every course option gets before anything is written.
@Suite struct GradeCourseCommandTests {
    let folder: URL
    var gradebook: URL { folder.appendingPathComponent("gradebook.sqlite3") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-grade-course-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let book = try Gradebook(url: folder.appendingPathComponent("gradebook.sqlite3"))
        for (exercise, students) in [("ThumbnailCache", ["alice": true, "bob": false]), ("ProfileStore", ["alice": false])] {
            let setup = GradingSetup(exercise: exercise, harness: "h")
            let run = try book.beginRun(source: "class", shard: "all", setup: setup)
            var stored: [StudentResult] = []
            for (student, passed) in students.sorted(by: { $0.key < $1.key }) {
                let tests = [TestResult(name: "a", summary: "a", status: .pass), TestResult(name: "b", summary: "b", status: passed ? .pass : .fail)]
                let report = GradingReport(exercise: exercise, file: "\(student).swift", status: passed ? .pass : .fail, tests: tests, score: passed ? 2 : 1, maxScore: 2, durationMilliseconds: 5)
                stored.append(try book.record(StudentResult(student: student, file: "\(student).swift", fileHash: "\(student)\(exercise)", report: report, points: passed ? 2 : 1, maxPoints: 2, gradedAt: Date()), setup: setup, run: run))
            }
            try book.finishRun(run, results: stored, skipped: [], toolErrors: [])
        }
        try Data("folder,name,email,lms_id,sis_id,sis_login,section\nalice,\"Liddell, Alice\",alice@example.edu,1001,S1001,aliddell,A1\nbob,Bob Stone,bob@example.edu,1002,S1002,bstone,A1\n".utf8)
            .write(to: folder.appendingPathComponent("roster.csv"))
    }

    func run(_ arguments: [String]) -> (ExitCode, CapturedOutput) {
        let (console, output) = Console.capture()
        let context = CommandContext(console: console, environment: [:], workingDirectory: folder)
        return (Cachetutor.main(arguments, context: context), output)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    @Test func theReportShowsEveryExerciseAndGradesNothing() throws {
        defer { remove() }
        let (code, output) = run(["grade", "--report"])
        #expect(code == .success, "\(output.err)")
        #expect(output.out.contains("Course report from gradebook.sqlite3: 2 exercises, 2 students."))
        // The course's own order (exercise.toml), not the order they were graded in.
        #expect(output.out.contains("ProfileStore  ThumbnailCache  total"))
        let (csvCode, csv) = run(["grade", "--report", "--exercise", "ProfileStore", "--format", "csv"])
        #expect(csvCode == .success)
        #expect(csv.out.hasPrefix("student,name,email,lms_id,sis_id,sis_login,section,ProfileStore,ProfileStore_raw,"))
        let (canvasCode, canvas) = run(["grade", "--report", "--roster", "roster.csv", "--format", "canvas", "--output", "canvas.csv"])
        #expect(canvasCode == .success, "\(canvas.err)")
        let file = try String(contentsOf: folder.appendingPathComponent("canvas.csv"), encoding: .utf8)
        #expect(file.hasPrefix("Student,ID,SIS User ID,SIS Login ID,Section,ProfileStore,ThumbnailCache\r\nPoints Possible,,,,,2,2\r\n\"Liddell, Alice\",1001,S1001,aliddell,A1,1,2\r\n"))
        #expect(canvas.out.contains("Wrote the course report (canvas, 2 exercises, 2 students) to canvas.csv"))
        let (_, moodle) = run(["grade", "--report", "--roster", "roster.csv", "--format", "moodle"])
        #expect(moodle.out.hasPrefix("email,ProfileStore,ProfileStore feedback,ThumbnailCache,ThumbnailCache feedback\r\nalice@example.edu,1,Failing tests: b.,2,All 2 hidden tests passed.\r\n"))
    }

    @Test func anAdjustmentIsRecordedWithItsReasonAndShowsInEveryReport() throws {
        defer { remove() }
        let (code, output) = run(["grade", "--adjust", "bob=+1", "--reason", "test b regraded by hand", "--exercise", "ThumbnailCache"])
        #expect(code == .success, "\(output.err)")
        #expect(output.out == "Recorded +1 for bob on ThumbnailCache: test b regraded by hand. bob now scores 2/2 (1 + 1 = 2).\n")
        let (_, csv) = run(["grade", "--report", "--format", "csv"])
        #expect(csv.out.contains("bob,,,,,,,,,,,2,no submission,\"one point per test, out of 2\",2,1,0,1,2,fail,\"one point per test, out of 2\",2,4,50"))
        let (_, text) = run(["grade", "--report"])
        #expect(text.out.contains("bob, ThumbnailCache: 1 + 1 = 2. +1: test b regraded by hand"))
        #expect(try Gradebook(url: gradebook).adjustments(of: "ThumbnailCache")["bob"]?.map(\.reason) == ["test b regraded by hand"])
    }

    @Test func mistakesAreRefusedBeforeTheGradebookChanges() throws {
        defer { remove() }
        try Data("folder,name\nalice,Alice\nbob\n".utf8).write(to: folder.appendingPathComponent("bad-roster.csv"))
        let before = try Data(contentsOf: gradebook)
        let cases: [([String], ExitCode, String)] = [
            (["grade", "--adjust", "bob=+1"], .usage, "--adjust needs --reason"),
            (["grade", "--adjust", "bob=1", "--reason", "x", "--exercise", "ThumbnailCache"], .usage, "--adjust 'bob=1': give the change with its sign"),
            (["grade", "--adjust", "bbo=+1", "--reason", "x", "--exercise", "ThumbnailCache"], .usage, "--adjust: no student 'bbo' in this class; did you mean 'bob'?"),
            (["grade", "--adjust", "bob=+1", "--reason", "x"], .usage, "the gradebook holds ThumbnailCache, ProfileStore; say which with --exercise"),
            (["grade", "--adjust", "bob=+1", "--reason", "x", "--exercise", "SessionCache"], .usage, "the gradebook holds no grading of SessionCache"),
            (["grade", "--report", "--due", "2026-12-15T23:59Z"], .usage, "--due cannot be used with --report"),
            (["grade", "--report", "--format", "json"], .usage, "--report writes text, csv, html, canvas or moodle"),
            (["grade", "--report", "--format", "canvas"], .usage, "--format canvas needs --roster FILE"),
            (["grade", "--report", "--roster", "bad-roster.csv"], .dataError, "bad-roster.csv:3: 1 fields where the header has 2"),
            (["grade", "--report", "--roster", "missing.csv"], .noInput, "missing.csv: no such file or not readable"),
            (["grade", "--report", "--merge", "x.sqlite3"], .usage, "choose one of --merge and --report"),
            (["grade", "--report", "--output", "nowhere/at/all.txt"], .cannotCreate, "nowhere/at/all.txt: cannot write the report"),
            (["grade", "--report", "--gradebook", "other.sqlite3"], .noInput, "other.sqlite3: no such gradebook"),
            (["grade", "submissions", "--late-penalty", "10%/week"], .usage, "the rate is per day or per hour"),
            (["grade", "submissions", "--due", "2026-12-15 23:59"], .usage, "--due '2026-12-15 23:59': expected a date and time with a zone"),
            (["grade", "submissions", "--grace", "soon"], .usage, "--grace 'soon': expected a length"),
            (["grade", "submissions", "--only", "alice", "--shard", "1/2"], .usage, "--only and --shard cannot be combined"),
            (["grade", "submissions", "--reason", "why"], .usage, "--reason explains an --adjust"),
        ]
        for (arguments, status, message) in cases {
            let (code, output) = run(arguments)
            #expect(code == status, "\(arguments): \(output.err)")
            #expect(output.err.contains(message), "\(arguments): \(output.err)")
            #expect(output.err.split(separator: "\n").count == 1, "\(arguments): \(output.err)")
        }
        #expect(try Data(contentsOf: gradebook) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("other.sqlite3").path))
    }
}
