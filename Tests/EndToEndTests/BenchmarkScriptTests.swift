import Foundation
import Testing
import TutorTestSupport

/// The scripts that build the benchmarks' classes, run for real: they read the course's
/// files, whose layout moves on (mutants became patches, and the scripts still globbed
/// whole files for months of commits, so every class benchmark failed at its first step).
@Suite struct BenchmarkScriptTests {
    @Test func makeClassBuildsEveryStudentFromAFixtureOrAMutant() throws {
        let work = try Cachetutor.temporaryFolder("make-class")
        defer { try? FileManager.default.removeItem(at: work) }
        let script = Cachetutor.packageRoot.appendingPathComponent("Benchmarks/make-class.sh")
        let finished = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path, work.path, "40"],
                                            environment: ["PATH": "/usr/bin:/bin", "CACHETUTOR": Cachetutor.binary.path], deadline: 120)
        #expect(finished.status == 0, "\(finished.stderr)")
        let manifest = try String(contentsOf: work.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        let rows = manifest.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.count == 40)
        for row in rows {
            #expect(row.count == 3 && !row[2].isEmpty, "a student without an expected verdict: \(row)")
        }
        let mutants = rows.filter { $0[1].hasPrefix("mutants/") }
        #expect(!mutants.isEmpty && mutants.allSatisfy { $0[2].hasPrefix("fail ") }, "\(mutants)")
        let student = work.appendingPathComponent("class/student-40/ThumbnailCache.swift")
        #expect(try String(contentsOf: student, encoding: .utf8).contains("final class ThumbnailCache"))
    }

    @Test func makeCourseBuildsTwoExercisesWithHistories() throws {
        let work = try Cachetutor.temporaryFolder("make-course")
        defer { try? FileManager.default.removeItem(at: work) }
        let script = Cachetutor.packageRoot.appendingPathComponent("Benchmarks/make-course.sh")
        let finished = try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path, work.path],
                                            environment: ["PATH": "/usr/bin:/bin", "CACHETUTOR": Cachetutor.binary.path], deadline: 120)
        #expect(finished.status == 0, "\(finished.stderr)")
        let bob = try String(contentsOf: work.appendingPathComponent("profiles/bob/ProfileStore.swift"), encoding: .utf8)
        #expect(bob.contains("ProfileStore"))
    }
}
