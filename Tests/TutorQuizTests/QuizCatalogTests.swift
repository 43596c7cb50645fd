import Foundation
import Testing
@testable import TutorQuiz
import TutorTerminal

/// Finding quizzes by number, slug or stem.
@Suite struct QuizCatalogTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["01-why-cache.gift", "05-eviction.gift", "10-testing.gift", "README.md"] {
            try Data("Q?{T}".utf8).write(to: folder.appendingPathComponent(name))
        }
    }

    @Test func lookupByNumberSlugStemAndAll() throws {
        let catalog = try QuizCatalog(folder: folder, displayPath: "Quizzes")
        #expect(try catalog.entries(for: "5").map(\.name) == ["05-eviction"])
        #expect(try catalog.entries(for: "05").map(\.name) == ["05-eviction"])
        #expect(try catalog.entries(for: "Eviction").map(\.name) == ["05-eviction"])
        #expect(try catalog.entries(for: "10-testing").map(\.name) == ["10-testing"])
        #expect(try catalog.entries(for: "all").map(\.name) == ["01-why-cache", "05-eviction", "10-testing"])
    }

    @Test func typosGetASuggestion() throws {
        let catalog = try QuizCatalog(folder: folder, displayPath: "Quizzes")
        #expect(throws: QuizLookupError(name: "evictoin", suggestion: "eviction", available: ["01-why-cache", "05-eviction", "10-testing"])) {
            _ = try catalog.entries(for: "evictoin")
        }
        #expect(throws: QuizLookupError.self) { _ = try catalog.entries(for: "7") }
    }

    @Test func aMissingFolderIsNamed() {
        #expect(throws: QuizFileError.unreadable(path: "Nope", reason: "the quiz folder does not exist or cannot be listed")) {
            _ = try QuizCatalog(folder: folder.appendingPathComponent("nope"), displayPath: "Nope")
        }
    }
}
