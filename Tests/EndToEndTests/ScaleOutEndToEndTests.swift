import Foundation
import Testing
import TutorTestSupport

/// Whether the environment asks to skip the scheduler recipes (`CACHETUTOR_SKIP_SCHEDULERS=1`).
private let schedulersSkipped = ProcessInfo.processInfo.environment["CACHETUTOR_SKIP_SCHEDULERS"] == "1"

/// The instructors' guide's recipes for grading a course in shards (docs/instructors.md),
/// run for real: its Slurm job array
/// on a single-node Slurm started for the test, and its GNU parallel line on this machine.
/// Each must give, once merged, the CSV that one `grade` of the same class gives.
///
/// Where Slurm or GNU parallel is missing or cannot start, the test fails with the reason
/// (`.ci/run` installs both). `CACHETUTOR_SKIP_SCHEDULERS=1` skips them on a machine that
/// cannot run daemons; a skip is then said in the test output, never silent.
@Suite(.serialized, .disabled(if: schedulersSkipped, "CACHETUTOR_SKIP_SCHEDULERS=1: the Slurm and GNU parallel recipes are not run"))
struct ScaleOutEndToEndTests {
    /// A class of four (two correct, one buggy, one that does not compile) and a weights file.
    struct ShardedClass {
        let root: URL

        init() throws {
            root = try Cachetutor.temporaryFolder("scale-out")
            let folder = root.appendingPathComponent("submissions")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("bob"), withIntermediateDirectories: true)
            try Data(GradeClassFolder.correct.utf8).write(to: folder.appendingPathComponent("alice.swift"))
            try Data(GradeClassFolder.correctAsync.utf8).write(to: folder.appendingPathComponent("bob/ThumbnailCache.swift"))
            try Data(GradeClassFolder.wrongCost.utf8).write(to: folder.appendingPathComponent("carol.swift"))
            try Data(GradeClassFolder.compileError.utf8).write(to: folder.appendingPathComponent("dave.swift"))
            try Data("* = 1\ncost_whole_sizes = 4\nconcurrent_access = 3\n".utf8).write(to: root.appendingPathComponent("weights.txt"))
            for name in ["logs", "results"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
            }
        }

        /// The environment the recipes run in: the built binary first on the `PATH`, the user's harness cache.
        var environment: [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = Cachetutor.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
            environment["CACHETUTOR_HOME"] = root.appendingPathComponent("home").path
            environment["HOME"] = root.path
            environment["XDG_CACHE_HOME"] = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache").path
            environment["NO_COLOR"] = "1"
            return environment
        }

        /// One `grade` of the whole class on this machine, as CSV, with `arguments` added.
        func singleMachineCSV(_ arguments: [String] = []) throws -> String {
            let whole = try ChildProcess.run(Cachetutor.binary, ["grade", "submissions", "--gradebook", "single.sqlite3", "--format", "csv"] + arguments,
                                             environment: environment, workingDirectory: root, deadline: 300)
            #expect(whole.status == 1, "\(whole.stderr)")
            return whole.stdout
        }

        func text(_ path: String) -> String {
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        }

        func write(_ text: String, to path: String) throws {
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    /// The guide that holds the recipes.
    static var guide: String {
        get throws { try String(contentsOf: Cachetutor.packageRoot.appendingPathComponent("docs/instructors.md"), encoding: .utf8) }
    }

    /// The guide's fenced code block that holds `marker`.
    static func guideBlock(containing marker: String) throws -> String {
        // Fences are lines that start with three backticks; the text between two is a block.
        var blocks: [String] = [], current: [String]?
        for line in try guide.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let lines = current { blocks.append(lines.joined(separator: "\n") + "\n") }
                current = current == nil ? [] : nil
            } else {
                current?.append(line)
            }
        }
        guard let block = blocks.first(where: { $0.contains(marker) }) else {
            Issue.record("docs/instructors.md has no code block holding \(marker)")
            return ""
        }
        return block
    }

    static var clusterScript: URL {
        Cachetutor.packageRoot.appendingPathComponent("Tests/EndToEndTests/Support/slurm-cluster.sh")
    }

    @Test func theGuidesSlurmJobArrayAndMergeGiveWhatOneMachineGives() throws {
        let course = try ShardedClass()
        defer { course.remove() }
        let grading = try Self.guideBlock(containing: "#SBATCH --array")
        let merging = try Self.guideBlock(containing: "cachetutor grade --merge results/")
        #expect(grading.contains("cachetutor grade submissions/") && merging.contains("set -euo pipefail"))
        try course.write(grading, to: "grade.sh")
        try course.write(merging, to: "merge.sh")

        let cluster = course.root.appendingPathComponent("cluster")
        let bash = URL(fileURLWithPath: "/bin/bash")
        let started = try ChildProcess.run(bash, [Self.clusterScript.path, "start", cluster.path], environment: course.environment, deadline: 60)
        defer { _ = try? ChildProcess.run(bash, [Self.clusterScript.path, "stop", cluster.path], environment: course.environment, deadline: 60) }
        try #require(started.status == 0, "Slurm could not start: \(started.stderr)")

        var environment = course.environment
        environment["SLURM_CONF"] = cluster.appendingPathComponent("slurm.conf").path
        func slurm(_ arguments: [String]) throws -> String {
            let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments, environment: environment, workingDirectory: course.root, deadline: 60)
            try #require(run.status == 0, "\(arguments.joined(separator: " ")) failed: \(run.stderr)")
            return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let array = try slurm(["sbatch", "--parsable", "grade.sh"])
        let merge = try slurm(["sbatch", "--parsable", "--dependency=afterany:\(array)", "merge.sh"])

        // Wait for the merge job, which starts once every task of the array has ended.
        let deadline = Date().addingTimeInterval(600)
        var state = ""
        while Date() < deadline {
            let job = try slurm(["scontrol", "show", "job", merge])
            state = job.components(separatedBy: .whitespaces).first { $0.hasPrefix("JobState=") }.map { String($0.dropFirst(9)) } ?? ""
            if ["COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY"].contains(state) {
                #expect(job.contains("ExitCode=0:0"), "the merge job ended with \(job)")
                break
            }
            Thread.sleep(forTimeInterval: 0.5)
        }
        #expect(state == "COMPLETED", "the merge job is \(state); its log: \(course.text("logs/merge.log"))")
        let tasks = try FileManager.default.contentsOfDirectory(atPath: course.root.appendingPathComponent("logs").path).filter { $0.hasPrefix("grade-") }
        #expect(tasks.count == 8, "array task logs: \(tasks)")
        #expect(course.text("results/grades.csv") == (try course.singleMachineCSV(["--weights", "weights.txt"])), "merge log: \(course.text("logs/merge.log"))")
        // The merge script goes on past its first report: merging exits 0 although students failed.
        #expect(course.text("results/class.html").contains("<table class=\"class\">"))
    }

    @Test func theGuidesGNUParallelLineGivesWhatOneMachineGives() throws {
        let course = try ShardedClass()
        defer { course.remove() }
        guard let line = try Self.guide.components(separatedBy: "`").first(where: { $0.hasPrefix("parallel -S ") }) else {
            Issue.record("docs/instructors.md has no GNU parallel line")
            return
        }
        // The hosts become this machine (`:` is GNU parallel's name for it); everything else is the guide's.
        var words = line.components(separatedBy: " ")
        let hosts = try #require(words.firstIndex(of: "-S").map { $0 + 1 })
        words[hosts] = ":"
        // GNU parallel exits with the number of shards that exited non-zero, and a shard exits 1
        // when one of its students failed (or it had none), so its own status says little:
        // its job log gives each shard's status, which must be 0 or 1 (graded), never a signal.
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                       ["bash", "-c", "parallel --will-cite --joblog shards.log " + words.dropFirst().joined(separator: " ")],
                                       environment: course.environment, workingDirectory: course.root, deadline: 600)
        let log = course.text("shards.log").split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(log.count == 4, "GNU parallel could not run the shards (exit \(run.status)): \(run.stderr)\n\(course.text("shards.log"))")
        for job in log {
            #expect(job.count > 7 && ["0", "1"].contains(job[6]) && job[7] == "0", "a shard did not grade: \(job.joined(separator: " ")); \(run.stderr)")
        }
        #expect(run.status == Int32(log.filter { $0.count > 6 && $0[6] == "1" }.count), "GNU parallel's status is not its count of shards that exited 1")
        let merged = try ChildProcess.run(Cachetutor.binary, ["grade", "--merge"] + (1 ... 4).map { "gradebook-shard-\($0)-of-4.sqlite3" } + ["--gradebook", "course.sqlite3", "--format", "csv"],
                                          environment: course.environment, workingDirectory: course.root, deadline: 120)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == (try course.singleMachineCSV()))
    }
}
