import Foundation

/// A built harness: compiled modules and objects for the engine, the `UIKit` stand-in and
/// the test runner with its hidden tests, ready to link with one learner file.
public struct Harness: Sendable, Equatable {
    /// The directory holding `*.swiftmodule`, `*.o`, `Prelude.swift` and `catalog.json`.
    public var directory: URL
    /// The hidden tests, in report order.
    public var tests: [HiddenTestInfo]

    /// The object files every runner links.
    public var objects: [URL] {
        HarnessBuilder.modules.map { directory.appendingPathComponent("\($0.name).o") }
    }

    /// The prelude compiled with the learner's file.
    public var preludeFile: URL { directory.appendingPathComponent("Prelude.swift") }
}

/// A hidden test as the catalog lists it.
public struct HiddenTestInfo: Codable, Sendable, Equatable {
    /// The stable name.
    public var name: String
    /// The contract point, in one line.
    public var summary: String
    /// The lesson to read (`05-eviction`).
    public var lesson: String

    /// An entry with every field given.
    public init(name: String, summary: String, lesson: String) {
        self.name = name
        self.summary = summary
        self.lesson = lesson
    }
}
