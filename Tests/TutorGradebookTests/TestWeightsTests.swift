import Testing
@testable import TutorGradebook

@Suite struct TestWeightsTests {
    @Test func readsPointsDefaultsAndComments() throws {
        let weights = try TestWeights.parse("# out of 30\n* = 0.5\ncost_whole_sizes = 3   # the heart of it\n\nconcurrent_access=2.25\n", file: "w.txt")
        #expect(weights.points(for: "cost_whole_sizes") == 3)
        #expect(weights.points(for: "concurrent_access") == 2.25)
        #expect(weights.points(for: "uses_nscache") == 0.5)
        #expect(weights.lines["concurrent_access"] == 5)
    }

    @Test func namesTheLineOfEachMistake() {
        #expect(throws: GradebookError.badWeights(file: "w.txt", line: 2, problem: "expected 'test_name = points', found 'cost_whole_sizes 3'")) {
            try TestWeights.parse("uses_nscache = 1\ncost_whole_sizes 3\n", file: "w.txt")
        }
        #expect(throws: GradebookError.badWeights(file: "w.txt", line: 1, problem: "points for 'uses_nscache' must be a number from 0 up, found '-1'")) {
            try TestWeights.parse("uses_nscache = -1", file: "w.txt")
        }
        #expect(throws: GradebookError.badWeights(file: "w.txt", line: 3, problem: "'a' is given twice (first on line 1)")) {
            try TestWeights.parse("a = 1\nb = 2\na = 3", file: "w.txt")
        }
        #expect(throws: GradebookError.badWeights(file: "w.txt", line: 1, problem: "'cost limit' is not a test name (letters, digits and _) or *")) {
            try TestWeights.parse("cost limit = 1", file: "w.txt")
        }
    }

    @Test func anUnknownTestIsCaughtWithASuggestion() throws {
        let weights = try TestWeights.parse("uses_nscache = 2\ncost_whole_size = 3\n", file: "w.txt")
        #expect(throws: GradebookError.unknownWeightedTest(file: "w.txt", line: 2, name: "cost_whole_size", suggestion: "cost_whole_sizes")) {
            try weights.validate(against: ["uses_nscache", "cost_whole_sizes"], file: "w.txt")
        }
        #expect(GradebookError.unknownWeightedTest(file: "w.txt", line: 2, name: "x", suggestion: "y").message == "w.txt:2: no test named 'x'; did you mean 'y'?")
    }

    @Test func theCanonicalTextIgnoresOrderAndComments() throws {
        let one = try TestWeights.parse("a = 1\nb = 2\n", file: "1")
        let two = try TestWeights.parse("# c\nb=2\na = 1.0\n", file: "2")
        #expect(one.canonicalText == two.canonicalText)
        #expect(try TestWeights.parse(one.canonicalText, file: "again") == TestWeights(points: ["a": 1, "b": 2], defaultPoints: 1, lines: ["a": 2, "b": 3]))
    }

    /// Found by the fuzzer: CRLF line ends made the whole file one line, refused as a bad name.
    @Test func aFileSavedWithCRLFReadsAsWithLF() throws {
        let weights = try TestWeights.parse("# out of 30\r\n* = 0.5\r\ncost_whole_sizes = 3\r\n", file: "w.txt")
        #expect(weights == TestWeights(points: ["cost_whole_sizes": 3], defaultPoints: 0.5))
        #expect(weights.lines["cost_whole_sizes"] == 3)
        #expect(throws: GradebookError.badWeights(file: "w.txt", line: 2, problem: "expected 'test_name = points', found 'oops'")) {
            try TestWeights.parse("a = 1\r\noops\r\n", file: "w.txt")
        }
    }

    /// Found by the fuzzer: a bad line was quoted raw, control characters and all.
    @Test func aBadLineIsQuotedEscapedAndShort() {
        do {
            _ = try TestWeights.parse("a = 1\n\u{1B}[2J" + String(repeating: "y", count: 5000), file: "w.txt")
            Issue.record("accepted")
        } catch {
            let message = (error as? GradebookError)?.message ?? ""
            #expect(message.hasPrefix("w.txt:2: expected 'test_name = points', found '\\u{1B}[2Jyyy"))
            #expect(message.count < 200)
            #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        }
    }

    /// Found by the fuzzer: an unknown test name was quoted whole, however long.
    @Test func anUnknownLongNameIsQuotedShort() throws {
        let name = String(repeating: "s", count: 800)
        let weights = try TestWeights.parse("\(name) = 1\n", file: "w.txt")
        #expect(throws: GradebookError.self) { try weights.validate(against: ["cost_whole_sizes"], file: "w.txt") }
        do {
            try weights.validate(against: ["cost_whole_sizes"], file: "w.txt")
        } catch {
            let message = (error as? GradebookError)?.message ?? ""
            #expect(message.hasPrefix("w.txt:1: no test named 'sss"))
            #expect(message.count < 130, "\(message)")
        }
    }
}
