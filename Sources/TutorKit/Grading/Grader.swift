import Foundation
import Synchronization

/// Grades submissions of one exercise: validates the file, compiles it against the cached
/// harness, runs every hidden test in its own sandboxed process, and reports.
///
/// Reentrant: one grader may grade several files at once from several threads (the
/// harness is built at most once per grader, and each grading has its own work directory).
///
///     let grader = try Grader(configuration: GraderConfiguration(environment: ProcessEnvironment.current))
///     let report = try grader.grade(file: url, displayPath: "exercises/ThumbnailCache.swift")
///     print(report.status, report.score, report.maxScore)
public final class Grader: Sendable {
    /// How it grades.
    public let configuration: GraderConfiguration
    /// Builds and finds the harness.
    public let builder: HarnessBuilder
    private let runner: any ProcessRunner
    private let harness = Mutex<Harness?>(nil)
    private let buildLock = Mutex(())

    /// A grader that finds the compiler and the harness sources through `configuration.environment`.
    public init(configuration: GraderConfiguration, runner: any ProcessRunner = PosixProcessRunner()) throws(GradingError) {
        self.configuration = configuration
        self.runner = runner
        let environment = configuration.environment
        var layout = try HarnessLayout.locate(exercise: configuration.exercise, environment: environment)
        layout.extraTests = configuration.extraTests
        builder = HarnessBuilder(
            layout: layout,
            toolchain: try Toolchain.locate(environment: environment),
            cacheRoot: HarnessBuilder.cacheRoot(environment: environment),
            runner: runner,
            environment: environment
        )
    }

    /// The harness, built on first use.
    public func prepareHarness() throws(GradingError) -> Harness {
        if let ready = harness.withLock({ $0 }) { return ready }
        return try buildLock.withLock { _ throws(GradingError) -> Harness in
            if let ready = harness.withLock({ $0 }) { return ready }
            let built = try builder.prepare()
            harness.withLock { $0 = built }
            return built
        }
    }

    /// Grades the file at `file`; `displayPath` is how messages and the report name it.
    ///
    /// Throws ``SubmissionError`` when the file is missing or not Swift text, and
    /// ``GradingError`` when the grader itself cannot work. A submission that does not
    /// compile is a report with status `error`, not a thrown error.
    public func grade(file: URL, displayPath: String) throws -> GradingReport {
        let start = ContinuousClock.now
        let source = try SubmissionReader.read(file, displayPath: displayPath)
        return try grade(source: source, displayPath: displayPath, startedAt: start)
    }

    /// Grades validated source text.
    public func grade(source: String, displayPath: String) throws -> GradingReport {
        try grade(source: source, displayPath: displayPath, startedAt: ContinuousClock.now)
    }

    private func grade(source: String, displayPath: String, startedAt start: ContinuousClock.Instant) throws -> GradingReport {
        let harness = try prepareHarness()
        let workspace = try Workspace(in: configuration.temporaryDirectory)
        defer { workspace.remove() }

        func report(_ status: ReportStatus, compilerMessage: String? = nil, tests: [TestResult]) -> GradingReport {
            GradingReport(
                exercise: configuration.exercise, file: displayPath, status: status, compilerMessage: compilerMessage,
                tests: tests, score: tests.filter { $0.status == .pass }.count, maxScore: harness.tests.count,
                durationMilliseconds: Int((ContinuousClock.now - start) / .milliseconds(1))
            )
        }

        let findings = SourceAudit.findings(in: source)
        if !findings.isEmpty {
            let message = findings.map {
                "\(displayPath):\($0.line):\($0.column): error: \($0.attribute) is not allowed in an exercise file: it defines or replaces symbols by raw name, which could tamper with the test runner"
            }.joined(separator: "\n")
            return report(.error, compilerMessage: message, tests: [])
        }

        let compiler = SubmissionCompiler(toolchain: builder.toolchain, harness: harness, runner: runner, environment: configuration.environment)
        switch try compiler.compile(source: source, displayPath: displayPath, in: workspace) {
        case let .failure(message):
            return report(.error, compilerMessage: message, tests: [])
        case let .success(executable):
            let tests = try runTests(harness.tests, executable: executable, workspace: workspace, displayPath: displayPath)
            return report(tests.allSatisfy { $0.status == .pass } ? .pass : .fail, tests: tests)
        }
    }

    private func runTests(_ tests: [HiddenTestInfo], executable: URL, workspace: Workspace, displayPath: String) throws -> [TestResult] {
        let limits = configuration.limits
        let runningAsRoot = geteuid() == 0
        let results = Mutex<[TestResult?]>(Array(repeating: nil, count: tests.count))
        let next = Atomic<Int>(0)
        let outputBudget = Atomic<Int>(limits.outputBytesTotal)
        let initHangs = Atomic<Bool>(false)
        let deadline = ContinuousClock.now + limits.checkBudget
        let workers = max(1, min(configuration.jobs, tests.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < tests.count else { return }
                let test = tests[index]
                let result: TestResult
                if initHangs.load(ordering: .relaxed) {
                    result = TestResult(name: test.name, summary: test.summary, status: .timeout, message: TestVerdict.initHangMessage(limits: limits), lesson: test.lesson)
                } else if ContinuousClock.now > deadline {
                    result = TestResult(name: test.name, summary: test.summary, status: .timeout, message: "not run: the check's time budget of \(Int(limits.checkBudget / .seconds(1))) s ran out on earlier tests", lesson: test.lesson)
                } else {
                    result = runOne(test, index: index, executable: executable, workspace: workspace, displayPath: displayPath, runningAsRoot: runningAsRoot, outputBudget: outputBudget)
                    if TestVerdict.showsInitHang(result, limits: limits) { initHangs.store(true, ordering: .relaxed) }
                }
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    private func runOne(_ test: HiddenTestInfo, index: Int, executable: URL, workspace: Workspace, displayPath: String, runningAsRoot: Bool, outputBudget: borrowing Atomic<Int>) -> TestResult {
        let limits = configuration.limits
        let secret = Self.makeSecret()
        do {
            let directory = try workspace.testDirectory(index: index, owner: runningAsRoot ? limits.unprivilegedUser : nil)
            let outcome = try runner.run(ProcessRequest(
                executable: executable.path,
                arguments: ["run", test.name] + limits.runnerArguments(runningAsRoot: runningAsRoot),
                environment: Self.testEnvironment(directory: directory),
                workingDirectory: directory.path,
                wallClockLimit: limits.wallClock,
                outputLimit: limits.outputBytesPerTest,
                secret: secret
            ))
            let channel = TestVerdict.parse(channel: outcome.channel, secret: secret)
            for process in channel.processes where process > 1 { kill(process, SIGKILL) }
            var output = Self.learnerFacing(outcome.outputText, workspacePath: workspace.url.path, displayPath: displayPath)
            let allowed = max(0, outputBudget.subtract(output.utf8.count, ordering: .relaxed).newValue + output.utf8.count)
            if output.utf8.count > allowed || outcome.outputTruncated {
                output = String(decoding: output.utf8.prefix(allowed), as: UTF8.self) + "\n[output truncated]"
            }
            return TestVerdict.decide(test: test, outcome: outcome, channel: channel, limits: limits, output: output)
        } catch {
            return TestResult(name: test.name, summary: test.summary, status: .incomplete, message: "the grader could not run this test: \(error)", lesson: test.lesson)
        }
    }

    /// A test's output as the learner should see it: runtime messages point at their own
    /// file (`ThumbnailCache.swift:27: Fatal error: …`), and the runtime's stack traces,
    /// whose addresses change from run to run, are left out so two gradings read the same.
    static func learnerFacing(_ output: String, workspacePath: String, displayPath: String) -> String {
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
            .replacingOccurrences(of: "Submission/ThumbnailCache.swift:", with: displayPath + ":")
            .replacingOccurrences(of: workspacePath, with: ".")
    }

    /// All a test process gets of an environment. `SWIFT_BACKTRACE` is off so a crash ends
    /// at once instead of symbolicating inside the limits.
    static func testEnvironment(directory: URL) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": directory.path, "TMPDIR": directory.path, "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]
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
