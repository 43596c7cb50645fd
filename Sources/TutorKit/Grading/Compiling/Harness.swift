import Foundation

/// A built harness: the course's test runner (the engine, the `UIKit` stand-in and the
/// runtime, linked into one program), the exercise's hidden tests as a library it loads, the
/// modules a learner's file compiles against, the audit program, and what a sandbox must
/// show for the runner to start.
public struct Harness: Sendable, Equatable {
    /// The exercise's directory: the tests libraries, `*.swiftmodule`, `Adapter.swift`, the
    /// reference solution's libraries and `catalog.json`.
    public var directory: URL
    /// The runner's directory, shared by every exercise: `runner`, `runner-tsan`, `sandbox.json`.
    public var runnerDirectory: URL
    /// The hidden tests, in report order.
    public var tests: [HiddenTestInfo]
    /// The host paths the runner loads its libraries from.
    public var sandboxPaths: SandboxPaths

    /// A harness in `directory`, run by the runner in `runnerDirectory`, whose audit program is `auditor`.
    public init(directory: URL, runnerDirectory: URL, tests: [HiddenTestInfo], sandboxPaths: SandboxPaths, auditor: URL) {
        self.directory = directory
        self.runnerDirectory = runnerDirectory
        self.tests = tests
        self.sandboxPaths = sandboxPaths
        self.auditor = auditor
    }

    /// The test runner, which loads the tests library, then a compiled submission.
    public var runner: URL { runnerDirectory.appendingPathComponent("runner") }
    /// The runner that also carries ThreadSanitizer, for tests that run threads
    /// (``HiddenTestInfo/threads``); it loads the submission compiled for the sanitizer.
    public var sanitizedRunner: URL { runnerDirectory.appendingPathComponent("runner-tsan") }
    /// The exercise's hidden tests, linked for ``runner``.
    public var testsLibrary: URL { directory.appendingPathComponent(Self.testsName) }
    /// The exercise's hidden tests, linked for ``sanitizedRunner``.
    public var sanitizedTestsLibrary: URL { directory.appendingPathComponent(Self.sanitizedTestsName) }
    /// The tests libraries' file names.
    static let testsName = "tests.so"
    static let sanitizedTestsName = "tests-tsan.so"
    /// The reference solution compiled for the runner `test` runs in.
    public func reference(for test: HiddenTestInfo) -> URL { test.threads ? sanitizedReference : reference }
    /// Whether any test needs the sanitizer's runner, and so the file compiled for it.
    public var needsSanitizer: Bool { tests.contains(where: \.threads) }
    /// The program that audits a learner's file with the toolchain's own parser; one per
    /// compiler, shared by every exercise's harness.
    public var auditor: URL
    /// The reference solution, compiled as a submission.
    public var reference: URL { directory.appendingPathComponent("reference.so") }
    /// The reference solution, compiled for ``sanitizedRunner``.
    public var sanitizedReference: URL { directory.appendingPathComponent("reference-tsan.so") }
    /// The prelude compiled with the learner's file.
    public var preludeFile: URL { directory.appendingPathComponent("Adapter.swift") }
}

/// A hidden test as the catalog lists it.
public struct HiddenTestInfo: Codable, Sendable, Equatable {
    /// The stable name.
    public var name: String
    /// The contract point, in one line.
    public var summary: String
    /// The README's contract point it checks; nil for an instructor's extra test.
    public var point: Int?
    /// The lesson to read (`05-eviction`).
    public var lesson: String
    /// Whether it runs threads against the submission, and so runs under ThreadSanitizer.
    public var threads: Bool

    /// An entry with every field given.
    public init(name: String, summary: String, point: Int? = nil, lesson: String, threads: Bool = false) {
        self.name = name
        self.summary = summary
        self.point = point
        self.lesson = lesson
        self.threads = threads
    }

    private enum CodingKeys: String, CodingKey { case name, summary, point, lesson, threads }

    /// Decodes an entry; one recorded before tests were marked for the sanitizer has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decode(String.self, forKey: .summary)
        point = try container.decodeIfPresent(Int.self, forKey: .point)
        lesson = try container.decode(String.self, forKey: .lesson)
        threads = try container.decodeIfPresent(Bool.self, forKey: .threads) ?? false
    }
}
