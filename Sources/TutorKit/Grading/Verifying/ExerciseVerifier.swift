import Foundation
import TutorTerminal

/// The author's check of one exercise (`cachetutor exercises verify`): the reference passes
/// every test under every engine policy, repeatedly; each solution in `.grading/Correct`
/// passes every test; the starter compiles and fails; each
/// mutant compiles and fails at least the tests its header names; each test names a lesson
/// that exists and a contract point the README has and is named in the README, and each
/// point has a hint.
///
///     let verifier = ExerciseVerifier(exercise: definition, lessons: ["01-why-cache", …], configuration: base)
///     let found = try verifier.verify()
///     found.problems.isEmpty
public struct ExerciseVerifier: Sendable {
    /// The engine policies the reference must pass under (`--engine-policy` values).
    public static let policies = ["lru", "fifo", "random:20261201", "foundation"]

    /// The exercise.
    public var exercise: ExerciseDefinition
    /// The course's lesson names (`05-eviction`).
    public var lessons: Set<String>
    /// Runs of the reference under each policy.
    public var runs = 5
    /// How graders are made; its exercise and policy are set here.
    public var configuration: GraderConfiguration

    /// A verifier with the default number of runs.
    public init(exercise: ExerciseDefinition, lessons: Set<String>, configuration: GraderConfiguration) {
        self.exercise = exercise
        self.lessons = lessons
        self.configuration = configuration
    }

    /// Everything wrong with the exercise. Throws only when the grader itself cannot work;
    /// hidden tests that do not build are a problem of the exercise, reported as such.
    public func verify() throws(GradingError) -> ExerciseVerification {
        var found = ExerciseVerification(exercise: exercise.name)
        let graders: [Grader]
        let harness: Harness
        // One pool for every policy's grader: `-j` counts the tests of all of them, and the
        // gradings in flight run on the pool's submissions lane.
        let pool = WorkerPool(tests: configuration.jobs, submissions: 2)
        do {
            graders = try Self.policies.map { policy throws(GradingError) in
                var settings = configuration
                settings.exercise = exercise.name
                settings.exercisesFolder = exercise.directory.deletingLastPathComponent()
                settings.enginePolicy = policy
                return try Grader(configuration: settings, pool: pool)
            }
            harness = try graders[0].prepareHarness()
        } catch let .harnessBuildFailed(step, log) {
            let line = log.split(separator: "\n").first { $0.contains(": error:") }.map(String.init) ?? "\(step) failed"
            found.problems.append(.init(exercise.testsDirectory.path, "the hidden tests do not build: \(line)"))
            return found
        }
        found.testCount = harness.tests.count
        found.problems += checkMetadata(harness.tests)
        let contract = readContractPoints(&found, tests: harness.tests)

        // Each patch applied to the reference, in a folder of its own for this run.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cachetutor-mutants-\(exercise.name)-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var mutantJobs: [Job] = []
        for mutant in mutants() {
            switch ExerciseMutants(exercise: exercise).materialize(mutant.url, in: scratch) {
            case let .file(source): mutantJobs.append(.mutant(mutant.url, mutant.expected, source: source))
            case let .problem(problem): found.mutantCount += 1; found.problems.append(problem)
            }
        }
        let jobs = mutantJobs + [Job.starter]
            + HarnessLayout.swiftFiles(in: exercise.correctDirectory).map(Job.correct)
            + graders.indices.flatMap { policy in (1...max(1, runs)).map { Job.reference(policy: policy, run: $0) } }
        let outcomes = pool.map(jobs, lane: .submissions) { job in Result { try grade(job, graders: graders) } }
        var failedByMutant: [String: Set<String>] = [:]
        for (job, outcome) in zip(jobs, outcomes) {
            let report: GradingReport
            switch outcome {
            case let .success(graded): report = graded
            case let .failure(error as GradingError): throw error
            case let .failure(error): found.problems.append(.init(job.file(in: exercise).path, userFacingMessage(error))); continue
            }
            if case let .mutant(url, _, _) = job, report.status != .error {
                failedByMutant[url.deletingPathExtension().lastPathComponent] = Set(report.tests.filter { $0.status != .pass }.map(\.name))
            }
            record(report, of: job, into: &found, testNames: Set(harness.tests.map(\.name)))
        }
        if let contract { found.problems += checkKills(contract, failedByMutant: failedByMutant) }
        return found
    }

    /// One grading `verify` does.
    enum Job: Sendable {
        case reference(policy: Int, run: Int)
        case starter
        /// A mutant file, its header's expected failures, and the patched source graded.
        case mutant(URL, [String]?, source: URL)
        /// A correct solution other than the reference, in `.grading/Correct`.
        case correct(URL)

        func file(in exercise: ExerciseDefinition) -> URL {
            switch self {
            case .reference: exercise.referenceDirectory.appendingPathComponent("\(exercise.name).swift")
            case .starter: exercise.starter
            case let .mutant(url, _, _): url
            case let .correct(url): url
            }
        }
    }

    private func grade(_ job: Job, graders: [Grader]) throws -> GradingReport {
        let file = job.file(in: exercise)
        let grader: Grader
        if case let .reference(policy, _) = job { grader = graders[policy] } else { grader = graders[0] }
        if case let .mutant(_, _, source) = job { return try grader.grade(file: source, displayPath: file.path) }
        return try grader.grade(file: file, displayPath: file.path)
    }

    private func record(_ report: GradingReport, of job: Job, into found: inout ExerciseVerification, testNames: Set<String>) {
        let file = job.file(in: exercise).path
        if report.status == .error {
            let first = report.compilerMessage?.split(separator: "\n").first.map(String.init) ?? "no compiler output"
            found.problems.append(.init(file, "does not compile: \(first)"))
            return
        }
        let failed = Set(report.tests.filter { $0.status != .pass }.map(\.name))
        switch job {
        case let .reference(policy, run):
            for test in report.tests where test.status != .pass {
                found.problems.append(.init(file, "the reference fails \(test.name) under the engine's \(Self.policies[policy]) policy (run \(run) of \(runs)): \(test.message ?? test.status.rawValue)"))
            }
            for test in report.tests where test.durationMilliseconds > (found.slowestTest?.milliseconds ?? -1) {
                found.slowestTest = .init(name: test.name, milliseconds: test.durationMilliseconds)
            }
        case .correct:
            for test in report.tests where test.status != .pass {
                found.problems.append(.init(file, "this correct solution fails \(test.name): \(test.message ?? test.status.rawValue)"))
            }
        case .starter:
            if failed.isEmpty { found.problems.append(.init(file, "the starter already passes every test; a learner would have nothing to do")) }
        case let .mutant(_, expected, _):
            found.mutantCount += 1
            guard let expected, !expected.isEmpty else {
                found.problems.append(.init(file + ":1", "no '// expect: fail TEST…' header naming the tests this mutant must fail"))
                return
            }
            let unknown = expected.filter { !testNames.contains($0) }
            let missed = expected.filter { testNames.contains($0) && !failed.contains($0) }
            for name in unknown { found.problems.append(.init(file + ":1", "the header names '\(name)', which is not a test of \(exercise.name)")) }
            if !missed.isEmpty { found.problems.append(.init(file, "the mutant passes \(missed.joined(separator: ", ")), which its header says it fails")) }
            if unknown.isEmpty && missed.isEmpty { found.mutantsCaught += 1 }
        }
    }

    /// Each test's point and lesson, and each point's hint.
    private func checkMetadata(_ tests: [HiddenTestInfo]) -> [ExerciseVerification.Problem] {
        var problems: [ExerciseVerification.Problem] = []
        let readme = (try? String(contentsOf: exercise.readme, encoding: .utf8)) ?? ""
        let points = ExerciseContent.contractPoints(inReadme: readme)
        if points.isEmpty { problems.append(.init(exercise.readme.path, "no numbered contract points (a '## The contract' section with '1. …' items)")) }
        let testFiles = HarnessLayout.swiftFiles(in: exercise.testsDirectory)
        for test in tests {
            let place = HarnessBuilder.firstMention(of: "\"\(test.name)\"", in: testFiles) ?? exercise.testsDirectory.path
            if let point = test.point {
                if !points.contains(point) { problems.append(.init(place, "\(test.name) checks contract point \(point), which README.md does not have")) }
            } else {
                problems.append(.init(place, "\(test.name) names no contract point (add 'point: N')"))
            }
            if !lessons.contains(test.lesson) { problems.append(.init(place, "\(test.name) names lesson '\(test.lesson)', which the course does not have")) }
            // A learner reads the contract, not the tests: a test the README never names
            // checks something the learner was not told is checked (a blind round found one).
            if !readme.contains("`\(test.name)`") {
                problems.append(.init(place, "README.md never names \(test.name); list it in the brackets of contract point \(test.point.map(String.init) ?? "?")"))
            }
        }
        for point in points.sorted() where !tests.contains(where: { $0.point == point }) {
            problems.append(.init(exercise.readme.path, "contract point \(point) has no hidden test"))
        }
        let hints = (try? String(contentsOf: exercise.hints, encoding: .utf8)).map(ExerciseContent.hintNumbers(in:))
        if let hints {
            for point in points.sorted() where !hints.contains(point) {
                problems.append(.init(exercise.hints.path, "no hint for contract point \(point)"))
            }
        } else {
            problems.append(.init(exercise.hints.path, "missing; give one numbered hint per contract point"))
        }
        for lesson in exercise.manifest.lessons where !lessons.contains(lesson) {
            problems.append(.init(exercise.directory.appendingPathComponent("exercise.toml").path, "lesson '\(lesson)' is not in the course"))
        }
        if !FileManager.default.fileExists(atPath: exercise.starter.path) {
            problems.append(.init(exercise.starter.path, "missing; every exercise needs a starter"))
        }
        return problems
    }

    /// The contract-point list, checked against the README, the tests and the mutants
    /// present; nil when it is missing or does not parse (a problem either way).
    private func readContractPoints(_ found: inout ExerciseVerification, tests: [HiddenTestInfo]) -> ContractPoints? {
        let file = exercise.gradingDirectory.appendingPathComponent(ContractPoints.fileName)
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            found.problems.append(.init(file.path, "missing: list each sentence of the README's contract that a solution could break, with the tests that catch it and a mutant that breaks only it ('POINT | \"sentence\" | tests | mutants')"))
            return nil
        }
        let list: ContractPoints
        do {
            list = try ContractPoints(parsing: text)
        } catch {
            found.problems.append(.init("\(file.path):\(error.line)", error.message))
            return nil
        }
        let readme = (try? String(contentsOf: exercise.readme, encoding: .utf8)) ?? ""
        let points = ExerciseContent.contractPoints(inReadme: readme)
        let flatReadme = ContractPoints.normalized(readme)
        let testPoints = Dictionary(tests.map { ($0.name, $0.point) }, uniquingKeysWith: { first, _ in first })
        let mutantNames = Set(ExerciseMutants(exercise: exercise).files.filter { $0.pathExtension == ExerciseMutants.fileExtension }.map { $0.deletingPathExtension().lastPathComponent })
        for entry in list.entries {
            let place = "\(file.path):\(entry.line)"
            if !points.contains(entry.point) { found.problems.append(.init(place, "README.md has no contract point \(entry.point)")) }
            if !flatReadme.contains(ContractPoints.normalized(entry.sentence)) {
                found.problems.append(.init(place, "README.md does not say \"\(entry.sentence.prefix(60))\" (quote the contract's words exactly; ** and line breaks do not matter)"))
            }
            if entry.tests.isEmpty { found.problems.append(.init(place, "names no test that catches this sentence")) }
            for test in entry.tests where testPoints[test] == nil {
                found.problems.append(.init(place, "'\(test)' is not a test of \(exercise.name)"))
            }
            if entry.mutants.isEmpty { found.problems.append(.init(place, "names no mutant that breaks this sentence: add one to .grading/Mutants")) }
            for mutant in entry.mutants where !mutantNames.contains(mutant) {
                found.problems.append(.init(place, "no mutant '\(mutant).diff' in .grading/Mutants"))
            }
        }
        for point in points.sorted() where !list.entries.contains(where: { $0.point == point }) {
            found.problems.append(.init(file.path, "contract point \(point) has no entry: list its sentences, their tests and their mutants"))
        }
        return list
    }

    /// Each listed mutant must fail at least one of the tests listed beside it.
    private func checkKills(_ list: ContractPoints, failedByMutant: [String: Set<String>]) -> [ExerciseVerification.Problem] {
        let file = exercise.gradingDirectory.appendingPathComponent(ContractPoints.fileName).path
        var problems: [ExerciseVerification.Problem] = []
        for entry in list.entries {
            for mutant in entry.mutants {
                guard let failed = failedByMutant[mutant] else { continue }   // missing, or reported already
                if failed.isDisjoint(with: entry.tests) {
                    problems.append(.init("\(file):\(entry.line)", "the mutant \(mutant) survives the tests listed for this sentence (\(entry.tests.joined(separator: ", "))): it fails \(failed.isEmpty ? "no test" : failed.sorted().joined(separator: ", "))"))
                }
            }
        }
        return problems
    }

    private func mutants() -> [(url: URL, expected: [String]?)] {
        ExerciseMutants(exercise: exercise).files.map { url in
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            return (url, ExerciseContent.expectedFailures(inMutant: text))
        }
    }
}
