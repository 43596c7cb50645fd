import Foundation
import Testing
import TutorGradebook

/// A course as an instructor runs it: two exercises handed in as git repositories with
/// dated commits, a roster, deadlines with a late penalty, the course report, the Canvas
/// and Moodle imports, re-grading one student, an adjustment, and bad input files.
@Suite(.serialized) struct GradeCourseEndToEndTests {
    static let environment = ["CACHETUTOR_HOME": ""]

    struct Course {
        let root: URL
        var gradebook: URL { root.appendingPathComponent("gradebook.sqlite3") }

        /// ThumbnailCache (due 2026-11-20T23:59Z): alice on time, bob exactly one day late,
        /// carol on time with a cost bug, dave a single file whose time comes from
        /// `--timestamps`, zed not on the roster. ProfileStore (due 2026-11-27T23:59Z): alice
        /// the reference, bob a mutant. Frank is on the roster with no folder.
        init() throws {
            root = try Cachetutor.temporaryFolder("course")
            let thumbs = root.appendingPathComponent("thumbnails")
            try GitRepository.commit(["ThumbnailCache.swift": GradeClassFolder.correct], in: thumbs.appendingPathComponent("alice"), at: "2026-11-20T18:00:00Z")
            try GitRepository.commit(["ThumbnailCache.swift": GradeClassFolder.variant("bob")], in: thumbs.appendingPathComponent("bob"), at: "2026-11-21T23:59:00Z")
            try GitRepository.commit(["ThumbnailCache.swift": GradeClassFolder.wrongCost], in: thumbs.appendingPathComponent("carol"), at: "2026-11-19T09:00:00Z")
            try GitRepository.commit(["ThumbnailCache.swift": GradeClassFolder.correctAsync], in: thumbs.appendingPathComponent("zed"), at: "2026-11-20T10:00:00Z")
            try Data(GradeClassFolder.variant("dave").utf8).write(to: thumbs.appendingPathComponent("dave.swift"))
            let profiles = root.appendingPathComponent("profiles")
            let grading = Cachetutor.packageRoot.appendingPathComponent("Exercises/ProfileStore/.grading")
            let reference = try String(contentsOf: grading.appendingPathComponent("Reference/ProfileStore.swift"), encoding: .utf8)
            let mutant = try Cachetutor.mutantSource("ProfileStore", "05-total-cost-limit-50")
            try GitRepository.commit(["ProfileStore.swift": reference], in: profiles.appendingPathComponent("alice"), at: "2026-11-27T20:00:00Z")
            try GitRepository.commit(["ProfileStore.swift": mutant], in: profiles.appendingPathComponent("bob"), at: "2026-11-26T20:00:00Z")
            try write("roster.csv", """
                folder,name,email,lms_id,sis_id,sis_login,section
                alice,"Liddell, Alice",alice@example.edu,1001,S1001,aliddell,A1
                bob,"Stone, Bob",bob@example.edu,1002,S1002,bstone,A1
                carol,"Danvers, Carol",carol@example.edu,1003,S1003,cdanvers,A2
                dave,"Lister, Dave",dave@example.edu,1004,S1004,dlister,A2
                ,"Frankenstein, Victor",victor@example.edu,1006,S1006,vfrank,A2

                """)
            try write("timestamps.csv", "student,timestamp\ndave,2026-11-21T01:59:00Z\n")
        }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: root.appendingPathComponent(name))
        }

        func run(_ arguments: [String]) throws -> Cachetutor.Result {
            try Cachetutor.run(arguments, home: root, workingDirectory: root, extraEnvironment: GradeCourseEndToEndTests.environment)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let thumbnailDeadline = ["--due", "2026-11-20T23:59Z", "--late-penalty", "10%/day max 50%", "--grace", "15m"]

    @Test func aCourseGradedFromGitHistoriesImportsIntoCanvasAndMoodle() throws {
        let course = try Course()
        defer { course.remove() }
        let thumbs = try course.run(["grade", "thumbnails", "--roster", "roster.csv", "--timestamps", "timestamps.csv", "--format", "csv", "--output", "thumbnails.csv"] + Self.thumbnailDeadline)
        #expect(thumbs.status == 1, "\(thumbs.stderr)")
        #expect(thumbs.stderr.contains("[5/5] "))
        let rows = parseCSV(try String(contentsOf: course.root.appendingPathComponent("thumbnails.csv"), encoding: .utf8))
        let header = rows[0]
        func cell(_ student: String, _ column: String) -> String? {
            rows.first { $0[0] == student }.map { $0[header.firstIndex(of: column)!] }
        }
        // One day late (the commit's date) loses exactly 10 % of the 20 points.
        #expect(cell("bob", "raw_score") == "20")
        #expect(cell("bob", "late_penalty") == "2")
        #expect(cell("bob", "score") == "18")
        #expect(cell("bob", "submitted_at") == "2026-11-21T23:59:00Z")
        #expect(cell("bob", "late_hours") == "24")
        #expect(cell("alice", "score") == "20")
        #expect(cell("alice", "late_penalty") == "0")
        #expect(cell("alice", "submitted_at") == "2026-11-20T18:00:00Z")
        // dave's single file takes its time from --timestamps: two hours late is a started day.
        #expect(cell("dave", "submitted_at") == "2026-11-21T01:59:00Z")
        #expect(cell("dave", "late_penalty") == "2")
        #expect(cell("carol", "raw_score") == "18")
        #expect(cell("Frankenstein, Victor", "status") == "no submission")
        #expect(cell("Frankenstein, Victor", "score") == "0")
        #expect(thumbs.stdout.contains("Not on the roster"))
        #expect(thumbs.stdout.contains("bob: 20 − 2 = 18. 1 d late (commit "))

        let profiles = try course.run(["grade", "profiles", "--exercise", "ProfileStore", "--due", "2026-11-27T23:59Z", "--roster", "roster.csv"])
        #expect(profiles.status == 1, "\(profiles.stderr)")
        #expect(profiles.stdout.contains("Graded 2 submissions of ProfileStore: 1 passed, 1 failed"))

        // The course report: both exercises side by side, in the course's order, with totals.
        let report = try course.run(["grade", "--report", "--roster", "roster.csv"])
        #expect(report.status == 0, "\(report.stderr)")
        let lines = report.stdout.split(separator: "\n").map(String.init)
        let heading = try #require(lines.first { $0.hasPrefix("student") })
        #expect(heading.contains("ProfileStore  ThumbnailCache  total"))
        let bob = try #require(lines.first { $0.hasPrefix("bob ") })
        #expect(bob.contains("18*"))
        #expect(report.stdout.contains("Course report from gradebook.sqlite3: 2 exercises, 6 students."))

        // Canvas: the documented student columns, one column per exercise, a Points Possible row.
        let canvas = try course.run(["grade", "--report", "--roster", "roster.csv", "--format", "canvas", "--output", "canvas.csv"])
        #expect(canvas.status == 0, "\(canvas.stderr)")
        #expect(canvas.stderr.contains("leaves out 1 student it cannot match (not on the roster): zed"))
        let canvasText = try String(contentsOf: course.root.appendingPathComponent("canvas.csv"), encoding: .utf8)
        let canvasRows = parseCSV(canvasText)
        #expect(canvasRows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "ProfileStore", "ThumbnailCache"])
        #expect(canvasRows[1].first == "Points Possible" && canvasRows[1].last == "20")
        #expect(canvasRows.first { $0[0] == "Stone, Bob" } == ["Stone, Bob", "1002", "S1002", "bstone", "A1", canvasRows.first { $0[0] == "Stone, Bob" }![5], "18"])
        #expect(canvasRows.first { $0[0] == "Frankenstein, Victor" }?.suffix(2) == ["0", "0"])
        #expect(CanvasImportCheck.problems(in: canvasText).isEmpty)

        // Moodle: matched on email, a grade and a feedback column per exercise.
        let moodle = try course.run(["grade", "--report", "--roster", "roster.csv", "--format", "moodle"])
        #expect(moodle.status == 0, "\(moodle.stderr)")
        let moodleRows = parseCSV(moodle.stdout)
        #expect(moodleRows[0] == ["email", "ProfileStore", "ProfileStore feedback", "ThumbnailCache", "ThumbnailCache feedback"])
        let carol = try #require(moodleRows.first { $0[0] == "carol@example.edu" })
        #expect(carol[3] == "18" && carol[4].contains("Failing tests: cost_whole_sizes, cost_fractional_sizes."))
        #expect(MoodleImportCheck.problems(in: moodle.stdout).isEmpty)
    }

    @Test func onlyRegradesOneStudentAndAnAdjustmentIsKept() throws {
        let course = try Course()
        defer { course.remove() }
        let first = try course.run(["grade", "thumbnails"] + Self.thumbnailDeadline)
        #expect(first.status == 1, "\(first.stderr)")
        // bob fixes nothing but asks for a re-grade; carol pushes a fix nobody asked to grade yet.
        try GitRepository.commit(["ThumbnailCache.swift": GradeClassFolder.correct], in: course.root.appendingPathComponent("thumbnails/carol"), at: "2026-11-22T09:00:00Z")
        let only = try course.run(["grade", "thumbnails", "--only", "bob", "--format", "csv"])
        #expect(only.status == 1, "\(only.stderr)")
        #expect(only.stderr.split(separator: "\n").filter { $0.hasPrefix("[") } == ["[1/1] bob: pass 20/20"])
        let rows = parseCSV(only.stdout)
        #expect(rows.dropFirst().map { $0[0] } == ["alice", "bob", "carol", "dave", "zed"])
        #expect(rows.first { $0[0] == "carol" }?[4] == "fail")
        // The deadline given the first time still applies.
        #expect(rows.first { $0[0] == "bob" }?[1] == "18")

        let adjust = try course.run(["grade", "--adjust", "carol=+2", "--reason", "cost bug fixed in office hours"])
        #expect(adjust.status == 0, "\(adjust.stderr)")
        #expect(adjust.stdout.contains("Recorded +2 for carol on ThumbnailCache: cost bug fixed in office hours. carol now scores 20/20 (18 + 2 = 20)."))
        // Grading carol's fix keeps the adjustment; the fix came in 1 d 9 h late: two started days.
        let report = try course.run(["grade", "thumbnails", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let carol = try #require((document["students"] as? [[String: Any]])?.first { $0["student"] as? String == "carol" })
        #expect(carol["raw_score"] as? Double == 20)
        #expect(carol["late_penalty"] as? Double == 4)
        #expect(carol["adjustment"] as? Double == 2)
        #expect(carol["score"] as? Double == 18)
        #expect((carol["adjustments"] as? [[String: Any]])?.first?["reason"] as? String == "cost bug fixed in office hours")
        #expect(try Gradebook(url: course.gradebook).adjustments(of: "ThumbnailCache")["carol"]?.count == 1)
    }

    @Test func badInputFilesNameTheirLineAndLeaveTheGradebookAsItWas() throws {
        let course = try Course()
        defer { course.remove() }
        let first = try course.run(["grade", "thumbnails"])
        #expect(first.status == 1, "\(first.stderr)")
        let before = try Self.contents(of: course.gradebook)
        try course.write("bad-roster.csv", "folder,name\nalice,Alice\nbob,\"Stone, Bob\nbob2,x\n")
        try course.write("bad-extensions.txt", "# moved\nbob = next friday\n")
        try course.write("bad-timestamps.csv", "student,timestamp\ndave,2026-11-21 01:59\n")
        let cases: [([String], Int32, String)] = [
            (["grade", "thumbnails", "--roster", "bad-roster.csv"], 65, "bad-roster.csv:3: a quote opened here is never closed"),
            (["grade", "thumbnails", "--due", "2026-11-20T23:59Z", "--extensions", "bad-extensions.txt"], 65, "bad-extensions.txt:2: 'next friday' is not a date and time with a zone"),
            (["grade", "thumbnails", "--timestamps", "bad-timestamps.csv"], 65, "bad-timestamps.csv:2: '2026-11-21 01:59' is not a date and time with a zone"),
            (["grade", "thumbnails", "--roster", "absent.csv"], 66, "absent.csv: no such file or not readable"),
            (["grade", "thumbnails", "--only", "bbo"], 64, "--only: no student 'bbo' in this class; did you mean 'bob'?"),
            (["grade", "thumbnails", "--late-penalty", "ten percent"], 64, "--late-penalty 'ten percent'"),
            (["grade", "thumbnails", "--format", "canvas"], 64, "--format canvas needs --roster FILE"),
            (["grade", "--report", "--roster", "bad-roster.csv"], 65, "bad-roster.csv:3: a quote opened here is never closed"),
            (["grade", "--adjust", "bob=+1"], 64, "--adjust needs --reason"),
        ]
        for (arguments, status, message) in cases {
            let result = try course.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try Self.contents(of: course.gradebook) == before)
        // A report that cannot be written is an output failure, after the results are safely in.
        let unwritable = try course.run(["grade", "thumbnails", "--output", "no/such/folder/report.txt"])
        #expect(unwritable.status == 73, "\(unwritable.stderr)")
        #expect(unwritable.stderr.contains("no/such/folder/report.txt: cannot write the report"))
        let book = try Gradebook(url: course.gradebook)
        #expect(try book.attemptCount() == 5)
        #expect(try book.database.query("PRAGMA integrity_check") { $0.string(0) } == ["ok"])
    }

    /// The key columns of every row of every table of the gradebook at `url`: equal exactly
    /// when nothing was added, and no run was started or finished.
    static func contents(of url: URL) throws -> [String] {
        let book = try Gradebook(url: url)
        let keys = ["attempt": "uid", "run": "id || '@' || ifnull(finished_at, 'open')", "run_entry": "run || '/' || path",
                    "deadline": "id", "adjustment": "uid"]
        var rows: [String] = []
        for (table, key) in keys.sorted(by: { $0.key < $1.key }) {
            rows += try book.database.query("SELECT \(key) FROM \(table) ORDER BY rowid") { table + ": " + $0.string(0) }
        }
        return rows
    }

    @Test func theHTMLReportShowsLatenessAndTheSimilarityViewSideBySide() throws {
        let course = try Course()
        defer { course.remove() }
        // alice writes more than the starter asks; erin hands in alice's file with the names changed.
        try GitRepository.commit(["ThumbnailCache.swift": GradeClassFolder.withStatistics], in: course.root.appendingPathComponent("thumbnails/alice"), at: "2026-11-20T19:00:00Z")
        let disguised = GradeClassFolder.withStatistics.replacingOccurrences(of: "counterLock", with: "lock").replacingOccurrences(of: "hitCount", with: "hits")
        try GitRepository.commit(["ThumbnailCache.swift": "// my own work\n" + disguised], in: course.root.appendingPathComponent("thumbnails/erin"), at: "2026-11-20T11:00:00Z")
        let html = try course.run(["grade", "thumbnails", "--similarity", "--similarity-threshold", "0.9", "--roster", "roster.csv", "--format", "html", "--output", "class.html"] + Self.thumbnailDeadline)
        #expect(html.status == 1, "\(html.stderr)")
        let page = try String(contentsOf: course.root.appendingPathComponent("class.html"), encoding: .utf8)
        #expect(page.contains("<span class=\"late\">1 d late · −2</span>"))
        #expect(page.contains(": alice, erin</h3>"))
        #expect(page.contains("<div class=\"sides\">"))
        #expect(page.contains("<td class=\"f0\">"))
        #expect(!page.contains("<script"))
        #expect(html.stdout.contains(": alice, erin\n"))
        #expect(html.stdout.contains("lines alice "))
    }
}
