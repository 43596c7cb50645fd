import Foundation

/// Where the harness sources are and which module each belongs to.
///
/// Found from the package root: `CACHETUTOR_SOURCE_ROOT` when set, else the checkout this
/// file was compiled from (`#filePath`), so a build from a fresh clone finds its own sources.
///
///     Sources/CacheEngine/*.swift                  → module CacheEngine
///     Sources/Harness/UIKit/*.swift                → module UIKit (the UIImage stand-in)
///     Sources/Harness/Runtime/*.swift
///       + Sources/Harness/EXERCISE/Tests/*.swift   → module CachetutorHarness (runner + hidden tests)
///     Sources/Harness/EXERCISE/Prelude.swift       compiled with the learner's file
///     Sources/Harness/EXERCISE/Reference/*.swift   the reference solution
///     Sources/Harness/Audit/*.swift                the audit program, against the toolchain's SwiftSyntax
public struct HarnessLayout: Sendable, Equatable {
    /// The package root.
    public var root: URL
    /// The exercise the harness grades.
    public var exercise: String
    /// An instructor's extra test files (`cachetutor grade --tests DIR`), compiled into the
    /// test module beside the built-in tests; part of the harness identity.
    public var extraTests: [URL] = []

    /// The layout under the root chosen by the environment or the build.
    public static func locate(exercise: String, environment: [String: String], compiledFrom filePath: String = #filePath) throws(GradingError) -> HarnessLayout {
        let root: URL
        if let explicit = environment["CACHETUTOR_SOURCE_ROOT"], !explicit.isEmpty {
            root = URL(fileURLWithPath: explicit, isDirectory: true)
        } else {
            // …/Sources/TutorKit/Grading/Compiling/HarnessLayout.swift → the package root.
            let marker = "/Sources/TutorKit/"
            let prefix = filePath.range(of: marker, options: .backwards).map { String(filePath[..<$0.lowerBound]) } ?? "."
            root = URL(fileURLWithPath: prefix, isDirectory: true)
        }
        let layout = HarnessLayout(root: root, exercise: exercise)
        guard FileManager.default.fileExists(atPath: layout.preludeFile.path) else {
            throw .harnessSourcesMissing(path: layout.harnessDirectory.path)
        }
        return layout
    }

    var harnessDirectory: URL { root.appendingPathComponent("Sources/Harness", isDirectory: true) }
    var exerciseDirectory: URL { harnessDirectory.appendingPathComponent(exercise, isDirectory: true) }

    /// The engine's sources.
    public var engineSources: [URL] { Self.swiftFiles(in: root.appendingPathComponent("Sources/CacheEngine")) }
    /// The `UIKit` stand-in.
    public var uikitSources: [URL] { Self.swiftFiles(in: harnessDirectory.appendingPathComponent("UIKit")) }
    /// The test runtime and the exercise's hidden tests.
    public var harnessSources: [URL] {
        Self.swiftFiles(in: harnessDirectory.appendingPathComponent("Runtime")) + Self.swiftFiles(in: exerciseDirectory.appendingPathComponent("Tests"))
    }
    /// Compiled with the learner's file.
    public var preludeFile: URL { exerciseDirectory.appendingPathComponent("Prelude.swift") }
    /// The reference solution.
    public var referenceSources: [URL] { Self.swiftFiles(in: exerciseDirectory.appendingPathComponent("Reference")) }

    /// The audit program's sources.
    public var auditSources: [URL] { Self.swiftFiles(in: harnessDirectory.appendingPathComponent("Audit")) }

    /// Every file that goes into the harness, for the cache key.
    public var allSources: [URL] { engineSources + uikitSources + harnessSources + [preludeFile] + referenceSources + auditSources + extraTests }

    /// The `.swift` files under `directory`, sorted so builds and keys are reproducible.
    static func swiftFiles(in directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }
}
