import Testing
@testable import TutorGradebook

@Suite struct CSVTableTests {
    @Test func readsQuotedFieldsAndRemembersTheLineEachRecordStartsOn() throws {
        let text = "\u{FEFF}folder,name\r\nalice,\"Liddell, Alice\"\r\n\r\nbob,\"Stone,\nBob \"\"B\"\"\"\ncarol,\n"
        let table = try CSVTable.parse(text, file: "roster.csv")
        #expect(table.header == ["folder", "name"])
        #expect(table.records.map(\.line) == [2, 4, 6])
        #expect(table.records.map(\.fields) == [["alice", "Liddell, Alice"], ["bob", "Stone,\nBob \"B\""], ["carol", ""]])
    }

    @Test func aFileWithoutAFinalLineEndReadsItsLastRecord() throws {
        let table = try CSVTable.parse("a,b\n1,2", file: "x.csv")
        #expect(table.records.map(\.fields) == [["1", "2"]])
    }

    @Test func malformedFilesAreRefusedAtTheirLine() {
        let cases: [(String, Int, String)] = [
            ("", 1, "the file is empty"),
            ("a,b\n1,2\n3\n", 3, "1 fields where the header has 2"),
            ("a,b\n1,\"two\n\n", 2, "a quote opened here is never closed"),
            ("a,b\n1,tw\"o\n", 2, "a quote inside an unquoted field"),
            ("a,b\n1,\"two\"x\n", 2, "text after a closing quote"),
        ]
        for (text, line, problem) in cases {
            do {
                _ = try CSVTable.parse(text, file: "f.csv")
                Issue.record("\(text.debugDescription) was accepted")
            } catch let GradebookError.badInputFile(file, errorLine, message) {
                #expect(file == "f.csv")
                #expect(errorLine == line, "\(text.debugDescription)")
                #expect(message.contains(problem), "\(message)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
