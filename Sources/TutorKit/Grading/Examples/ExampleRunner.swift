import Foundation

/// Runs a lesson's Swift example (or the learner's edited copy) the way `check` runs a
/// submission: compiled as memory-safe Swift against the engine and the `UIKit` stand-in,
/// loaded by a runner in the same sandbox, with the same limits. The example's harness is
/// `Sources/Harness/Programs/LessonExample`, built and cached like an exercise's.
///
///     let runner = try ExampleRunner(environment: ProcessEnvironment.current)
///     let run = try runner.run(source: library, displayPath: "Lessons/05-eviction.md")
///     print(run.output)
public final class ExampleRunner: Sendable {
    /// How one run ended.
    public enum Outcome: Sendable, Equatable {
        /// It ran to its end; `note` is the engine's summary (JSON), when the runner sent one.
        case ran(note: String?)
        /// It compiled, then crashed, hung, threw or exited early: what happened.
        case failed(String)
        /// It did not compile: the compiler's messages, at the example's lines.
        case didNotCompile(String)
    }

    /// What a run printed and how it ended.
    public struct Run: Sendable, Equatable {
        /// How it ended.
        public var outcome: Outcome
        /// What it printed (capped like a test's output).
        public var output: String
    }

    private let grader: Grader

    /// A runner whose harness lives in the cachetutor checkout found through `environment`;
    /// `buildProgress` is told how its one-time build goes.
    public init(environment: [String: String], buildProgress: (@Sendable (BuildProgress) -> Void)? = nil) throws(GradingError) {
        var configuration = GraderConfiguration(environment: environment)
        configuration.buildProgress = buildProgress
        configuration.exercise = "LessonExample"
        configuration.exercisesFolder = HarnessLayout.packageRoot(environment: environment, compiledFrom: #filePath)
            .appendingPathComponent("Sources/Harness/Programs", isDirectory: true)
        configuration.jobs = 1
        configuration.isGraded = false
        grader = try Grader(configuration: configuration)
    }

    /// Builds the runner's harness now (once; later calls find it in the cache).
    public func prepare() throws(GradingError) -> Harness {
        try grader.prepareHarness()
    }

    /// Compiles and runs `source` (a library from ``SwiftExample``-style text whose
    /// statements are in `_cachetutorExample()`); errors and output name `displayPath`.
    public func run(source: String, displayPath: String) throws -> Run {
        let report = try grader.grade(source: source, displayPath: displayPath)
        guard report.status != .error else {
            return Run(outcome: .didNotCompile(report.compilerMessage ?? "the example did not compile"), output: "")
        }
        guard let result = report.tests.first else { return Run(outcome: .failed("the example did not run"), output: "") }
        let outcome: Outcome = result.status == .pass ? .ran(note: result.note) : .failed(result.message ?? result.status.rawValue)
        return Run(outcome: outcome, output: result.output)
    }
}
