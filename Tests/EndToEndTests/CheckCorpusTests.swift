import Foundation
import Testing
import TutorTestSupport

/// The built `cachetutor check` on every fixture submission of the ThumbnailCache exercise:
/// each must get the verdict its header promises, within the limits, without leaking the
/// environment into the report, leaving a process behind, or writing into the learner's folder.
@Suite(.serialized) struct CheckCorpusTests {
    static let fixturesFolder = Cachetutor.packageRoot.appendingPathComponent("Tests/Fixtures/Submissions/ThumbnailCache")
    static let mutantsFolder = Cachetutor.packageRoot.appendingPathComponent("Exercises/ThumbnailCache/.grading/Mutants")
    static let fixtures: [SubmissionFixture] = (try? SubmissionFixture.all(in: fixturesFolder, mutants: mutantsFolder)) ?? []

    /// The hidden tests' stable names (the exercise README lists them per contract point).
    static let testNames: Set<String> = [
        "uses_nscache", "no_second_strong_copy", "cost_limit_20mb", "cost_whole_sizes", "cost_fractional_sizes",
        "returns_stored_image", "miss_returns_nil", "keys_are_isolated", "hit_skips_generator", "hit_completes_once",
        "miss_generates_once", "miss_stores_before_completion", "miss_completes_once", "nil_result_stores_nothing",
        "survives_eviction_lru", "survives_eviction_fifo", "survives_eviction_random", "survives_eviction_foundation", "survives_memory_pressure",
        "concurrent_access",
    ]

    /// Markers hostile fixtures put in their children's command lines.
    static let processMarker = "cachetutor-fixture-"
    /// Hostile fixtures may hang every test; the grader's own limits must end them well before this.
    static let deadline = 300.0

    /// Nil when `check` works; otherwise why the corpus cannot be run yet.
    static let checkUnavailable: String? = {
        let home = try? Cachetutor.temporaryFolder("check-probe")
        guard let home,
              let result = try? Cachetutor.run(["check", referenceSolution.path, "--format", "json"], home: home, workingDirectory: home)
        else { return "could not run the cachetutor binary" }
        if result.status == 70, result.stderr.contains("not built yet") {
            return "'cachetutor check' is not built yet: \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
        return nil
    }()

    static let referenceSolution = Cachetutor.packageRoot.appendingPathComponent("Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift")
    static let starter = Cachetutor.packageRoot.appendingPathComponent("Exercises/ThumbnailCache/ThumbnailCache.swift")

    @Test func corpusHasEveryKindAndValidHeaders() throws {
        let all = try SubmissionFixture.all(in: Self.fixturesFolder, mutants: Self.mutantsFolder)
        let byCategory = Dictionary(grouping: all, by: \.category)
        #expect((byCategory["correct"] ?? []).count >= 12)
        #expect((byCategory["buggy"] ?? []).count >= 25)
        #expect((byCategory["hostile"] ?? []).count >= 15)
        for fixture in all {
            #expect(!fixture.why.isEmpty, "\(fixture): no '// why:' line")
            switch (fixture.category, fixture.expectation) {
            case ("correct", .pass), ("buggy", .fail), ("hostile", _), ("generated", _): break
            default: Issue.record("\(fixture): a \(fixture.category) fixture cannot expect \(fixture.expectation)")
            }
            if case let .fail(names) = fixture.expectation {
                let unknown = names.filter { !Self.testNames.contains($0) }
                #expect(unknown.isEmpty, "\(fixture): unknown test names \(unknown)")
            }
        }
        let buggyPoints = Set((byCategory["buggy"] ?? []).compactMap { fixture -> String? in
            if case let .fail(names) = fixture.expectation { return names.sorted().joined(separator: " ") }
            return nil
        })
        #expect(buggyPoints.count >= 15, "the buggy fixtures should break many different contract points")
    }

    /// The corpus tests below (and the red team's) need a working `check`; when it cannot
    /// run, this fails, so the suite fails rather than skipping every fixture quietly.
    @Test func theBuiltBinaryCanCheck() {
        #expect(Self.checkUnavailable == nil, "\(Self.checkUnavailable ?? "")")
    }

    @Test(.enabled(if: checkUnavailable == nil, "\(checkUnavailable ?? "")"), arguments: fixtures)
    func fixtureGetsItsVerdict(_ fixture: SubmissionFixture) throws {
        let run = try CorpusRun(fixture: fixture, deadline: Self.deadline)
        defer { run.cleanUp() }
        let result = run.result
        let context = "\(fixture) (\(fixture.why)): exit \(result.status) after \(String(format: "%.1f", result.seconds)) s\nstderr: \(result.stderr.prefix(600))\nstdout: \(result.stdout.prefix(600))"

        #expect(!result.timedOut, "check did not end within \(Int(Self.deadline)) s: \(context)")
        #expect(result.status == fixture.expectedStatus, "expected exit \(fixture.expectedStatus): \(context)")
        if fixture.category != "correct" {
            #expect(result.status != 0, "a \(fixture.category) fixture passed: \(context)")
        }

        switch fixture.expectation {
        case .pass:
            let report = try #require(CheckJSON.decode(result.stdout), "no JSON report: \(context)")
            #expect(report.status == "pass", "\(context)")
            let notPassing = report.tests.filter { $0.status != "pass" }.map { "\($0.name): \($0.status) \($0.message ?? "")" }
            #expect(notPassing.isEmpty, "tests not passing: \(notPassing) in \(fixture)")
            #expect(Set(report.tests.map(\.name)).isSuperset(of: Self.testNames), "missing tests in \(fixture)")
        case let .fail(names):
            let report = try #require(CheckJSON.decode(result.stdout), "no JSON report: \(context)")
            #expect(report.status == "fail", "\(context)")
            for name in names {
                let test = report.tests.first { $0.name == name }
                #expect(test != nil, "\(fixture): the report has no test \(name)")
                #expect(test?.status != "pass", "\(fixture): \(name) passed but must not (\(fixture.why))")
            }
        case .error:
            let report = try #require(CheckJSON.decode(result.stdout), "no JSON report: \(context)")
            #expect(report.status == "error", "\(context)")
            #expect(!(report.message ?? "").isEmpty, "\(fixture): an error report should carry the compiler's message")
        case .reject:
            #expect(result.stderr.contains("ThumbnailCache.swift"), "the message should name the file: \(context)")
        }

        if let report = CheckJSON.decode(result.stdout) {
            for test in report.tests {
                #expect((test.output ?? "").count <= 500, "\(fixture): \(test.name) output is \((test.output ?? "").count) characters, over the 500 cap")
            }
        }
        #expect(!result.stdout.contains(run.canary) && !result.stderr.contains(run.canary),
                "\(fixture): the report shows an environment variable of the learner's shell; the sandbox should scrub it")
        // The corpus runs where tests can be fully isolated (CI installs bubblewrap); RedTeamTests
        // covers hosts that cannot isolate.
        #expect(!result.stderr.contains(RedTeamTests.isolationWarning), "\(fixture): the check ran without full isolation: \(result.stderr.prefix(300))")
        #expect(!result.stdout.contains(run.planted.token) && !result.stderr.contains(run.planted.token),
                "\(fixture): the report shows a file planted outside the test's sandbox (\(run.planted.files.map(\.lastPathComponent)))")
        #expect(run.connectionsMade == 0, "\(fixture): a test connected to a listener on the host's loopback (port \(LoopbackListener.shared.port.map(String.init) ?? "none"))")
        #expect(run.leftInWorkingDirectory.isEmpty, "\(fixture): files appeared in the learner's working directory: \(run.leftInWorkingDirectory)")
        #expect(run.lingering.isEmpty, "\(fixture): processes outlived the check: \(run.lingering.map { "\($0.pid) \($0.commandLine)" })")
    }

    @Test(.enabled(if: checkUnavailable == nil, "\(checkUnavailable ?? "")"))
    func referenceSolutionPassesEveryTest() throws {
        let fixture = SubmissionFixture(category: "correct", name: "reference", contents: try Data(contentsOf: Self.referenceSolution),
                                        expectation: .pass, why: "the reference solution")
        let run = try CorpusRun(fixture: fixture, deadline: Self.deadline)
        defer { run.cleanUp() }
        #expect(run.result.status == 0, "\(run.result.stderr.prefix(400)) \(run.result.stdout.prefix(800))")
        let report = try #require(CheckJSON.decode(run.result.stdout))
        #expect(report.tests.count == Self.testNames.count)
        #expect(report.tests.allSatisfy { $0.status == "pass" })
    }

    /// The starter compiles and fails; it passes only points that hold for code that does nothing.
    @Test(.enabled(if: checkUnavailable == nil, "\(checkUnavailable ?? "")"))
    func starterCompilesAndFailsHonestly() throws {
        let fixture = SubmissionFixture(category: "starter", name: "starter", contents: try Data(contentsOf: Self.starter),
                                        expectation: .fail(["uses_nscache"]), why: "the starter")
        let run = try CorpusRun(fixture: fixture, deadline: Self.deadline)
        defer { run.cleanUp() }
        #expect(run.result.status == 1, "\(run.result.stderr.prefix(400)) \(run.result.stdout.prefix(800))")
        let report = try #require(CheckJSON.decode(run.result.stdout))
        let passing = Set(report.tests.filter { $0.status == "pass" }.map(\.name))
        #expect(passing.isSubset(of: ["miss_returns_nil", "hit_skips_generator"]), "the starter passes \(passing.sorted())")
    }
}

/// One `cachetutor check --format json` of a fixture copied to a fresh folder, with a fresh
/// working directory and a canary variable in the environment.
struct CorpusRun {
    let folder: URL
    let result: ChildProcess.Finished
    let canary: String
    let leftInWorkingDirectory: [String]
    let lingering: [(pid: Int32, commandLine: String)]
    /// Files planted in the submission's folder and the fake HOME: no sandboxed test may read them.
    let planted: PlantedCanaries
    /// Connections the loopback listener accepted during the run.
    let connectionsMade: Int

    private static let oneAtATime = NSLock()

    /// `sandbox` sets `CACHETUTOR_SANDBOX`; `wrapper` runs `cachetutor` through a program
    /// (`[python3, no-user-namespaces.py]`).
    init(fixture: SubmissionFixture, deadline: Double, sandbox: String? = nil, wrapper: [URL] = []) throws {
        // One corpus run at a time across suites, so a connection to the shared listener and a
        // leftover process belong to this run.
        Self.oneAtATime.lock()
        defer { Self.oneAtATime.unlock() }
        folder = try Cachetutor.temporaryFolder("corpus")
        let home = folder.appendingPathComponent("home"), work = folder.appendingPathComponent("work")
        let submissions = folder.appendingPathComponent("submission")
        for directory in [home, work, submissions] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let file = submissions.appendingPathComponent("ThumbnailCache.swift")
        try fixture.contents.write(to: file)
        planted = try PlantedCanaries(in: [submissions, home])
        let listener = LoopbackListener.shared
        let connectionsBefore = listener.connections
        canary = "canary-\(UUID().uuidString)"
        let before = Set(ProcessScan.processes(containing: CheckCorpusTests.processMarker).map(\.pid))

        let inherited = ProcessInfo.processInfo.environment
        var environment = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "CACHETUTOR_HOME": home.path,
            "XDG_CACHE_HOME": inherited["XDG_CACHE_HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache").path,
            "NO_COLOR": "1",
            "COLUMNS": "80",
            "LC_ALL": "C.UTF-8",
            "CACHETUTOR_E2E_CANARY": canary,
        ]
        if let sandbox { environment["CACHETUTOR_SANDBOX"] = sandbox }
        let arguments = ["check", file.path, "--format", "json"]
        if let program = wrapper.first {
            result = try ChildProcess.run(program, wrapper.dropFirst().map(\.path) + [Cachetutor.binary.path] + arguments,
                                        environment: environment, workingDirectory: work, deadline: deadline)
        } else {
            result = try ChildProcess.run(Cachetutor.binary, arguments, environment: environment, workingDirectory: work, deadline: deadline)
        }
        // A connection may land just after the check ends.
        Thread.sleep(forTimeInterval: 0.05)
        connectionsMade = listener.connections - connectionsBefore
        leftInWorkingDirectory = (try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []

        // Give the grader's clean-up a moment, then look for children that escaped it.
        var lingering: [(pid: Int32, commandLine: String)] = []
        for _ in 0..<20 {
            lingering = ProcessScan.processes(containing: CheckCorpusTests.processMarker).filter { !before.contains($0.pid) }
            if lingering.isEmpty { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        self.lingering = lingering
    }

    /// Ends any process this run left behind and removes its folder.
    func cleanUp() {
        for process in lingering { kill(process.pid, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The parts of `check --format json` (Exercism results.json v2) the corpus test reads.
struct CheckJSON: Decodable {
    struct Test: Decodable {
        var name: String
        var status: String
        var message: String?
        var output: String?
    }

    var status: String
    var message: String?
    var tests: [Test]

    static func decode(_ text: String) -> CheckJSON? {
        try? JSONDecoder().decode(CheckJSON.self, from: Data(text.utf8))
    }
}
