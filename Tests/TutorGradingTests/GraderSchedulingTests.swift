import Foundation
import HarnessContract
import Synchronization
import Testing
@testable import TutorGrading

/// The grader's scheduling, verdicts, early stop and budget, with a scripted harness,
/// runner and clock: no compiler, no sandbox, no real waiting.
@Suite struct GraderSchedulingTests {
    /// How a scripted test process behaves.
    enum Behaviour: Sendable {
        case pass
        case fail(String)
        /// Runs into the wall-clock limit before the initialiser returns.
        case hangInInit
        /// The runner reports a fault of its own with the learner's file, not with the reference.
        case runnerFaultWithSubmission
        /// The runner reports a fault of its own whatever it loads.
        case runnerFault
    }

    /// A clock the tests move; each test run moves it by `step`.
    final class ManualClock: GradingClock, @unchecked Sendable {
        private let instant = Mutex(ContinuousClock.now)
        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        func advance(by duration: Duration) { instant.withLock { $0 += duration } }
    }

    /// Answers the compiler, the audit program, the probe and each test run as scripted.
    final class ScriptedRunner: ProcessRunner, @unchecked Sendable {
        let behaviours: [String: Behaviour]
        let clock: ManualClock
        let step: Duration
        private let log = Mutex<[String]>([])
        static let isolation = IsolationReport(mechanism: .none, user: false, pid: false, network: false, mount: false, code: false, noexec: false)

        init(_ behaviours: [String: Behaviour], clock: ManualClock, step: Duration = .milliseconds(30)) {
            self.behaviours = behaviours
            self.clock = clock
            self.step = step
        }

        /// The tests started, in order.
        var started: [String] { log.withLock { $0 } }

        func run(_ request: ProcessRequest) throws -> ProcessOutcome {
            let arguments = request.arguments
            if request.executable.hasSuffix("swiftc"), let output = arguments.firstIndex(of: "-o").map({ arguments[$0 + 1] }) {
                FileManager.default.createFile(atPath: output, contents: Data(AutolinkEntriesTests.object(entries: ["-lswiftCore", "-lFoundation"])))
                return ProcessOutcome(termination: .exited(0))
            }
            if request.executable.hasSuffix("audit") { return ProcessOutcome(termination: .exited(0), output: Array("[]".utf8)) }
            if arguments.first == "probe" {
                return ProcessOutcome(termination: .exited(0), output: Array(try JSONEncoder().encode(Self.isolation)))
            }
            guard arguments.first == "run", arguments.count > 1, let secret = request.secret else {
                return ProcessOutcome(termination: .exited(0))
            }
            let test = arguments[1]
            log.withLock { $0.append(test) }
            clock.advance(by: step)
            var records = [ChannelRecord<IsolationReport>(nonce: secret, kind: .sandbox, isolation: Self.isolation)]
            let loadsReference = arguments.firstIndex(of: "--submission").map { arguments[$0 + 1].hasSuffix("reference.so") } ?? false
            switch behaviours[test] ?? .pass {
            case .runnerFaultWithSubmission where !loadsReference, .runnerFault:
                let fault = ChannelRecord<IsolationReport>(nonce: secret, kind: .toolError, message: "the compiled submission's adapter does not adopt the exercise's API")
                return ProcessOutcome(termination: .exited(0), channel: Self.lines([fault]), duration: step)
            case .runnerFaultWithSubmission:
                records += [.init(nonce: secret, kind: .constructed), .init(nonce: secret, kind: .result, test: test, status: "pass")]
            case .hangInInit:
                return ProcessOutcome(termination: .signaled(9), timedOut: true, channel: Self.lines(records), duration: .seconds(5))
            case .pass:
                records += [.init(nonce: secret, kind: .constructed), .init(nonce: secret, kind: .result, test: test, status: "pass")]
            case let .fail(message):
                records += [.init(nonce: secret, kind: .constructed), .init(nonce: secret, kind: .result, test: test, status: "fail", message: message)]
            }
            return ProcessOutcome(termination: .exited(0), channel: Self.lines(records), duration: step)
        }

        static func lines(_ records: [ChannelRecord<IsolationReport>]) -> [UInt8] {
            records.flatMap { Array((try? JSONEncoder().encode($0)) ?? Data()) + [UInt8(ascii: "\n")] }
        }
    }

    /// A harness folder with a runner and a reference to stage, and `tests` in its catalog.
    struct PreparedHarness: HarnessProviding {
        let harness: Harness
        var layout: HarnessLayout
        var toolchain: Toolchain
        func identity() throws(GradingError) -> String { "scripted" }
        func prepare() throws(GradingError) -> Harness { harness }
    }

    func grader(tests: [String], runner: ScriptedRunner, clock: ManualClock, jobs: Int, firstTestAlone: Bool = false) throws -> Grader {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-harness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["runner", "runner-tsan", "tests.so", "tests-tsan.so", "reference.so", "reference-tsan.so", "audit", "Adapter.swift"] {
            FileManager.default.createFile(atPath: folder.appendingPathComponent(file).path, contents: Data())
        }
        let harness = Harness(
            directory: folder, runnerDirectory: folder, tests: tests.map { HiddenTestInfo(name: $0, summary: "checks \($0)", point: 1, lesson: "05-eviction") },
            sandboxPaths: SandboxPaths(libraries: []), auditor: folder.appendingPathComponent("audit")
        )
        let exercise = ExerciseDefinition(name: "Scripted", directory: folder,
                                          manifest: ExerciseManifest(title: "S", order: 1, lessons: [], initializer: "Scripted()"))
        let builder = PreparedHarness(harness: harness, layout: HarnessLayout(root: folder, exercise: exercise),
                                      toolchain: Toolchain(swiftc: URL(fileURLWithPath: "/toolchain/bin/swiftc"), fingerprint: "scripted"))
        var configuration = GraderConfiguration(environment: ["CACHETUTOR_SANDBOX": "none", "CACHETUTOR_CGROUP": "none", "PATH": "/nonexistent"])
        configuration.jobs = jobs
        configuration.firstTestAlone = firstTestAlone
        return try Grader(configuration: configuration, runner: runner, builder: builder, clock: clock)
    }

    @Test func verdictsComeFromTheChannelInCatalogOrder() throws {
        let clock = ManualClock()
        let runner = ScriptedRunner(["b": .fail("b broke")], clock: clock)
        let report = try grader(tests: ["a", "b", "c"], runner: runner, clock: clock, jobs: 3).grade(source: "final class Scripted {}", displayPath: "S.swift")
        #expect(report.tests.map(\.name) == ["a", "b", "c"])
        #expect(report.tests.map(\.status) == [.pass, .fail, .pass])
        #expect(report.tests[1].message == "b broke")
        #expect(report.status == .fail && report.score == 2)
    }

    @Test func aRunnerFaultOnlyTheLearnersFileCausesFailsThatTestInsteadOfTheGrader() throws {
        let clock = ManualClock()
        let runner = ScriptedRunner(["b": .runnerFaultWithSubmission], clock: clock)
        let report = try grader(tests: ["a", "b"], runner: runner, clock: clock, jobs: 2).grade(source: "final class Scripted {}", displayPath: "S.swift")
        #expect(report.tests.map(\.status) == [.pass, .incomplete])
        #expect(report.tests[1].message?.contains("the reference solution runs it in the same sandbox, so the cause is in the file") == true)
        #expect(runner.started.filter { $0 == "b" }.count == 3, "the test, once again, then the reference")
    }

    @Test func aRunnerFaultTheReferenceSharesIsTheGradersOwn() throws {
        let clock = ManualClock()
        let runner = ScriptedRunner(["b": .runnerFault], clock: clock)
        #expect(throws: GradingError.self) {
            try grader(tests: ["a", "b"], runner: runner, clock: clock, jobs: 2).grade(source: "final class Scripted {}", displayPath: "S.swift")
        }
    }

    @Test func anInitThatNeverReturnsStopsTheTestsNotYetStarted() throws {
        let clock = ManualClock()
        let runner = ScriptedRunner(["a": .hangInInit, "b": .hangInInit, "c": .hangInInit, "d": .hangInInit], clock: clock)
        let report = try grader(tests: ["a", "b", "c", "d"], runner: runner, clock: clock, jobs: 4, firstTestAlone: true)
            .grade(source: "final class Scripted {}", displayPath: "S.swift")
        #expect(runner.started == ["a"], "grading a class, the first test runs alone, and its hang stops the rest")
        #expect(report.tests.allSatisfy { $0.status == .timeout })
        #expect(report.tests.allSatisfy { $0.message?.contains("Scripted() did not return within 5 s") == true })
    }

    @Test func theChecksBudgetEndsATestRunWithoutSleeping() throws {
        let clock = ManualClock()
        let runner = ScriptedRunner([:], clock: clock, step: .seconds(25))
        let report = try grader(tests: ["a", "b", "c", "d", "e"], runner: runner, clock: clock, jobs: 1)
            .grade(source: "final class Scripted {}", displayPath: "S.swift")
        #expect(runner.started == ["a", "b", "c"], "60 s of budget: the third test starts at 50 s, the fourth would at 75 s")
        #expect(report.tests.prefix(3).allSatisfy { $0.status == .pass })
        #expect(report.tests.suffix(2).allSatisfy { $0.status == .timeout && $0.message?.contains("time budget of 60 s ran out") == true })
    }
}

@Suite struct TestTimingsTests {
    @Test func theLongestKnownTestsStartFirstAndTiesKeepTheCatalogsOrder() {
        let tests = Array(["a", "b", "c", "d"].enumerated())
        let order = TestTimings.startingOrder(tests, name: { $0 }, timings: ["c": 200, "a": 30, "d": 30])
        #expect(order.map(\.element) == ["c", "a", "d", "b"])
        #expect(TestTimings.startingOrder(tests, name: { $0 }, timings: [:]).map(\.element) == ["a", "b", "c", "d"])
    }
}
