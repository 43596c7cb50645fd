import Foundation
import Synchronization
import Testing
import TutorGrading
@testable import TutorGradebook

@Suite struct ClassGraderCourseTests {
    struct Fixture {
        let root: URL
        let folder: URL
        var gradebookURL: URL { root.appendingPathComponent("gradebook.sqlite3") }
        /// alice on time, bob exactly one day late, dave with no known time.
        let times = TableTimes(times: [
            "alice": SubmissionTime(date: moment("2026-12-15T20:00Z"), source: .git(commit: String(repeating: "a", count: 40))),
            "bob": SubmissionTime(date: moment("2026-12-16T23:59Z"), source: .git(commit: String(repeating: "b", count: 40))),
            "carol": SubmissionTime(date: moment("2026-12-15T10:00Z"), source: .fileModified),
        ])

        init() throws {
            root = try temporaryFolder("course")
            folder = root.appendingPathComponent("submissions")
            try write(sampleClass(), under: folder)
        }

        func grade(_ grader: FakeGrader = FakeGrader(), _ configure: (inout ClassGrader.Options) -> Void = { _ in }, warn: @escaping @Sendable (String) -> Void = { _ in }) throws -> ClassReport {
            var options = ClassGrader.Options(folder: folder)
            options.jobs = 2
            configure(&options)
            return try ClassGrader(grader: grader, gradebookURL: gradebookURL, times: times, clock: FixedClock(now: moment("2026-12-20T12:00Z")), warn: warn).run(options)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func tenPercentADay(_ options: inout ClassGrader.Options) {
        options.deadlineUpdate.setsDue = true
        options.deadlineUpdate.due = moment("2026-12-15T23:59Z")
        options.deadlineUpdate.policy = .rate(percent: 10, unit: .day, cap: nil)
    }

    @Test func aSubmissionOneDayLateLosesExactlyThePenalty() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let report = try fixture.grade(FakeGrader(), Self.tenPercentADay)
        let bob = try #require(report.results.first { $0.student == "bob" })
        let grade = report.grade(for: bob)
        #expect(grade.raw == 3)
        #expect(grade.late.lateBy == 86_400)
        #expect(grade.penalty == 0.5)   // 10 % of the 5 points available
        #expect(grade.final == 2.5)
        let alice = try #require(report.results.first { $0.student == "alice" })
        #expect(report.grade(for: alice).penalty == 0 && !report.grade(for: alice).late.isLate)
        #expect(report.timing["bob"]?.source == .git(commit: String(repeating: "b", count: 40)))
        #expect(report.timing["dave"] == nil)
        // The deadline stays with the exercise: a later run without the options applies it too.
        let again = try fixture.grade()
        #expect(again.deadlines.due == moment("2026-12-15T23:59Z"))
        #expect(again.grade(for: try #require(again.results.first { $0.student == "bob" })).final == 2.5)
    }

    @Test func timestampsReplaceGitAndFileTimes() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let report = try fixture.grade(FakeGrader()) { options in
            Self.tenPercentADay(&options)
            options.timestamps = ["bob": moment("2026-12-15T23:00Z")]
        }
        #expect(report.timing["bob"] == SubmissionTime(date: moment("2026-12-15T23:00Z"), source: .timestampsFile))
        #expect(report.grade(for: try #require(report.results.first { $0.student == "bob" })).penalty == 0)
    }

    @Test func onlyGradesTheNamedStudentsAgainAndReportsTheWholeClass() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try fixture.grade()
        try write(["carol/ThumbnailCache.swift": "final class ThumbnailCache {} // fixed, not re-graded yet\n"], under: fixture.folder)
        let grader = FakeGrader()
        let report = try fixture.grade(grader) { $0.only = ["alice"] }
        #expect(grader.graded == ["alice.swift"])
        #expect(report.results.map(\.student) == ["alice", "bob", "carol", "dave"])
        #expect(report.results.first { $0.student == "carol" }?.report.status == .error)
        #expect(report.results.filter { !$0.fromCache }.map(\.student) == ["alice"])
        #expect(report.skipped.map(\.path) == ["erin.swift", "frank/", "notes.txt"])
        #expect(try Gradebook(url: fixture.gradebookURL).attemptCount() == 5)
    }

    @Test func onlyNamingNobodyInTheClassIsRefusedBeforeTheGradebookExists() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(throws: GradebookError.unknownStudent(option: "only", name: "alcie", suggestion: "alice")) {
            try fixture.grade { $0.only = ["alcie"] }
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.gradebookURL.path))
    }

    @Test func extensionsAndTimestampsForNobodyAreNamed() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let warnings = Mutex<[String]>([])
        _ = try fixture.grade(FakeGrader(), { options in
            options.deadlineUpdate.extensions = ["bobb": moment("2026-12-18T23:59Z")]
            options.timestamps = ["zed": moment("2026-12-18T23:59Z")]
        }, warn: { message in warnings.withLock { $0.append(message) } })
        #expect(warnings.withLock { $0 } == ["--extensions: 'bobb' is no student of this class; did you mean 'bob'?", "--timestamps: 'zed' is no student of this class"])
    }

    @Test func aRosterListsWhoHandedNothingInAndWhomItLacks() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let roster = try Roster.parse("folder,name,email\nalice,Alice,a@x\nbob,Bob,b@x\ngina,Gina,g@x\n,Victor,v@x\n", file: "roster.csv")
        let report = try fixture.grade(FakeGrader()) { options in
            Self.tenPercentADay(&options)
            options.roster = roster
        }
        #expect(report.missingStudents.map(\.displayName) == ["Gina", "Victor"])
        #expect(report.unrosteredStudents == ["carol", "dave", "erin", "frank"])
        #expect(report.isPastDeadline("gina"))
        let rows = parseCSV(CSVReportFormatter().format(report))
        #expect(rows.first { $0[0] == "gina" }?[1 ... 4] == ["0", "5", "0", "no submission"])
    }
}
