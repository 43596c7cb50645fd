import Foundation
import Testing
@testable import TutorQuiz

/// Every file of gift-pegjs's test corpus parses to the JSON that parser expects, compared
/// as JSON values (key order and number spelling ignored).
@Suite(.enabled(if: GIFTCorpus.isPresent, "../shared/gift-corpus is absent: the conformance corpus lives beside the package"))
struct GIFTConformanceTests {
    /// Files whose parse differs from gift-pegjs's on purpose, and why.
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
