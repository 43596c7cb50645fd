import Foundation
import Synchronization
import Testing
@testable import TutorGrading

/// The harness cache's bookkeeping, with a stand-in compiler that only writes the files
/// it is asked for: keys, reuse, and several graders racing to build.
@Suite struct HarnessBuilderTests {
    /// Writes every `-o` and `-emit-module-path` output; lists one test when asked.
    final class FakeCompiler: ProcessRunner, @unchecked Sendable {
        let invocations = Mutex(0)

        func run(_ request: ProcessRequest) throws -> ProcessOutcome {
            if request.arguments.first == "--list" {
                return ProcessOutcome(termination: .exited(0), output: Array(#"[{"name":"only","summary":"s","lesson":"01-why-cache"}]"#.utf8))
            }
            if request.executable.hasSuffix("/ldd") {
                return ProcessOutcome(termination: .exited(0), output: Array("\tlibc.so.6 => /usr/lib/libc.so.6 (0x1)\n".utf8))
            }
            invocations.withLock { $0 += 1 }
            Thread.sleep(forTimeInterval: 0.05)
            for flag in ["-o", "-emit-module-path"] {
                if let index = request.arguments.firstIndex(of: flag) {
                    FileManager.default.createFile(atPath: request.arguments[index + 1], contents: Data("built".utf8))
                }
            }
            return ProcessOutcome(termination: .exited(0))
        }
    }

    func makeSources() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("harness-\(UUID().uuidString)")
        for file in ["Sources/CodeLock/CodeLock.swift", "Sources/CacheEngine/Cache.swift", "Sources/Harness/UIKit/UIImage.swift", "Sources/Harness/Runtime/Main.swift",
                     "Exercises/ThumbnailCache/.grading/Tests/Tests.swift", "Exercises/ThumbnailCache/.grading/Adapter.swift",
                     "Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift", "Sources/Harness/Audit/SubmissionAudit.swift",
                     "Sources/Harness/Contract/ChannelRecord.swift",
                     "toolchain/usr/lib/swift/host/SwiftParser.swiftmodule/x86_64.swiftinterface"]
            + StaticRuntime.archives.map({ "toolchain/usr/lib/swift_static/linux/lib\($0).a" }) {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("// \(file)\n".utf8).write(to: url)
        }
        return root
    }

    static func exercise(_ root: URL) -> ExerciseDefinition {
        ExerciseDefinition(
            name: "ThumbnailCache", directory: root.appendingPathComponent("Exercises/ThumbnailCache"),
            manifest: ExerciseManifest(title: "Thumbnails", order: 1, lessons: [], initializer: "ThumbnailCache(generator:)")
        )
    }

    func builder(root: URL, runner: any ProcessRunner) -> HarnessBuilder {
        HarnessBuilder(
            layout: HarnessLayout(root: root, exercise: Self.exercise(root)),
            toolchain: Toolchain(swiftc: root.appendingPathComponent("toolchain/usr/bin/swiftc"), fingerprint: "test"),
            cacheRoot: root.appendingPathComponent("cache"),
            runner: runner,
            environment: [:]
        )
    }

    @Test func buildsOnceAndReusesTheCache() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        let compiler = FakeCompiler()
        let first = try builder(root: root, runner: compiler).prepare()
        let builds = compiler.invocations.withLock { $0 }
        #expect(first.tests.map(\.name) == ["only"])
        let second = try builder(root: root, runner: compiler).prepare()
        #expect(second == first)
        #expect(compiler.invocations.withLock { $0 } == builds)
    }

    /// One runner serves the course: a second exercise builds its tests and its reference,
    /// links no runner, and keeps neither the archives' copy nor the runner's objects.
    @Test func aSecondExerciseUsesTheFirstOnesRunner() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        for file in ["Exercises/ProfileStore/.grading/Tests/Tests.swift", "Exercises/ProfileStore/.grading/Adapter.swift",
                     "Exercises/ProfileStore/.grading/Reference/ProfileStore.swift"] {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("// \(file)\n".utf8).write(to: url)
        }
        let compiler = FakeCompiler()
        let first = try builder(root: root, runner: compiler).prepare()
        let afterFirst = compiler.invocations.withLock { $0 }
        var other = builder(root: root, runner: compiler)
        other.layout = HarnessLayout(root: root, exercise: ExerciseDefinition(
            name: "ProfileStore", directory: root.appendingPathComponent("Exercises/ProfileStore"),
            manifest: ExerciseManifest(title: "Profiles", order: 2, lessons: [], initializer: "ProfileStore(client:)")))
        let second = try other.prepare()
        #expect(second.runnerDirectory == first.runnerDirectory)
        #expect(second.directory != first.directory)
        let secondBuild = compiler.invocations.withLock { $0 } - afterFirst
        #expect(secondBuild < afterFirst / 2, "the second exercise ran \(secondBuild) steps, the first \(afterFirst)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: first.runnerDirectory.path)
        #expect(!kept.contains("runtime") && !kept.contains { $0.hasSuffix(".o") }, "\(kept)")
        #expect(FileManager.default.fileExists(atPath: second.directory.appendingPathComponent("CacheEngine.swiftmodule").path))
    }

    @Test func anyChangeToASourceGivesANewKey() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try builder(root: root, runner: FakeCompiler()).identity()
        try Data("// changed\n".utf8).write(to: root.appendingPathComponent("Exercises/ThumbnailCache/.grading/Tests/Tests.swift"))
        #expect(try builder(root: root, runner: FakeCompiler()).identity() != before)
    }

    @Test func theLanguageModeIsPartOfTheKeyAndTheFlags() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        let swift5 = builder(root: root, runner: FakeCompiler())
        var swift6 = swift5
        swift6.layout.exercise.manifest.swiftLanguageMode = 6
        #expect(try swift6.identity() != swift5.identity())
        #expect(swift5.submissionFlags == HarnessBuilder.submissionFlags)
        #expect(swift6.submissionFlags.split(separator: "-swift-version").last?.first == "6")
    }

    /// Records every command it is asked to run.
    final class RecordingCompiler: ProcessRunner, @unchecked Sendable {
        let commands = Mutex<[[String]]>([])

        func run(_ request: ProcessRequest) throws -> ProcessOutcome {
            commands.withLock { $0.append([request.executable] + request.arguments) }
            return ProcessOutcome(termination: .exited(0))
        }
    }

    @Test func typeCheckingEmitsEachModulesInterfaceOnlyThenChecksTheReference() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        let compiler = RecordingCompiler()
        let builder = HarnessBuilder(layout: HarnessLayout(root: root, exercise: Self.exercise(root)),
                                     toolchain: Toolchain(swiftc: root.appendingPathComponent("toolchain/usr/bin/swiftc"), fingerprint: "test"),
                                     cacheRoot: root.appendingPathComponent("cache"), runner: compiler, environment: [:])
        try builder.typeCheck(in: root.appendingPathComponent("check"))
        let commands = compiler.commands.withLock { $0 }
        #expect(commands.map { $0[$0.firstIndex(of: "-module-name")! + 1] } == (RunnerBuilder.modules + HarnessBuilder.modules).map(\.name) + ["Submission"])
        #expect(commands.allSatisfy { !$0.contains("-c") && !$0.contains { $0.hasSuffix(".o") } })
        #expect(commands.dropLast().allSatisfy { $0.contains("-emit-module") })
        #expect(commands.last!.contains("-typecheck"))
        #expect(commands.last!.contains { $0.hasSuffix("Reference/ThumbnailCache.swift") })
    }

    @Test func gradersRacingToBuildAllGetTheSameCompleteHarness() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        let results = Mutex<[Harness]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            if let harness = try? builder(root: root, runner: FakeCompiler()).prepare() {
                results.withLock { $0.append(harness) }
            }
        }
        let harnesses = results.withLock { $0 }
        #expect(harnesses.count == 6)
        #expect(Set(harnesses.map(\.directory.path)).count == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("cache").path)
        #expect(leftovers.filter { $0.hasPrefix(".building-") }.isEmpty)
        #expect(FileManager.default.fileExists(atPath: harnesses[0].directory.appendingPathComponent("catalog.json").path))
    }

    @Test func aBuildReportsItsProgressAndKeepsItsTimeForTheNextEstimate() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        let reports = Mutex<[BuildProgress]>([])
        var builder = builder(root: root, runner: FakeCompiler())
        builder.progress = { report in reports.withLock { $0.append(report) } }
        _ = try builder.prepare()
        let seen = reports.withLock { $0 }
        #expect(seen.first?.stage == .building)
        #expect(seen.first?.fraction ?? 1 < 0.5)
        #expect(seen.last == BuildProgress(exercise: "ThumbnailCache", stage: .finished, fraction: 1, remaining: .zero, elapsed: seen.last!.elapsed))
        #expect(seen.filter { $0.stage == .finished }.count == 1)
        let times = BuildTimes.load(from: root.appendingPathComponent("cache"))
        #expect(times.first["ThumbnailCache"] != nil, "the first build also made the shared parts: \(times)")
        // A harness already built reports nothing.
        reports.withLock { $0 = [] }
        _ = try builder.prepare()
        #expect(reports.withLock { $0 }.isEmpty)
    }

    @Test func theEstimateComesFromTheLastBuildOfTheSameKind() {
        var times = BuildTimes()
        #expect(times.expected(for: "ThumbnailCache", first: true) == .seconds(BuildTimes.defaultFirstSeconds))
        times.exercise["ProfileStore"] = 8
        #expect(times.expected(for: "ThumbnailCache", first: false) == .seconds(8), "another exercise's time, before this one's own")
        times.exercise["ThumbnailCache"] = 20
        #expect(times.expected(for: "ThumbnailCache", first: false) == .seconds(20))
        let halfway = BuildProgress.estimate(exercise: "ThumbnailCache", stage: .building, elapsed: .seconds(10), expected: .seconds(20))
        #expect(halfway.fraction == 0.5 && halfway.remaining == .seconds(10))
        let late = BuildProgress.estimate(exercise: "ThumbnailCache", stage: .building, elapsed: .seconds(30), expected: .seconds(20))
        #expect(late.fraction == 0.99 && late.remaining == .zero, "never 100 % before it is done")
    }

    /// Sleeps a while on each step, so a second builder finds the first one at work.
    final class SlowCompiler: ProcessRunner, @unchecked Sendable {
        let inner = FakeCompiler()
        func run(_ request: ProcessRequest) throws -> ProcessOutcome {
            Thread.sleep(forTimeInterval: 0.1)
            return try inner.run(request)
        }
    }

    @Test func aSecondBuilderWaitsForTheFirstAndBuildsNothing() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = SlowCompiler()
        let started = DispatchSemaphore(value: 0)
        var slow = builder(root: root, runner: first)
        slow.progress = { report in if report.stage == .building { started.signal() } }
        let building = slow
        let done = DispatchGroup()
        done.enter()
        Thread {
            _ = try? building.prepare()
            done.leave()
        }.start()
        started.wait()
        let second = FakeCompiler()
        let reports = Mutex<[BuildProgress.Stage]>([])
        var waiting = builder(root: root, runner: second)
        waiting.progress = { report in reports.withLock { $0.append(report.stage) } }
        let harness = try waiting.prepare()
        done.wait()
        #expect(harness.tests.map(\.name) == ["only"])
        #expect(second.invocations.withLock { $0 } == 0, "the waiting builder compiled nothing")
        let stages = reports.withLock { $0 }
        #expect(stages.first == .waiting)
        #expect(stages.last == .finished)
    }

    /// Stops (as Ctrl-C does) at the engine's compile.
    final class InterruptedCompiler: ProcessRunner, @unchecked Sendable {
        func run(_ request: ProcessRequest) throws -> ProcessOutcome {
            if request.arguments.contains("CacheEngine") { throw ProcessInterrupted(executable: request.executable) }
            return try FakeCompiler().run(request)
        }
    }

    @Test func anInterruptedBuildStopsAndLeavesNothingHalfBuilt() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: GradingError.interrupted) { try builder(root: root, runner: InterruptedCompiler()).prepare() }
        let cache = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("cache").path)
        #expect(cache.filter { $0.hasPrefix(".building-") || $0.hasPrefix("harness-") }.isEmpty, "\(cache)")
        // The next build starts afresh and succeeds.
        #expect(try builder(root: root, runner: FakeCompiler()).prepare().tests.map(\.name) == ["only"])
    }

    /// Fails the harness module's compile with `log` (`EXTRA` stands for the extra test's path).
    final class FailingCompiler: ProcessRunner, @unchecked Sendable {
        let log: String
        let extra: URL
        init(log: String, extra: URL) { self.log = log; self.extra = extra }

        func run(_ request: ProcessRequest) throws -> ProcessOutcome {
            if request.arguments.contains("CachetutorHarness") {
                return ProcessOutcome(termination: .exited(1), output: Array(log.replacingOccurrences(of: "EXTRA", with: extra.path).utf8))
            }
            return try FakeCompiler().run(request)
        }
    }

    func failingBuild(log: String) throws -> GradingError? {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        let extra = root.appendingPathComponent("tests/Rules.swift")
        try FileManager.default.createDirectory(at: extra.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("enum Rules: HiddenTestGroup {\n    static let tests: [HiddenTest] = [nope()]\n}\n".utf8).write(to: extra)
        var layout = HarnessLayout(root: root, exercise: Self.exercise(root))
        layout.extraTests = [extra]
        let builder = HarnessBuilder(layout: layout, toolchain: Toolchain(swiftc: root.appendingPathComponent("toolchain/usr/bin/swiftc"), fingerprint: "test"),
                                     cacheRoot: root.appendingPathComponent("cache"), runner: FailingCompiler(log: log, extra: extra), environment: [:])
        do {
            _ = try builder.prepare()
            return nil
        } catch let error as GradingError {
            return error
        }
    }

    @Test func anErrorInAnExtraTestIsTheInstructorsBadInput() throws {
        let error = try #require(try failingBuild(log: """
            /src/Sources/Harness/Runtime/HarnessMain.swift:52:17: warning: capture of 'subject'; this is an error in the Swift 6 language mode
            EXTRA:2:39: error: cannot find 'nope' in scope
            """))
        #expect(error.exitCode == .dataError)
        #expect(error.message.hasSuffix("tests/Rules.swift:2:39: error: cannot find 'nope' in scope"))
        #expect(!error.message.contains("\n"))
    }

    @Test func anErrorInTheHarnessItselfIsTheGradersFailure() throws {
        let error = try #require(try failingBuild(log: """
            /src/Sources/Harness/Runtime/HarnessMain.swift:52:17: warning: capture of 'subject'; this is an error in the Swift 6 language mode
            /src/Sources/Harness/Runtime/HarnessMain.swift:60:1: error: expected '}'
            """))
        #expect(error.exitCode == .software)
        // The real error is named, not a warning that mentions the word.
        #expect(error.message == "the grading harness failed to build (module CachetutorHarness): /src/Sources/Harness/Runtime/HarnessMain.swift:60:1: error: expected '}'")
    }
}
