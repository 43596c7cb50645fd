import Foundation
import Testing
@testable import TutorGradebook

@Suite struct LatePolicyTests {
    let day = 86_400.0

    @Test func readsRatesCapsAndZero() throws {
        #expect(try LatePolicy.parse("10%/day") == .rate(percent: 10, unit: .day, cap: nil))
        #expect(try LatePolicy.parse("5%/hour max 50%") == .rate(percent: 5, unit: .hour, cap: 50))
        #expect(try LatePolicy.parse("2.5%/h, max50%") == .rate(percent: 2.5, unit: .hour, cap: 50))
        #expect(try LatePolicy.parse("zero") == .zero)
        #expect(try LatePolicy.parse("none") == LatePolicy.none)
        for text in ["10%/week", "10/day", "150%/day", "10%/day max", "0%/day", "10%/day at most 50%", ""] {
            #expect(throws: GradebookError.self, "\(text)") { try LatePolicy.parse(text) }
        }
        for text in ["10%/day", "5%/hour max 50%", "zero", "none"] {
            #expect(try LatePolicy.parse(text).description == text)
        }
    }

    @Test func oneDayLateLosesExactlyOneDaysPenalty() throws {
        let policy = try LatePolicy.parse("10%/day")
        #expect(policy.penalty(raw: 20, maxPoints: 20, lateBy: day) == 2)
        #expect(policy.penalty(raw: 17, maxPoints: 20, lateBy: day) == 2)
        // A started day counts in full, as in Canvas's late policy.
        #expect(policy.penalty(raw: 20, maxPoints: 20, lateBy: 1) == 2)
        #expect(policy.penalty(raw: 20, maxPoints: 20, lateBy: day + 1) == 4)
        // Rounding noise in the times is not a second day.
        #expect(policy.penalty(raw: 20, maxPoints: 20, lateBy: day + 0.0000001) == 2)
        #expect(policy.penalty(raw: 20, maxPoints: 20, lateBy: 0) == 0)
        #expect(policy.penalty(raw: 20, maxPoints: 20, lateBy: -day) == 0)
    }

    @Test func thePenaltyStopsAtTheCapAndNeverTakesMoreThanTheScore() throws {
        let capped = try LatePolicy.parse("10%/day max 50%")
        #expect(capped.penalty(raw: 20, maxPoints: 20, lateBy: 30 * day) == 10)
        #expect(capped.penalty(raw: 3, maxPoints: 20, lateBy: 30 * day) == 3)
        let hourly = try LatePolicy.parse("5%/hour")
        #expect(hourly.penalty(raw: 21, maxPoints: 21, lateBy: 2.5 * 3600) == 3.15)
        #expect(hourly.penalty(raw: 21, maxPoints: 21, lateBy: 40 * 3600) == 21)
        #expect(LatePolicy.zero.penalty(raw: 18, maxPoints: 20, lateBy: 60) == 18)
        #expect(LatePolicy.none.penalty(raw: 18, maxPoints: 20, lateBy: 9 * day) == 0)
    }

    @Test func deadlinesApplyExtensionsAndForgiveTheGracePeriod() {
        let deadlines = Deadlines(due: moment("2026-12-15T23:59Z"), extensions: ["bob": moment("2026-12-18T23:59Z")],
                                  policy: .rate(percent: 10, unit: .day, cap: nil), grace: 900)
        let late = deadlines.assess(student: "alice", submitted: moment("2026-12-16T23:59Z"), raw: 20, maxPoints: 20)
        #expect(late.penalty == 2)
        #expect(late.lateBy == day)
        #expect(!late.forgiven)
        let forgiven = deadlines.assess(student: "alice", submitted: moment("2026-12-16T00:10Z"), raw: 20, maxPoints: 20)
        #expect(forgiven.forgiven && forgiven.penalty == 0 && forgiven.isLate)
        // Past the grace, lateness counts from the deadline itself.
        #expect(deadlines.assess(student: "alice", submitted: moment("2026-12-16T00:15Z"), raw: 20, maxPoints: 20).penalty == 2)
        let extended = deadlines.assess(student: "bob", submitted: moment("2026-12-17T12:00Z"), raw: 20, maxPoints: 20)
        #expect(extended.deadline == moment("2026-12-18T23:59Z") && !extended.isLate && extended.penalty == 0)
        #expect(deadlines.assess(student: "carol", submitted: nil, raw: 20, maxPoints: 20) == LateAssessment(deadline: moment("2026-12-15T23:59Z"), lateBy: 0, forgiven: false, penalty: 0))
    }

    @Test func theFinalGradeKeepsItsPartsApart() {
        let late = LateAssessment(deadline: moment("2026-12-15T23:59Z"), lateBy: day, forgiven: false, penalty: 2)
        let bonus = Adjustment(exercise: "ThumbnailCache", student: "bob", points: 1, reason: "extra tests", madeAt: moment("2026-12-20T10:00Z"))
        let grade = FinalGrade(raw: 18, maxPoints: 20, late: late, adjustments: [bonus])
        #expect(grade.final == 17)
        #expect(grade.adjustment == 1)
        #expect(grade.isAdjusted)
        #expect(GradeNotes.arithmetic(grade) == "18 − 2 + 1 = 17")
        #expect(FinalGrade(raw: 1, maxPoints: 20, adjustments: [Adjustment(exercise: "E", student: "s", points: -5, reason: "r", madeAt: Date())]).final == 0)
        #expect(!FinalGrade(raw: 20, maxPoints: 20).isAdjusted)
    }

    @Test func extensionsFilesAreReadByLine() throws {
        let text = "# week 12\nbob = 2026-12-18T23:59Z\n\ncarol,2026-12-17T12:00+01:00\n"
        let entries = try Deadlines.parseExtensions(text, file: "ext.txt")
        #expect(entries.map(\.student) == ["bob", "carol"])
        #expect(entries.map(\.line) == [2, 4])
        #expect(entries[1].deadline == moment("2026-12-17T11:00Z"))
        #expect(try Deadlines.parseExtensions("student,deadline\nbob,2026-12-18T23:59Z\n", file: "e.csv").map(\.student) == ["bob"])
        let bad: [(String, Int, String)] = [
            ("bob = tomorrow\n", 1, "'tomorrow' is not a date and time with a zone"),
            ("bob = 2026-12-18T23:59Z\nbob = 2026-12-19T23:59Z\n", 2, "'bob' is given twice (first on line 1)"),
            ("\n\nbob\n", 3, "expected 'student = deadline'"),
            ("bob = 2026-12-18 23:59\n", 1, "with a zone"),
        ]
        for (text, line, problem) in bad {
            #expect(throws: GradebookError.self) { try Deadlines.parseExtensions(text, file: "ext.txt") }
            do { _ = try Deadlines.parseExtensions(text, file: "ext.txt") } catch let GradebookError.badInputFile(_, errorLine, message) {
                #expect(errorLine == line && message.contains(problem), "\(message)")
            }
        }
    }

    @Test func updatesReplaceOnlyTheirParts() {
        let stored = Deadlines(due: moment("2026-12-15T23:59Z"), extensions: ["bob": moment("2026-12-18T23:59Z")], policy: .zero, grace: 60)
        var update = DeadlineUpdate()
        #expect(update.isEmpty && update.applied(to: stored) == stored)
        update.policy = .rate(percent: 10, unit: .day, cap: nil)
        #expect(update.applied(to: stored).due == stored.due)
        #expect(update.applied(to: stored).extensions == stored.extensions)
        update.setsDue = true
        #expect(update.applied(to: stored).due == nil)
    }

    /// Found by the fuzzer: CRLF line ends made the whole file one line.
    @Test func anExtensionsFileSavedWithCRLFReadsByLine() throws {
        let entries = try Deadlines.parseExtensions("# week 12\r\nbob = 2026-12-18T23:59Z\r\ncarol = 2026-12-17T12:00Z\r\n", file: "ext.txt")
        #expect(entries.map(\.student) == ["bob", "carol"])
        #expect(entries.map(\.line) == [2, 3])
    }

    /// Found by the fuzzer: the value of a bad option was quoted raw into the message.
    @Test func aBadPolicyIsQuotedEscaped() {
        do {
            _ = try LatePolicy.parse("10%/\u{1B}]0;owned\u{7}")
            Issue.record("accepted")
        } catch {
            let message = (error as? GradebookError)?.message ?? ""
            #expect(message.hasPrefix("--late-penalty '10%/\\u{1B}]0;owned\\u{7}':"), "\(message)")
        }
    }

    /// Found by the fuzzing campaign: space after a byte-order mark stayed in the first
    /// student's name, which the stored extensions then read back without it.
    @Test func aNameAfterAByteOrderMarkIsTrimmed() throws {
        let entries = try Deadlines.parseExtensions("\r\u{FEFF}\r\r ali = 2026-12-17T23:59Z\n", file: "ext.txt")
        #expect(entries.map(\.student) == ["ali"])
    }

    /// Found by campaign 3: a second mark stayed in the first name, which the stored text,
    /// starting with that name, then lost on the next read.
    @Test func everyByteOrderMarkBeforeTheFirstNameGoes() throws {
        let entries = try Deadlines.parseExtensions("\u{FEFF}\u{FEFF}bob = 2026-12-15T23:59Z\n", file: "ext.txt")
        #expect(entries.map(\.student) == ["bob"])
    }

    /// Found by campaign 4: a mark at the start of a later line (files joined together)
    /// stayed in that name, which the stored text, sorted so that the name came first, lost.
    @Test func aByteOrderMarkOnALaterLineGoesToo() throws {
        let entries = try Deadlines.parseExtensions("# joined\n\u{FEFF}bo = 2026-12-16 00:59+01:00\nal = 2026-12-15T23:59Z\n", file: "ext.txt")
        #expect(entries.map(\.student) == ["bo", "al"])
        #expect(entries.map(\.line) == [2, 3])
    }
}
