import Foundation
import Testing
import TutorTestSupport

/// The red-team fixtures (hostile 24 onward and the forging ones before) under the other
/// ways the grader can confine a test: the runner's own namespaces, and a host that refuses
/// user namespaces altogether, where `check` falls back to limits only, must say so, and
/// `grade` must refuse unless told `--allow-unisolated`.
///
/// `CheckCorpusTests.fixtureGetsItsVerdict` already runs every fixture under the default
/// mechanism with canary files planted and the loopback listener open.
@Suite(.serialized) struct RedTeamTests {
    /// The start of `check`'s warning when tests ran with less than full isolation.
    static let isolationWarning = "tests ran without"

    /// Fixtures that implement nothing and leave in init after their attack: no test may pass,
    /// whichever way the test is confined.
    static let attackOnlyNames = [
        "24-steals-secret-via-proc-self-mem-filehandle.swift",
        "29-reflects-into-closures-with-mirror.swift",
        "43-reads-other-processes-memory.swift",
        "44-hunts-planted-files.swift",
        "45-connects-to-loopback.swift",
        "46-forges-guessed-secrets-then-exits.swift",
        "47-stops-and-kills-the-grader.swift",
        "49-reads-its-channel-through-proc.swift",
        "50-loads-native-code-through-bundle.swift",
        "55-forks-and-fills-dev-shm.swift",
        "56-forges-a-string-through-a-data-race.swift",
        "61-prints-a-race-report-with-a-huge-offset.swift",
        "87-diverts-the-channel-to-read-a-record.swift",
    ]

    static let attackOnly: [SubmissionFixture] = CheckCorpusTests.fixtures.filter {
        $0.category == "hostile" && attackOnlyNames.contains($0.name)
    }

    static let available = CheckCorpusTests.checkUnavailable == nil

    @Test func redTeamFixturesAreInTheCorpus() {
        let names = Set(CheckCorpusTests.fixtures.filter { $0.category == "hostile" }.map(\.name))
        for name in Self.attackOnlyNames {
            #expect(names.contains(name), "hostile/\(name) is missing")
        }
        // Every red-team fixture from 24 on that compiles must promise that nothing passes.
        for fixture in CheckCorpusTests.fixtures where fixture.category == "hostile" && fixture.name >= "24" {
            switch fixture.expectation {
            case .error: break
            case let .fail(names): #expect(Set(names) == CheckCorpusTests.testNames, "\(fixture) implements nothing, so it must fail every test")
            default: Issue.record("\(fixture): a red-team fixture expects error or the failure of every test")
            }
        }
    }

    /// The runner's own namespaces must hold every attack the way bubblewrap does.
    @Test(.enabled(if: available, "\(CheckCorpusTests.checkUnavailable ?? "")"), arguments: attackOnly)
    func attackFailsUnderOwnNamespaces(_ fixture: SubmissionFixture) throws {
        let run = try CorpusRun(fixture: fixture, deadline: CheckCorpusTests.deadline, sandbox: "namespaces")
        defer { run.cleanUp() }
        try expectNothingPassed(fixture, run)
        let result = run.result
        #expect(!result.stderr.contains(Self.isolationWarning), "\(fixture): the runner's own namespaces did not isolate fully: \(result.stderr.prefix(400))")
        #expect(!result.stdout.contains(run.planted.token) && !result.stderr.contains(run.planted.token),
                "\(fixture): a file planted outside the sandbox shows in the report under namespaces")
        #expect(run.connectionsMade == 0, "\(fixture): a test reached the host's loopback under namespaces")
        #expect(!result.stdout.contains(run.canary), "\(fixture): the learner's environment leaked under namespaces")
    }

    /// Where user namespaces are refused, `check` still runs, warns, and passes nothing hostile.
    @Test(.enabled(if: available && NoUserNamespaces.unavailable == nil,
                   "\(CheckCorpusTests.checkUnavailable ?? NoUserNamespaces.unavailable ?? "")"),
          arguments: attackOnly)
    func attackFailsWithoutUserNamespaces(_ fixture: SubmissionFixture) throws {
        let run = try CorpusRun(fixture: fixture, deadline: CheckCorpusTests.deadline,
                                wrapper: [NoUserNamespaces.python, NoUserNamespaces.script])
        defer { run.cleanUp() }
        try expectNothingPassed(fixture, run)
        #expect(run.result.stderr.contains(Self.isolationWarning),
                "\(fixture): check ran without user namespaces but did not warn: \(run.result.stderr.prefix(600))")
    }

    /// Where user namespaces are refused, `grade` refuses with the remedy, or grades with
    /// `--allow-unisolated` and says so in its report.
    @Test(.enabled(if: available && NoUserNamespaces.unavailable == nil,
                   "\(CheckCorpusTests.checkUnavailable ?? NoUserNamespaces.unavailable ?? "")"))
    func gradeRefusesWithoutUserNamespaces() throws {
        let folder = try Cachetutor.temporaryFolder("redteam-grade")
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("home"), classFolder = folder.appendingPathComponent("class")
        let student = classFolder.appendingPathComponent("mallory")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: student, withIntermediateDirectories: true)
        let fixture = try #require(Self.attackOnly.first { $0.name.hasPrefix("46-") })
        try fixture.contents.write(to: student.appendingPathComponent("ThumbnailCache.swift"))

        let inherited = ProcessInfo.processInfo.environment
        let environment = [
            "PATH": inherited["PATH"] ?? "/usr/bin:/bin", "HOME": home.path, "CACHETUTOR_HOME": home.path,
            "XDG_CACHE_HOME": inherited["XDG_CACHE_HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache").path,
            "NO_COLOR": "1", "COLUMNS": "80", "LC_ALL": "C.UTF-8",
        ]
        let wrapper = [NoUserNamespaces.script.path, Cachetutor.binary.path]
        let refused = try ChildProcess.run(NoUserNamespaces.python, wrapper + ["grade", classFolder.path],
                                         environment: environment, workingDirectory: folder, deadline: CheckCorpusTests.deadline)
        #expect(refused.status == 70, "grade without isolation: exit \(refused.status)\n\(refused.stderr.prefix(800))")
        #expect(refused.stderr.contains("bubblewrap") && refused.stderr.contains("sysctl"),
                "the refusal should name bubblewrap and the sysctl remedy: \(refused.stderr.prefix(800))")

        let allowed = try ChildProcess.run(NoUserNamespaces.python, wrapper + ["grade", classFolder.path, "--allow-unisolated"],
                                         environment: environment, workingDirectory: folder, deadline: CheckCorpusTests.deadline)
        #expect(!allowed.timedOut && allowed.status != 70, "grade --allow-unisolated still refused: exit \(allowed.status)\n\(allowed.stderr.prefix(800))")
        // Reports wrap to the terminal's width: compare the words.
        let everything = (allowed.stdout + allowed.stderr).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(everything.contains("graded without user, pid, network, filesystem, noexec isolation (--allow-unisolated)"),
                "the report should say the class was graded without full isolation:\n\(everything.prefix(1200))")
        let full = "\(CheckCorpusTests.testNames.count)/\(CheckCorpusTests.testNames.count)"
        #expect(!everything.contains(full), "a hostile submission scored full marks:\n\(everything.prefix(1200))")
    }

    private func expectNothingPassed(_ fixture: SubmissionFixture, _ run: CorpusRun) throws {
        let result = run.result
        let context = "\(fixture): exit \(result.status) after \(String(format: "%.1f", result.seconds)) s\nstderr: \(result.stderr.prefix(600))\nstdout: \(result.stdout.prefix(600))"
        #expect(!result.timedOut, "check did not end: \(context)")
        #expect(result.status != 0, "a hostile fixture passed: \(context)")
        // A grader that cannot start its runner refuses the whole check (exit 70): no pass, but
        // no verdict either; say so plainly instead of failing on a missing report.
        if result.status == 70 {
            Issue.record("\(fixture): the grader refused to run the check (exit 70): \(result.stderr.prefix(300))")
            return
        }
        let report = try #require(CheckJSON.decode(result.stdout), "no JSON report: \(context)")
        let passing = report.tests.filter { $0.status == "pass" }.map(\.name)
        #expect(passing.isEmpty, "\(fixture) implements nothing but passed \(passing.sorted())")
        #expect(run.lingering.isEmpty, "\(fixture): processes outlived the check: \(run.lingering.map(\.commandLine))")
    }
}
