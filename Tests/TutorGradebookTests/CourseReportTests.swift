import Foundation
import Testing
import TutorGrading
import TutorTerminal
@testable import TutorGradebook

@Suite struct CourseReportTests {
    let roster = try! Roster.parse("""
        folder,name,email,lms_id,sis_id,sis_login,section
        alice,"Liddell, Alice",alice@example.edu,1001,S1001,aliddell,A1
        bob,"Stone, Bob",bob@example.edu,1002,S1002,bstone,A1
        carol,"Danvers, Carol",,1003,S1003,cdanvers,A2
        ,"Frankenstein, Victor",victor@example.edu,1006,S1006,vfrank,A2

        """, file: "roster.csv")

    func result(_ student: String, _ exercise: String, passed: [Bool]) -> StudentResult {
        let tests = passed.enumerated().map { TestResult(name: "t\($0.offset)", summary: "point \($0.offset)", status: $0.element ? .pass : .fail) }
        let report = GradingReport(exercise: exercise, file: "\(student).swift", status: passed.allSatisfy { $0 } ? .pass : .fail, tests: tests,
                                   score: passed.filter { $0 }.count, maxScore: passed.count, durationMilliseconds: 5)
        let score = StudentResult.score(report, weights: .equal)
        return StudentResult(student: student, file: "\(student).swift", fileHash: "h", report: report, points: score.points, maxPoints: score.maxPoints, gradedAt: moment("2026-12-01T10:00Z"))
    }

    /// ThumbnailCache (4 points, due 2026-12-15, 10 %/day): alice on time, bob a day late,
    /// zed (not on the roster) on time, carol's entry skipped. ProfileStore (2 points, due
    /// 2026-12-25, not yet passed): alice only.
    func course(now: Date = moment("2026-12-20T00:00Z"), roster: Roster? = nil) -> CourseReport {
        var thumbnails = ClassReport(exercise: "ThumbnailCache", results: [result("alice", "ThumbnailCache", passed: [true, true, true, true]),
                                                                           result("bob", "ThumbnailCache", passed: [true, true, true, false]),
                                                                           result("zed", "ThumbnailCache", passed: [true, false, false, false])],
                                     skipped: [SkippedEntry(path: "carol.swift", student: "carol", reason: .empty)])
        thumbnails.deadlines = Deadlines(due: moment("2026-12-15T23:59Z"), policy: .rate(percent: 10, unit: .day, cap: nil))
        thumbnails.timing = ["alice": SubmissionTime(date: moment("2026-12-15T12:00Z"), source: .fileModified),
                             "bob": SubmissionTime(date: moment("2026-12-16T23:59Z"), source: .git(commit: String(repeating: "c", count: 40)))]
        thumbnails.adjustments = ["alice": [Adjustment(exercise: "ThumbnailCache", student: "alice", points: 0.5, reason: "neat", madeAt: now)]]
        thumbnails.now = now
        var profiles = ClassReport(exercise: "ProfileStore", results: [result("alice", "ProfileStore", passed: [true, false])], skipped: [])
        profiles.deadlines = Deadlines(due: moment("2026-12-25T23:59Z"))
        profiles.now = now
        return CourseReport(reports: [thumbnails, profiles], roster: roster)
    }

    @Test func rowsFollowTheRosterThenTheFoldersItLacks() {
        let course = course(roster: roster)
        #expect(course.columns.map(\.exercise) == ["ThumbnailCache", "ProfileStore"])
        #expect(course.maxTotal == 6)
        #expect(course.rows.map(\.displayName) == ["Liddell, Alice", "Stone, Bob", "Danvers, Carol", "Frankenstein, Victor", "zed"])
        #expect(course.unrostered == ["zed"])
        #expect(course.rows.map { $0.cells.map(\.points) } == [[4.5, 1], [2.6, nil], [nil, nil], [0, nil], [1, nil]])
        #expect(course.rows.map(\.total) == [5.5, 2.6, 0, 0, 1])
        #expect(course.rows[2].cells[0].status == "not graded: empty file")
        #expect(course.rows[3].cells[1].status == "no submission")
        // Before the deadline, nothing handed in counts nothing yet.
        #expect(self.course(now: moment("2026-12-10T00:00Z"), roster: roster).rows[3].cells[0].points == nil)
    }

    @Test func theTextReportShowsTheExercisesSideBySide() {
        let text = CourseTextFormatter(style: .plain).format(course(roster: roster), source: "gradebook.sqlite3")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Course report from gradebook.sqlite3: 2 exercises, 5 students.")
        #expect(lines[2].hasPrefix("student") && lines[2].contains("ThumbnailCache  ProfileStore  total"))
        #expect(lines.contains { $0.hasPrefix("alice") && $0.contains("4.5*") && $0.hasSuffix("5.5   92 %") })
        #expect(lines.contains { $0.hasPrefix("zed†") })
        #expect(text.contains("bob, ThumbnailCache: 3 − 0.4 = 2.6. 1 d late (commit ccccccc): −0.4"))
        #expect(text.contains("alice, ThumbnailCache: 4 + 0.5 = 4.5. +0.5: neat"))
        #expect(text.contains("carol, ThumbnailCache: empty file"))
        #expect(text.contains("ThumbnailCache: due 2026-12-15 23:59 UTC; late penalty 10\u{A0}% of the maximum per\n    day"))
        #expect(lines[4] == "alice        Liddell, Alice                  4.5*             1    5.5   92 %")
    }

    @Test func theCSVKeepsEachExercisesPartsApart() {
        let rows = parseCSV(CourseCSVFormatter().format(course(roster: roster)))
        #expect(rows[0] == ["student", "name", "email", "lms_id", "sis_id", "sis_login", "section",
                            "ThumbnailCache", "ThumbnailCache_raw", "ThumbnailCache_late_penalty", "ThumbnailCache_adjustment", "ThumbnailCache_max", "ThumbnailCache_status", "ThumbnailCache_weights",
                            "ProfileStore", "ProfileStore_raw", "ProfileStore_late_penalty", "ProfileStore_adjustment", "ProfileStore_max", "ProfileStore_status", "ProfileStore_weights",
                            "total", "total_max", "percent"])
        let bob = rows.first { $0[0] == "bob" }!
        #expect(Array(bob[7 ... 13]) == ["2.6", "3", "0.4", "0", "4", "fail", "one point per test, out of 4"])
        #expect(Array(bob[21...]) == ["2.6", "6", "43"])
        #expect(rows.allSatisfy { $0.count == rows[0].count })
    }

    @Test func theCanvasFileHasCanvassDocumentedColumnsAndAPointsPossibleRow() {
        let text = CanvasReportFormatter().format(course(roster: roster))
        let rows = parseCSV(text)
        #expect(rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "ThumbnailCache", "ProfileStore"])
        #expect(rows[1] == ["Points Possible", "", "", "", "", "4", "2"])
        #expect(rows[2] == ["Liddell, Alice", "1001", "S1001", "aliddell", "A1", "4.5", "1"])
        #expect(rows[4] == ["Danvers, Carol", "1003", "S1003", "cdanvers", "A2", "", ""])
        #expect(rows[5] == ["Frankenstein, Victor", "1006", "S1006", "vfrank", "A2", "0", ""])
        #expect(rows.count == 6)   // zed is not on the roster: Canvas could not match him
        #expect(text.hasSuffix("\r\n"))
        #expect(CanvasImportCheck.problems(in: text).isEmpty)
    }

    @Test func theCanvasCheckRefusesWhatCanvasWouldMisread() {
        let cases: [(String, String)] = [
            ("Student,ID,SIS Login ID,Section,A\r\n", "the header must start with Student, ID, SIS User ID, SIS Login ID, Section"),
            ("Student,ID,SIS User ID,SIS Login ID,Section\r\n", "name at least one assignment"),
            ("Student,ID,SIS User ID,SIS Login ID,Section,ThumbnailCache (20)\r\n", "reads as an assignment id"),
            ("Student,ID,SIS User ID,SIS Login ID,Section,Final Score project\r\n", "'Final Score', a read-only Canvas column"),
            ("Student,ID,SIS User ID,SIS Login ID,Section,A,A\r\n", "the assignment 'A' has two columns"),
            ("Student,ID,SIS User ID,SIS Login ID,Section,A\r\nAlice,1,,,,twenty\r\n", "line 2: 'twenty' under 'A' is not a number"),
            ("Student,ID,SIS User ID,SIS Login ID,Section,A\r\n,,,,A1,3\r\n", "line 2: no name, ID, SIS User ID or SIS Login ID"),
            ("Student,ID,SIS User ID,SIS Login ID,Section,A\r\nAlice,1,,,,3,4\r\n", "7 fields where the header has 6"),
        ]
        for (text, problem) in cases {
            let problems = CanvasImportCheck.problems(in: text)
            #expect(problems.contains { $0.contains(problem) }, "\(text.debugDescription): \(problems)")
        }
    }

    @Test func theMoodleFileMatchesOnEmailWithAFeedbackColumnPerExercise() {
        let course = course(roster: roster)
        let formatter = MoodleReportFormatter(identifier: MoodleReportFormatter.identifier(for: roster))
        #expect(formatter.identifier == .email)
        let text = formatter.format(course)
        let rows = parseCSV(text)
        #expect(rows[0] == ["email", "ThumbnailCache", "ThumbnailCache feedback", "ProfileStore", "ProfileStore feedback"])
        #expect(rows[1] == ["alice@example.edu", "4.5", "All 4 hidden tests passed. Adjusted +0.5: neat.", "1", "Failing tests: t1."])
        #expect(rows[2] == ["bob@example.edu", "2.6", "Failing tests: t3. Handed in 1 d late (commit ccccccc): −0.4.", "", "Nothing handed in yet."])
        #expect(rows[3] == ["victor@example.edu", "0", "Nothing handed in by the deadline.", "", "Nothing handed in yet."])
        #expect(rows.count == 4)
        #expect(formatter.leftOut(course) == ["Danvers, Carol", "zed"])
        #expect(MoodleImportCheck.problems(in: text).isEmpty)
        let byNumber = MoodleReportFormatter(identifier: .idnumber).format(course)
        #expect(parseCSV(byNumber)[0][0] == "idnumber" && parseCSV(byNumber)[3][0] == "S1003")
        #expect(MoodleImportCheck.problems(in: byNumber).isEmpty)
        #expect(MoodleReportFormatter.identifier(for: try! Roster.parse("folder,sis_id\nalice,S1\n", file: "r.csv")) == .idnumber)
    }

    @Test func theMoodleCheckRefusesWhatWouldAbandonTheImport() {
        let cases: [(String, String)] = [
            ("name,A,A feedback\r\n", "the first column must be email or idnumber"),
            ("email,A,B\r\n", "'A' is followed by 'B', not by 'A feedback'"),
            ("email,A,A feedback\r\n,3,ok\r\n", "line 2: no email"),
            ("email,A,A feedback\r\na@x,3,ok\r\na@x,4,ok\r\n", "line 3: email 'a@x' is on line 2 too"),
            ("email,A,A feedback\r\na@x,three,ok\r\n", "'three' under 'A' is not a number"),
            ("email,A,A feedback\r\na@x,150,ok\r\n", "over Moodle's largest grade, 100"),
        ]
        for (text, problem) in cases {
            let problems = MoodleImportCheck.problems(in: text)
            #expect(problems.contains { $0.contains(problem) }, "\(text.debugDescription): \(problems)")
        }
        #expect(MoodleImportCheck.problems(in: "email,A,A feedback\r\na@x,-,\r\nb@x,,\r\n").isEmpty)
    }

    @Test func theHTMLPageIsWellFormedAndShowsHowLateEachWas() {
        let html = CourseHTMLFormatter().format(course(roster: roster), source: "gradebook.sqlite3")
        #expect(parseXML(html).error == nil)
        #expect(html.contains("1 d late · −0.4"))
        #expect(html.contains("adj +0.5: neat"))
        #expect(html.contains("not yet due"))
        #expect(!html.contains("<script"))
    }
}
