import Foundation
import TutorTerminal

/// The quizzes of a course: `Quizzes/NN-slug.gift`, found by number, slug or stem.
///
///     let catalog = try QuizCatalog(folder: course.quizzes)
///     try catalog.files(for: "5")          // [05-eviction.gift]
///     try catalog.files(for: "eviction")   // the same
///     try catalog.files(for: "all")        // every quiz, in order
public struct QuizCatalog: Sendable {
    /// One quiz file.
    public struct Entry: Sendable, Equatable {
        /// The file.
        public var url: URL
        /// Its stem, `05-eviction`.
        public var name: String
        /// The number before the first `-`, if there is one.
        public var number: Int?
        /// The part after the number, `eviction`.
        public var slug: String
    }

    /// The quiz files, sorted by name.
    public let entries: [Entry]

    /// The `.gift` files of `folder`.
    public init(folder: URL, displayPath: String) throws(QuizFileError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw QuizFileError.unreadable(path: displayPath, reason: "the quiz folder does not exist or cannot be listed")
        }
        entries = names.filter { $0.hasSuffix(".gift") && !$0.hasPrefix(".") }.sorted().map { name in
            let stem = String(name.dropLast(5))
            let parts = stem.split(separator: "-", maxSplits: 1)
            let number = parts.first.flatMap { Int($0) }
            return Entry(url: folder.appendingPathComponent(name), name: stem, number: number,
                         slug: number != nil && parts.count == 2 ? String(parts[1]) : stem)
        }
        if entries.isEmpty { throw QuizFileError.noQuizFiles(path: displayPath) }
    }

    /// The quizzes `name` selects: `all`, a number (`5`, `05`), a slug (`eviction`) or a stem (`05-eviction`).
    public func entries(for name: String) throws(QuizLookupError) -> [Entry] {
        let wanted = name.trimmingWhitespace().lowercased()
        if wanted == "all" { return entries }
        if let number = Int(wanted), let entry = entries.first(where: { $0.number == number }) { return [entry] }
        let stem = wanted.hasSuffix(".gift") ? String(wanted.dropLast(5)) : wanted
        if let entry = entries.first(where: { $0.slug.lowercased() == stem || $0.name.lowercased() == stem }) { return [entry] }
        let suggestion = Suggestion.nearest(to: stem, in: entries.flatMap { [$0.slug, $0.name] })
        throw QuizLookupError(name: name, suggestion: suggestion.flatMap { near in entries.first { $0.name == near }?.slug ?? near }, available: entries.map(\.name))
    }
}

/// A quiz name that matches no quiz.
public struct QuizLookupError: UserFacingError, Equatable, Sendable {
    /// What the user typed.
    public var name: String
    /// The nearest slug, if one is close.
    public var suggestion: String?
    /// Every quiz, for the message when nothing is close.
    public var available: [String]

    public var message: String {
        if let suggestion { return "no quiz '\(name)'; did you mean '\(suggestion)'?" }
        return "no quiz '\(name)'; name one by number (5), slug (eviction) or file stem, or 'all'; the quizzes are \(available.joined(separator: ", "))"
    }

    /// A wrong quiz name is a usage error.
    public var exitCode: ExitCode { .usage }
}
