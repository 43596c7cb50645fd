import Testing
@testable import TutorGradebook

@Suite struct RosterTests {
    @Test func mapsFoldersToPeopleInAnyColumnOrder() throws {
        let text = "section,email,folder,name,lms_id,sis_id,sis_login,notes\nA1,alice@example.edu,alice,\"Liddell, Alice\",1001,S1001,aliddell,keen\nA2,victor@example.edu,,Victor Frankenstein,1006,,,\n"
        let roster = try Roster.parse(text, file: "roster.csv")
        #expect(roster.people.count == 2)
        let alice = try #require(roster.person(folder: "alice"))
        #expect(alice.name == "Liddell, Alice" && alice.email == "alice@example.edu" && alice.lmsID == "1001" && alice.sisID == "S1001" && alice.sisLogin == "aliddell" && alice.section == "A1")
        #expect(alice.line == 2)
        #expect(roster.people[1].folder == "" && roster.people[1].displayName == "Victor Frankenstein")
        #expect(roster.ignoredColumns == ["notes"])
    }

    @Test func readsCanvasExportHeadingsAndSkipsItsPointsPossibleRow() throws {
        let text = "Student,ID,SIS User ID,SIS Login ID,Section,Folder\n    Points Possible,,,,,\n\"Liddell, Alice\",1001,S1001,aliddell,A1,alice\n"
        let roster = try Roster.parse(text, file: "canvas-export.csv")
        #expect(roster.people.map(\.folder) == ["alice"])
        #expect(roster.people[0].lmsID == "1001" && roster.people[0].sisID == "S1001" && roster.people[0].sisLogin == "aliddell")
    }

    @Test func badRostersAreRefusedAtTheirLine() {
        let cases: [(String, Int, String)] = [
            ("name,email\nAlice,a@x\n", 1, "no 'folder' column"),
            ("folder,emial\nalice,a@x\n", 1, "unknown column 'emial'; did you mean 'email'?"),
            ("folder,name,Student\nalice,A,B\n", 1, "two columns mean name"),
            ("folder,name\nalice,A\nbob,B\nalice,C\n", 4, "folder 'alice' is given twice (first on line 2)"),
            ("folder,name\nalice,A\nbob\n", 3, "1 fields where the header has 2"),
            ("folder,name,email\nalice,A,a@x\n,,\n", 3, "the row names no one"),
            ("folder,name\nalice,\"Liddell, Alice\n", 2, "never closed"),
        ]
        for (text, line, problem) in cases {
            do {
                _ = try Roster.parse(text, file: "roster.csv")
                Issue.record("accepted: \(text.debugDescription)")
            } catch let GradebookError.badInputFile(file, errorLine, message) {
                #expect(file == "roster.csv")
                #expect(errorLine == line, "\(message)")
                #expect(message.contains(problem), "\(message)")
                #expect(GradebookError.badInputFile(file: file, line: errorLine, problem: message).exitCode == .dataError)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func timestampsFilesAreReadWithOrWithoutAHeader() throws {
        let times = try TimestampsFile.parse("student,timestamp\nalice,2026-12-15T22:10:04Z\nbob,2026-12-16 09:30:00.250 UTC\n", file: "t.csv")
        #expect(times["alice"] == moment("2026-12-15T22:10:04Z"))
        #expect(times["bob"] == moment("2026-12-16T09:30:00Z").addingTimeInterval(0.25))
        #expect(try TimestampsFile.parse("alice,2026-12-15T22:10Z\n", file: "t.csv").count == 1)
        let bad: [(String, Int, String)] = [
            ("student,timestamp\nalice,2026-12-15 22:10\n", 2, "with a zone"),
            ("alice,2026-12-15T22:10Z\nalice,2026-12-16T22:10Z\n", 2, "given twice (first on line 1)"),
            ("alice,2026-12-15T22:10Z,extra\n", 1, "expected 'student,timestamp'"),
            (",2026-12-15T22:10Z\n", 1, "the student is empty"),
        ]
        for (text, line, problem) in bad {
            do {
                _ = try TimestampsFile.parse(text, file: "t.csv")
                Issue.record("accepted: \(text.debugDescription)")
            } catch let GradebookError.badInputFile(_, errorLine, message) {
                #expect(errorLine == line && message.contains(problem), "\(message)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func adjustmentsNeedASignAndANumber() throws {
        #expect(try Adjustment.parse("alice=+2") == ("alice", 2))
        #expect(try Adjustment.parse("bob = -1.5") == ("bob", -1.5))
        for text in ["alice=2", "alice", "=+2", "alice=+two", "alice=+0"] {
            #expect(throws: GradebookError.self, "\(text)") { try Adjustment.parse(text) }
        }
        #expect(throws: GradebookError.badOptionValue(option: "adjust", value: "alice=2", problem: "give the change with its sign (+2 or -1.5): an adjustment adds to the grade, it does not set it")) {
            try Adjustment.parse("alice=2")
        }
    }

    /// Found by the fuzzer: a field quoted in a message kept its control characters.
    @Test func aBadTimeIsQuotedEscaped() {
        do {
            _ = try TimestampsFile.parse("alice,\u{1}\n", file: "t.csv")
            Issue.record("accepted")
        } catch {
            #expect((error as? GradebookError)?.message == "t.csv:1: '\\u{1}' is not a date and time with a zone, e.g. 2026-12-15T23:59Z")
        }
    }
}
