import Foundation
import TutorTerminal
import Synchronization

/// Grades submissions of one exercise: validates the file, audits and compiles it against
/// the cached harness, runs every hidden test in its own sandboxed process, and reports.
///
/// Reentrant: one grader may grade several files at once from several threads. The harness
/// is built and the sandbox probed at most once per grader; every test of every file goes
/// through one ``WorkerPool``, so `jobs` is the number of test processes at once, in all,
/// and a batch runs its files on the same pool's submissions lane.
///
///     let grader = try Grader(configuration: GraderConfiguration(environment: ProcessEnvironment.current))
///     let report = try grader.grade(file: url, displayPath: "exercises/ThumbnailCache.swift")
///     print(report.status, report.score, report.maxScore)
public final class Grader: Sendable {
    /// How it grades.
    public let configuration: GraderConfiguration
    /// Builds and finds the harness.
    public let builder: any HarnessProviding
    /// The exercise graded.
    public var exercise: ExerciseDefinition { builder.layout.exercise }
    /// The configuration's limits, with the exercise's own time limits applied.
    public var limits: SandboxLimits {
        var limits = configuration.limits
        if let seconds = exercise.manifest.wallClockSeconds { limits.wallClock = .seconds(seconds) }
        if let seconds = exercise.manifest.cpuSeconds { limits.cpuSeconds = seconds }
        return limits
    }
    /// The one pool every test (and, grading many files, every file) runs on.
    public let pool: WorkerPool
    private let runner: any ProcessRunner
    private let clock: any GradingClock
    private let prepared = Mutex<(harness: Harness?, sandbox: Sandbox?, stage: Workspace?)>((nil, nil, nil))
    private let preparing = Mutex(())

    /// A grader that finds the compiler and the harness sources through
    /// `configuration.environment`, or takes its harness from `builder`; it runs programs
    /// with `runner`, reads the time from `clock`, and runs its tests on `pool` (shared by
    /// graders that must count their tests together), else on a pool of its own.
    public init(configuration: GraderConfiguration, runner: any ProcessRunner = PosixProcessRunner(),
                builder: (any HarnessProviding)? = nil, clock: any GradingClock = SystemGradingClock(), pool: WorkerPool? = nil) throws(GradingError) {
        self.configuration = configuration
        self.runner = runner
        self.clock = clock
        self.pool = pool ?? WorkerPool(tests: configuration.jobs, submissions: configuration.submissionsInFlight)
        if let builder {
            self.builder = builder
        } else {
            let environment = configuration.environment
            var layout = try HarnessLayout.locate(exercise: configuration.exercise, exercisesFolder: configuration.exercisesFolder, environment: environment)
            layout.extraTests = configuration.extraTests
            var builder = HarnessBuilder(
                layout: layout,
                toolchain: try Toolchain.locate(environment: environment),
                cacheRoot: HarnessBuilder.cacheRoot(environment: environment),
                runner: runner,
                environment: environment
            )
            builder.progress = configuration.buildProgress
            self.builder = builder
        }
    }

    /// The harness, built on first use.
    public func prepareHarness() throws(GradingError) -> Harness {
        if let ready = prepared.withLock({ $0.harness }) { return ready }
        return try preparing.withLock { _ throws(GradingError) -> Harness in
            if let ready = prepared.withLock({ $0.harness }) { return ready }
            let built = try builder.prepare()
            prepared.withLock { $0.harness = built }
            return built
        }
    }

    /// The sandbox every test runs in, probed on first use. Throws
    /// ``GradingError/isolationMissing(_:)`` when the configuration requires full isolation
    /// and this machine cannot give it.
    public func prepareSandbox() throws(GradingError) -> Sandbox {
        let harness = try prepareHarness()
        let sandbox: Sandbox
        if let ready = prepared.withLock({ $0.sandbox }) {
            sandbox = ready
        } else {
            sandbox = try preparing.withLock { _ throws(GradingError) -> Sandbox in
                if let ready = prepared.withLock({ $0.sandbox }) { return ready }
                let stage = try Workspace(in: configuration.temporaryDirectory)
                prepared.withLock { $0.stage = stage }
                let probed = try Sandbox.probe(
                    harness: harness, stage: stage, runner: runner, limits: limits,
                    environment: configuration.environment, hiddenPath: builder.layout.root.path
                )
                prepared.withLock { $0.sandbox = probed }
                return probed
            }
        }
        if configuration.requiresFullIsolation && !sandbox.isolation.isComplete {
            throw .isolationMissing(sandbox)
        }
        return sandbox
    }

    deinit {
        prepared.withLock {
            $0.stage?.remove()
            $0.sandbox?.cgroups?.remove()
        }
    }

    /// Grades the file at `file`; `displayPath` is how messages and the report name it.
    ///
    /// Throws ``SubmissionError`` when the file is missing or not Swift text, and
    /// ``GradingError`` when the grader itself cannot work. A submission that does not
    /// compile is a report with status `error`, not a thrown error.
    public func grade(file: URL, displayPath: String) throws -> GradingReport {
        let start = clock.now
        let source = try SubmissionReader.read(file, displayPath: displayPath)
        return try grade(source: source, displayPath: displayPath, startedAt: start)
    }

    /// Grades validated source text.
    public func grade(source: String, displayPath: String) throws -> GradingReport {
        try grade(source: source, displayPath: displayPath, startedAt: clock.now)
    }

    private func grade(source: String, displayPath: String, startedAt start: ContinuousClock.Instant) throws -> GradingReport {
        let harness = try prepareHarness()
        // The first grading probes the sandbox on the second core while the file compiles.
        let probed = Mutex<Result<Sandbox, GradingError>?>(nil)
        let probing = DispatchGroup()
        probing.enter()
        Thread { [self] in
            let outcome = Result { () throws(GradingError) in try prepareSandbox() }
            probed.withLock { $0 = outcome }
            probing.leave()
        }.start()
        defer { probing.wait() }
        let workspace = try Workspace(in: configuration.temporaryDirectory)
        defer { workspace.remove() }

        let compiler = SubmissionCompiler(exercise: exercise.name, toolchain: builder.toolchain, harness: harness, runner: runner, environment: configuration.environment,
                                          isGraded: configuration.isGraded, languageMode: exercise.manifest.swiftLanguageMode)
        let compiling = clock.now
        let compilation = try compiler.compile(source: source, displayPath: displayPath, in: workspace)
        let compileTime = clock.now - compiling
        probing.wait()
        guard let sandbox = try probed.withLock({ $0 })?.get() else { throw GradingError.launch("the sandbox probe did not finish") }

        func report(_ status: ReportStatus, compilerMessage: String? = nil, tests: [TestResult]) -> GradingReport {
            var report = GradingReport(
                exercise: exercise.name, file: displayPath, status: status, compilerMessage: compilerMessage.map(MessageText.escapedKeepingLines),
                tests: tests.map(Self.shown), score: tests.filter { $0.status == .pass }.count, maxScore: harness.tests.count,
                durationMilliseconds: Int((clock.now - start) / .milliseconds(1)), isolation: sandbox.isolation
            )
            report.compileMilliseconds = Int(compileTime / .milliseconds(1))
            return report
        }

        switch compilation {
        case let .failure(message):
            return report(.error, compilerMessage: message, tests: [])
        case let .success(compiled):
            let tests = try runTests(harness: harness, sandbox: sandbox, compiled: compiled, workspace: workspace, displayPath: displayPath)
            return report(tests.allSatisfy { $0.status == .pass } ? .pass : .fail, tests: tests)
        }
    }

    /// Runs every hidden test through the pool. Once a test shows that the rest would end
    /// the same way (the submission's init never returned), the tests not yet started are
    /// reported with that reason instead of run; once the check's budget is spent, too.
    private func runTests(harness: Harness, sandbox: Sandbox, compiled: CompiledSubmission, workspace: Workspace, displayPath: String) throws -> [TestResult] {
        let limits = self.limits
        let outputBudget = Atomic<Int>(limits.outputBytesTotal)
        let stop = Mutex<EarlyStop?>(nil)
        let deadline = clock.now + limits.checkBudget
        let run = { @Sendable (index: Int, test: HiddenTestInfo) -> Result<TestResult, GradingError> in
            if let stopped = stop.withLock({ $0 }) {
                return stopped.toolError.map { .failure($0) } ?? .success(stopped.result(for: test))
            }
            if self.clock.now > deadline {
                return .success(TestResult(name: test.name, summary: test.summary, status: .timeout, message: "not run: the check's time budget of \(Int(limits.checkBudget / .seconds(1))) s ran out on earlier tests", lesson: test.lesson, isolation: sandbox.isolation, point: test.point))
            }
            let outcome = self.runOne(test, index: index, harness: harness, sandbox: sandbox, library: compiled.library(for: test), workspace: workspace,
                                      displayPath: displayPath, outputBudget: outputBudget)
            switch outcome {
            case let .success(run):
                if let reason = TestVerdict.stopReason(run.result, constructed: run.constructed, initializer: self.exercise.manifest.initializer, limits: limits) {
                    stop.withLock { $0 = $0 ?? EarlyStop(status: run.result.status, message: reason, toolError: nil) }
                }
            case let .failure(error):
                stop.withLock { $0 = EarlyStop(status: .incomplete, message: "", toolError: error) }
            }
            return outcome.map(\.result)
        }
        let tests = Array(harness.tests.enumerated())
        // Grading a class, the first test runs alone: a submission that never gets past its
        // initialiser then holds one slot, not one per test started beside it, while the
        // other slots go on with other students' tests.
        let alone = configuration.firstTestAlone && tests.count > 1 ? Array(tests.prefix(1)) : []
        let rest = TestTimings.startingOrder(Array(tests.dropFirst(alone.count)), name: \.name, timings: TestTimings.load(for: harness))
        let started = alone + rest
        let outcomes = pool.map(alone, run) + pool.map(rest, run)
        var inCatalogOrder = [Result<TestResult, GradingError>?](repeating: nil, count: tests.count)
        for (position, outcome) in zip(started.map(\.offset), outcomes) { inCatalogOrder[position] = outcome }
        let results = try inCatalogOrder.compactMap { $0 }.map { outcome throws(GradingError) in try outcome.get() }
        TestTimings.save(results, for: harness)
        return results
    }

    /// Why the tests not yet started are not run.
    private struct EarlyStop: Sendable {
        var status: TestStatus
        var message: String
        var toolError: GradingError?

        func result(for test: HiddenTestInfo) -> TestResult {
            TestResult(name: test.name, summary: test.summary, status: status, message: message, lesson: test.lesson, point: test.point)
        }
    }

    /// One run of a test: how its process ended, what its channel said, whether it went
    /// over its control group's memory, and the grader's own fault in it, if any.
    private typealias Run = (outcome: ProcessOutcome, channel: TestVerdict.ChannelReport, overMemory: Bool, fault: String?)

    /// What became of a test that could not run: a rerun to decide from, or a verdict.
    private enum Blame {
        case rerun(Run)
        case decided(Result<(result: TestResult, constructed: Bool), GradingError>)
    }

    /// One run of `test` on `library`, in the runner the test needs.
    private func execute(_ test: HiddenTestInfo, directory name: String, sandbox: Sandbox, library: URL, workspace: Workspace) -> Result<Run, GradingError> {
        let limits = self.limits
        let secret = Self.makeSecret()
        var outcome: ProcessOutcome
        var overMemory = false
        do {
            let directory = try workspace.testDirectory(name: name, owner: geteuid() == 0 ? limits.unprivilegedUser : nil)
            let policy = configuration.enginePolicy.map { ["--engine-policy", $0] } ?? []
            var request = sandbox.request(submission: library, sanitized: test.threads, command: ["run", test.name] + policy, limits: limits,
                                          workingDirectory: directory, secret: secret)
            let group = try sandbox.cgroups?.group(named: "test-\(UUID().uuidString)")
            defer { group?.remove() }
            if let group {
                request = group.wrap(request)
                request.memoryCapReached = { group.reachedMemoryCap }
            }
            outcome = try runner.run(request)
            outcome.peakMemoryBytes = outcome.peakMemoryBytes ?? group?.peakMemory
            overMemory = (group?.wentOverMemory ?? false) || outcome.overMemory
        } catch let error as GradingError {
            return .failure(error)
        } catch {
            return .failure(.launch("cannot run test \(test.name): \(error)"))
        }
        let channel = TestVerdict.parse(channel: outcome.channel, secret: secret)
        return .success((outcome, channel, overMemory, TestVerdict.toolFault(outcome: outcome, channel: channel, expected: sandbox.isolation)))
    }

    private func runOne(_ test: HiddenTestInfo, index: Int, harness: Harness, sandbox: Sandbox, library: URL, workspace: Workspace,
                        displayPath: String, outputBudget: borrowing Atomic<Int>) -> Result<(result: TestResult, constructed: Bool), GradingError> {
        let limits = self.limits
        var run: Run
        switch execute(test, directory: "test-\(index)", sandbox: sandbox, library: library, workspace: workspace) {
        case let .success(done): run = done
        case let .failure(error): return .failure(error)
        }
        if let problem = run.fault {
            switch blame(problem, test: test, index: index, harness: harness, sandbox: sandbox, library: library, workspace: workspace) {
            case let .rerun(clean): run = clean
            case let .decided(outcome): return outcome
            }
        }
        let (outcome, channel) = (run.outcome, run.channel)
        var output = Self.learnerFacing(outcome.outputText, exercise: exercise.name, workspacePath: workspace.url.path, displayPath: displayPath)
        let allowed = max(0, outputBudget.subtract(output.utf8.count, ordering: .relaxed).newValue + output.utf8.count)
        if output.utf8.count > allowed || outcome.outputTruncated {
            output = String(decoding: output.utf8.prefix(allowed), as: UTF8.self) + "\n[output truncated]"
        }
        var result = TestVerdict.decide(test: test, outcome: outcome, channel: channel, limits: limits, initializer: exercise.manifest.initializer, output: output)
        if run.overMemory, result.status != .pass {
            result.status = .crash
            result.message = "the test went over its memory cap of \(limits.wholeTestMemoryBytes >> 20) MB (all its threads and files together) and was stopped"
        }
        // A data race ends the test whatever it reported before: the racing code may have
        // read a torn value, so nothing it did after the race began can be trusted. Only the
        // sanitizer's own word (its record on the channel) makes the output a report: the
        // code under test can print one and exit with the same status.
        let raced = channel.raced && outcome.termination == .exited(limits.raceExitCode)
        if raced, let race = RaceReport.parse(outcome.outputText, module: library.lastPathComponent) {
            let compiled = workspace.url.appendingPathComponent("\(exercise.name).swift")
            let lines = race.lines(symbolizer: builder.toolchain.prefix.appendingPathComponent("bin/llvm-symbolizer"), library: library,
                                   sourceName: compiled.lastPathComponent, source: (try? String(contentsOf: compiled, encoding: .utf8)) ?? "",
                                   runner: runner)
            result.status = .crash
            result.message = RaceReport.message(current: (race.current.writes, lines.current), previous: (race.previous.writes, lines.previous),
                                                file: URL(fileURLWithPath: displayPath).lastPathComponent)
        } else if raced, let line = outcome.outputText.split(separator: "\n").first(where: { $0.contains(RaceReport.marker) }) {
            // Another report of the sanitizer's (or one cut short): it still ended the test.
            result.status = .crash
            result.message = "ThreadSanitizer stopped the test: " + line.replacingOccurrences(of: RaceReport.marker, with: "").trimmingCharacters(in: .whitespaces)
        }
        result.isolation = channel.isolation
        return .success((result, channel.constructed))
    }

    /// Whose fault a test that could not run is. Whatever a learner's file holds, it must
    /// never make the grader look broken: the test runs once more, and a rerun without a
    /// fault is the verdict (a passing fault of the machine does not repeat). A fault that
    /// repeats sends the reference solution through the same test in the same sandbox:
    /// when the reference runs it, the file is the cause and the test fails with the
    /// reason; only when the reference cannot run it either is it the grader's fault.
    private func blame(_ problem: String, test: HiddenTestInfo, index: Int, harness: Harness, sandbox: Sandbox, library: URL,
                       workspace: Workspace) -> Blame {
        let graderFault = GradingError.sandbox("test \(test.name) (\(sandbox.mechanism.rawValue)): \(problem)")
        let again: Run
        switch execute(test, directory: "test-\(index)-again", sandbox: sandbox, library: library, workspace: workspace) {
        case let .success(run): again = run
        case let .failure(error): return .decided(.failure(error))
        }
        guard let repeated = again.fault else { return .rerun(again) }
        guard case let .success(reference) = execute(test, directory: "test-\(index)-reference", sandbox: sandbox,
                                                           library: harness.reference(for: test), workspace: workspace),
              reference.fault == nil
        else { return .decided(.failure(graderFault)) }
        let result = TestResult(
            name: test.name, summary: test.summary, status: .incomplete,
            message: "the test could not run with this file (\(repeated)); the reference solution runs it in the same sandbox, so the cause is in the file",
            lesson: test.lesson, isolation: sandbox.isolation, point: test.point
        )
        return .decided(.success((result, again.channel.constructed)))
    }

    /// A test's output as the learner should see it: runtime messages point at their own
    /// file (`ThumbnailCache.swift:27: Fatal error: …`), and the runtime's stack traces,
    /// whose addresses change from run to run, are left out so two gradings read the same.
    static func learnerFacing(_ output: String, exercise: String, workspacePath: String, displayPath: String) -> String {
        var lines: [Substring] = []
        var inStackTrace = false
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Current stack trace:") {
                inStackTrace = true
                continue
            }
            if inStackTrace, line.first?.isNumber == true, line.contains(" 0x") { continue }
            inStackTrace = false
            lines.append(line)
        }
        return lines.joined(separator: "\n")
            .replacingOccurrences(of: "Submission/\(exercise).swift:", with: displayPath + ":")
            .replacingOccurrences(of: workspacePath, with: ".")
    }

    /// `result` with what the submission wrote into it (its output, and the lines of it a
    /// message quotes, such as a `Fatal error:` line) made safe to print: a control
    /// character the file printed is spelt out, so it cannot clear the screen of whoever
    /// reads the report and draw a result of its own there.
    static func shown(_ result: TestResult) -> TestResult {
        var shown = result
        shown.output = MessageText.escapedKeepingLines(result.output)
        shown.message = result.message.map(MessageText.escapedKeepingLines)
        return shown
    }

    /// 128 random bits as hex: the per-test secret on the result channel.
    static func makeSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
