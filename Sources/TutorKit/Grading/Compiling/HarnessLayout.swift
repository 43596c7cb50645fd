import Foundation

/// Where the harness sources are and which module each belongs to: the shared runtime from
/// the package, the exercise's own parts from its folder in the course.
///
/// The package root is `CACHETUTOR_SOURCE_ROOT` when set, else the checkout this file was
/// compiled from (`#filePath`), so a build from a fresh clone finds its own sources.
///
///     the runner, one for the whole course:
///     Sources/CodeLock/*.swift                    → module CodeLock (the seccomp filter)
///     Sources/CacheEngine/*.swift                 → module CacheEngine
///     Sources/Harness/UIKit/*.swift               → module UIKit (the UIImage stand-in)
///     Sources/Harness/Runtime/*.swift
///       + Sources/Harness/Contract/*.swift        → module HarnessRuntime (Contract is also the
///                                                   HarnessContract target, which the grader links)
///     Sources/Harness/AccessCheck/*.c, Sanitizer/*.c  the runners' C glue
///     each exercise's tests library:
///     Sources/Harness/TestSupport/*.swift         (helpers every exercise's tests share)
///       + Exercises/NAME/.grading/Tests/*.swift   → module CachetutorHarness (hidden tests)
///     Exercises/NAME/.grading/Adapter.swift       compiled with the learner's file
///     Exercises/NAME/.grading/Reference/*.swift   the reference solution
///     Sources/Harness/Audit/*.swift               the audit program, against the toolchain's SwiftSyntax
public struct HarnessLayout: Sendable, Equatable {
    /// The package root.
    public var root: URL
    /// The exercise the harness grades.
    public var exercise: ExerciseDefinition
    /// An instructor's extra test files (`cachetutor grade --tests DIR`), compiled into the
    /// test module beside the built-in tests; part of the harness identity.
    public var extraTests: [URL] = []

    /// The layout for `exercise`, whose folder is in `exercisesFolder` (default: the
    /// package's own `Exercises/`), under the root chosen by the environment or the build.
    public static func locate(exercise: String, exercisesFolder: URL? = nil, environment: [String: String], compiledFrom filePath: String = #filePath) throws(GradingError) -> HarnessLayout {
        let root = packageRoot(environment: environment, compiledFrom: filePath)
        let folder = exercisesFolder ?? root.appendingPathComponent("Exercises", isDirectory: true)
        let definition: ExerciseDefinition
        do {
            definition = try ExerciseDefinition.load(name: exercise, in: folder)
        } catch {
            throw .exercise(error)
        }
        let layout = HarnessLayout(root: root, exercise: definition)
        guard FileManager.default.fileExists(atPath: layout.runtimeDirectory.path) else {
            throw .harnessSourcesMissing(path: layout.runtimeDirectory.path)
        }
        guard FileManager.default.fileExists(atPath: definition.adapter.path) else {
            throw .harnessSourcesMissing(path: definition.adapter.path)
        }
        return layout
    }

    /// `CACHETUTOR_SOURCE_ROOT`, else the checkout `filePath` is in.
    static func packageRoot(environment: [String: String], compiledFrom filePath: String) -> URL {
        if let explicit = environment["CACHETUTOR_SOURCE_ROOT"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        // …/Sources/TutorKit/Grading/Compiling/HarnessLayout.swift → the package root.
        let marker = "/Sources/TutorKit/"
        let prefix = filePath.range(of: marker, options: .backwards).map { String(filePath[..<$0.lowerBound]) } ?? "."
        return URL(fileURLWithPath: prefix, isDirectory: true)
    }

    var harnessDirectory: URL { root.appendingPathComponent("Sources/Harness", isDirectory: true) }
    var runtimeDirectory: URL { harnessDirectory.appendingPathComponent("Runtime", isDirectory: true) }

    /// The engine's sources.
    public var engineSources: [URL] { Self.swiftFiles(in: root.appendingPathComponent("Sources/CacheEngine")) }
    /// The test process's seccomp filter (a SwiftPM target too, tested there on its own).
    public var codeLockSources: [URL] { Self.swiftFiles(in: root.appendingPathComponent("Sources/CodeLock")) }
    /// The `UIKit` stand-in.
    public var uikitSources: [URL] { Self.swiftFiles(in: harnessDirectory.appendingPathComponent("UIKit")) }
    /// The runner's own code: the test runtime and the contract it shares with the grader.
    public var runtimeSources: [URL] { Self.swiftFiles(in: runtimeDirectory) + Self.swiftFiles(in: contractDirectory) }
    /// The tests library: the helpers every exercise's tests share, and the exercise's hidden tests.
    public var harnessSources: [URL] {
        Self.swiftFiles(in: harnessDirectory.appendingPathComponent("TestSupport")) + Self.swiftFiles(in: exercise.testsDirectory)
    }
    /// The channel's records and descriptors: the grader links them as the HarnessContract
    /// target, the runner compiles the same files, so the two ends cannot drift apart.
    var contractDirectory: URL { harnessDirectory.appendingPathComponent("Contract", isDirectory: true) }
    /// Compiled with the learner's file.
    public var preludeFile: URL { exercise.adapter }
    /// The reference solution.
    public var referenceSources: [URL] { Self.swiftFiles(in: exercise.referenceDirectory) }
    /// C glue both runners carry: the check of dynamic accesses across threads (see
    /// `DynamicAccesses.c`).
    public var accessCheckSources: [URL] {
        Self.files(in: harnessDirectory.appendingPathComponent("AccessCheck"), extension: "c")
    }
    /// C glue only the runner with ThreadSanitizer carries (see `MutexHandOver.c`).
    public var sanitizerSources: [URL] {
        Self.files(in: harnessDirectory.appendingPathComponent("Sanitizer"), extension: "c")
    }
    /// The audit program's sources.
    public var auditSources: [URL] { Self.swiftFiles(in: harnessDirectory.appendingPathComponent("Audit")) }

    /// Every file that goes into the runner, for its cache key.
    public var runnerSources: [URL] { codeLockSources + engineSources + uikitSources + runtimeSources + accessCheckSources + sanitizerSources }
    /// Every file that goes into the exercise's harness, for the cache key (the runner's too:
    /// the tests are compiled against its modules).
    public var allSources: [URL] { runnerSources + harnessSources + [preludeFile] + referenceSources + auditSources + extraTests }

    /// The `.swift` files under `directory`, sorted so builds and keys are reproducible.
    static func swiftFiles(in directory: URL) -> [URL] {
        files(in: directory, extension: "swift")
    }

    /// The files under `directory` named `*.ext`, sorted.
    static func files(in directory: URL, extension ext: String) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == ext }
            .sorted { $0.path < $1.path }
    }
}
