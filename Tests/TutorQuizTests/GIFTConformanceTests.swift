import Foundation
import Testing
@testable import TutorQuiz

/// Every file of gift-pegjs's test corpus parses to the JSON that parser expects, compared
/// as JSON values (key order and number spelling ignored).
@Suite(.enabled(if: GIFTCorpus.isPresent, "../shared/gift-corpus is absent: the conformance corpus lives beside the package"))
struct GIFTConformanceTests {
    /// Corpus files whose parse differs from gift-pegjs's on purpose, and why: none today,
    /// all 51 parse identically.
    ///
    /// Outside the corpus the parser follows Moodle where gift-pegjs is stricter or differs,
    /// on purpose (each covered by GIFTParserTests):
    /// - unescaped `=`, `~`, `#` and `:` in question text are text, as in Moodle (gift-pegjs
    ///   rejects them; lint warns about `=`, `~`, `#`); only `::` away from the start is an error;
    /// - whole-line `//` comments are dropped anywhere in a question, answers included;
    /// - `[id:…]`/`[tag:…]` apply to the question in the same block only (gift-pegjs also
    ///   carries them across a blank line);
    /// - `{foo =bar}`: a bare first short answer beside `=` answers is accepted, as Moodle does;
    /// - a bare numerical answer with feedback (`{#3:1#why}`) is exported as a one-element
    ///   choice list, since the bare-value shape has no room for feedback.
    static let knownDifferences: [String: String] = [:]

    @Test func everyCorpusFileParsesLikeGiftPegjs() throws {
        let files = try GIFTCorpus.giftFiles()
        #expect(files.count == 51)
        var identical = 0
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            let expectedData = try Data(contentsOf: file.deletingPathExtension().appendingPathExtension("json"))
            let expected = try JSONDecoder().decode(JSONValue.self, from: expectedData)
            let document: GIFTDocument
            do {
                document = try GIFTParser.parseFile(at: file, displayPath: file.lastPathComponent)
            } catch {
                Issue.record("\(name): \(error)")
                continue
            }
            let actual = GIFTJSONEncoder.encode(document)
            let differences = actual.differences(from: expected)
            if differences.isEmpty {
                identical += 1
                #expect(Self.knownDifferences[name] == nil, "\(name) now matches; drop it from knownDifferences")
            } else if Self.knownDifferences[name] == nil {
                Issue.record(Comment(rawValue: "\(name) differs:\n" + differences.joined(separator: "\n")))
            }
        }
        print("GIFT conformance: \(identical) of \(files.count) corpus files identical to gift-pegjs")
        #expect(identical + Self.knownDifferences.count == files.count)
    }
}

/// The comparison the conformance test relies on finds real differences.
@Suite struct JSONValueTests {
    func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func keyOrderAndNumberSpellingDoNotMatter() throws {
        #expect(try decode(#"{"a": 1822, "b": [true, null]}"#) == decode(#"{"b": [true, null], "a": 1822.0}"#))
    }

    @Test func differencesAreReportedWithTheirPath() throws {
        let ours = try decode(#"[{"type": "MC", "weight": 50, "isCorrect": false}]"#)
        let theirs = try decode(#"[{"type": "MC", "weight": 33.3, "isCorrect": 0, "extra": null}]"#)
        #expect(ours.differences(from: theirs) == [
            "$[0].extra: missing here",
            "$[0].isCorrect: false vs 0",
            "$[0].weight: 50 vs 33.3",
        ])
    }

    @Test func serializedJSONReadsBack() throws {
        let value = JSONValue.object([("text", .string("a \"b\"\n\\ c\u{1}")), ("n", .number(-3.25)), ("list", .array([]))])
        #expect(try decode(value.serialized()) == value)
    }
}
