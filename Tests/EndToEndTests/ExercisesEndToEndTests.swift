import Foundation
import Testing

/// `cachetutor exercises verify`, `solution` and `check`'s choice of exercise, on the built
/// binary and a copy of the course's ThumbnailCache exercise.
@Suite(.serialized) struct ExercisesEndToEndTests {
    /// A course holding the real lessons and a copy of ThumbnailCache, changed by `edit`.
    func course(_ edit: (URL) throws -> Void = { _ in }) throws -> URL {
        let root = try Cachetutor.temporaryFolder("verify")
        let manager = FileManager.default
        for folder in ["Lessons", "Quizzes"] {
            try manager.copyItem(at: Cachetutor.packageRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        try manager.createDirectory(at: root.appendingPathComponent("Exercises"), withIntermediateDirectories: true)
        let exercise = root.appendingPathComponent("Exercises/ThumbnailCache")
        try manager.copyItem(at: Cachetutor.packageRoot.appendingPathComponent("Exercises/ThumbnailCache"), to: exercise)
        // The mutants the contract-point list names are enough to show they run; the full
        // set is the corpus's.
        let mutants = exercise.appendingPathComponent(".grading/Mutants")
        let named = Self.listedMutants(of: exercise)
        for name in try manager.contentsOfDirectory(atPath: mutants.path) where !named.contains(name) {
            try manager.removeItem(at: mutants.appendingPathComponent(name))
        }
        try edit(exercise)
        return root
    }

    /// The mutant files `.grading/ContractPoints.txt` names (its last column).
    static func listedMutants(of exercise: URL) -> Set<String> {
        let list = (try? String(contentsOf: exercise.appendingPathComponent(".grading/ContractPoints.txt"), encoding: .utf8)) ?? ""
        return Set(list.split(separator: "\n").filter { !$0.hasPrefix("#") }.flatMap { line in
            (line.split(separator: "|").last ?? "").split(separator: " ").map { "\($0).diff" }
        })
    }

    @Test func theCourseExerciseVerifies() throws {
        let root = try course()
        let kept = Self.listedMutants(of: root.appendingPathComponent("Exercises/ThumbnailCache")).count
        let result = try Cachetutor.run(["exercises", "verify", "--runs", "1", "--course", root.path], home: root.appendingPathComponent("home"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ThumbnailCache  20     \(kept)/\(kept)"), "\(result.stdout)")
    }

    @Test func aStarterThatAlreadyPassesAndABrokenMutantAreRefused() throws {
        let root = try course { exercise in
            let reference = exercise.appendingPathComponent(".grading/Reference/ThumbnailCache.swift")
            try FileManager.default.removeItem(at: exercise.appendingPathComponent("ThumbnailCache.swift"))
            try FileManager.default.copyItem(at: reference, to: exercise.appendingPathComponent("ThumbnailCache.swift"))
            // A change to a comment only: no bug at all.
            try Data("""
                // expect: fail uses_nscache no_such_test
                // why: not a bug
                --- Reference/ThumbnailCache.swift
                +++ Mutants/99-not-a-bug.diff
                @@ -1,2 +1,2 @@
                -// The reference solution of the ThumbnailCache exercise; `cachetutor exercises solution
                +// A copy of the reference solution of the ThumbnailCache exercise; `cachetutor exercises solution
                 // ThumbnailCache` shows it once a learner has passed. Each comment names the contract point

                """.utf8).write(to: exercise.appendingPathComponent(".grading/Mutants/99-not-a-bug.diff"))
            // A patch whose lines the reference no longer has.
            try Data("""
                // expect: fail uses_nscache
                // why: refers to a line that is gone
                --- Reference/ThumbnailCache.swift
                +++ Mutants/98-stale.diff
                @@ -40 +40 @@
                -        if let nowhere = thisLineIsNotInTheReference {
                +        if let nowhere = norIsThisOne {

                """.utf8).write(to: exercise.appendingPathComponent(".grading/Mutants/98-stale.diff"))
            // A listed mutant that survives its tests, and a quote the README does not have.
            let list = exercise.appendingPathComponent(".grading/ContractPoints.txt")
            let entries = try String(contentsOf: list, encoding: .utf8)
                + "4 | \"Storing under one key never changes what another key returns.\" | keys_are_isolated | 99-not-a-bug\n"
                + "4 | \"Keys are hashed twice.\" | keys_are_isolated | 17-keys-lowercased\n"
            try Data(entries.utf8).write(to: list)
        }
        let result = try Cachetutor.run(["exercises", "verify", "--runs", "1", "--course", root.path], home: root.appendingPathComponent("home"))
        #expect(result.status == 65)
        #expect(result.stderr.contains("Exercises/ThumbnailCache/ThumbnailCache.swift: the starter already passes every test"))
        #expect(result.stderr.contains("99-not-a-bug.diff:1: the header names 'no_such_test', which is not a test of ThumbnailCache"), "\(result.stderr)")
        #expect(result.stderr.contains("99-not-a-bug.diff: the mutant passes uses_nscache"))
        #expect(result.stderr.contains("98-stale.diff:5: the patch no longer applies"), "\(result.stderr)")
        #expect(result.stderr.contains("ContractPoints.txt:"), "\(result.stderr)")
        #expect(result.stderr.contains("the mutant 99-not-a-bug survives the tests listed for this sentence (keys_are_isolated)"), "\(result.stderr)")
        #expect(result.stderr.contains("README.md does not say \"Keys are hashed twice.\""), "\(result.stderr)")
        // The listed mutants are caught; 99-not-a-bug is not, and 98-stale does not apply.
        let kept = Self.listedMutants(of: Cachetutor.packageRoot.appendingPathComponent("Exercises/ThumbnailCache")).count
        #expect(result.stdout.contains("\(kept)/\(kept + 2)"), "\(result.stdout)")
    }

    @Test func aTestWithoutAPointOrWithAnUnknownLessonIsNamedWithItsLine() throws {
        let root = try course { exercise in
            let tests = exercise.appendingPathComponent(".grading/Tests/ThumbnailCacheTests.swift")
            let text = try String(contentsOf: tests, encoding: .utf8)
                .replacingOccurrences(of: "point: 2, lesson: \"04-cost\"", with: "point: 12, lesson: \"04-costs\"")
            try text.write(to: tests, atomically: true, encoding: .utf8)
            let readme = exercise.appendingPathComponent("README.md")
            try String(contentsOf: readme, encoding: .utf8).replacingOccurrences(of: "`hit_skips_generator`", with: "`hit_skips`")
                .write(to: readme, atomically: true, encoding: .utf8)
        }
        let result = try Cachetutor.run(["exercises", "verify", "--runs", "1", "--course", root.path], home: root.appendingPathComponent("home"))
        #expect(result.status == 65)
        #expect(result.stderr.contains("ThumbnailCacheTests.swift:9: cost_limit_20mb checks contract point 12, which README.md does not have"))
        #expect(result.stderr.contains("ThumbnailCacheTests.swift:9: cost_limit_20mb names lesson '04-costs', which the course does not have"))
        #expect(result.stderr.contains("README.md: contract point 2 has no hidden test"))
        #expect(result.stderr.contains("README.md never names hit_skips_generator; list it in the brackets of contract point"), "\(result.stderr)")
    }

    @Test func theSolutionOpensOnlyAfterAPass() throws {
        let root = try course()
        let home = root.appendingPathComponent("home")
        let closed = try Cachetutor.run(["exercises", "solution", "ThumbnailCache", "--course", root.path], home: home)
        #expect(closed.status == 1)
        #expect(closed.stdout.contains("opens once a check of yours passes every test"))
        #expect(!closed.stdout.contains("NSCache<NSString, UIImage>"))

        let reference = root.appendingPathComponent("Exercises/ThumbnailCache/.grading/Reference/ThumbnailCache.swift")
        let work = root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: reference, to: work.appendingPathComponent("mine.swift"))
        let check = try Cachetutor.run(["check", "mine.swift", "--course", root.path], home: home, workingDirectory: work)
        #expect(check.status == 0, "a file named mine.swift is checked as the exercise whose type it declares")
        #expect(check.stdout.contains("cachetutor exercises solution ThumbnailCache"))

        let open = try Cachetutor.run(["exercises", "solution", "ThumbnailCache", "--course", root.path], home: home)
        #expect(open.status == 0)
        #expect(open.stdout.contains("NSCache<NSString, UIImage>"))
        let listed = try Cachetutor.run(["exercises", "--course", root.path], home: home)
        #expect(listed.stdout.contains("ThumbnailCache  passed on"))
    }
}

/// `lessons --lint` runs each Swift try-it step's answer in the sandbox.
@Suite struct SwiftStepLintEndToEndTests {
    @Test func anAnswerThatMissesItsConditionsIsNamedWithItsLine() throws {
        let root = try Cachetutor.temporaryFolder("swift-lint")
        for folder in ["Lessons", "Quizzes", "Exercises"] {
            try FileManager.default.copyItem(at: Cachetutor.packageRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        let lesson = root.appendingPathComponent("Lessons/03-count-limits.md")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        let broken = text.replacingOccurrences(of: "users.countLimit = 3\nfor number", with: "users.countLimit = 0\nfor number")
        #expect(broken != text)
        try broken.write(to: lesson, atomically: true, encoding: .utf8)
        let result = try Cachetutor.run(["lessons", "--lint", root.path], home: root.appendingPathComponent("home"))
        #expect(result.status == 65)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("03-count-limits.md") })
        #expect(line.contains("its Swift answer does not meet 'evictions by count >= 1'"), "\(line)")
    }
}

/// `grade --exercise NAME` on an exercise other than ThumbnailCache.
@Suite struct GradeOtherExerciseEndToEndTests {
    @Test func aClassIsGradedOnProfileStore() throws {
        let root = try Cachetutor.temporaryFolder("grade-profiles")
        let exercise = Cachetutor.packageRoot.appendingPathComponent("Exercises/ProfileStore")
        let mutant = try #require(try FileManager.default.contentsOfDirectory(atPath: exercise.appendingPathComponent(".grading/Mutants").path).sorted().first)
        let mutantSource = try Cachetutor.mutantSource("ProfileStore", mutant)
        for (student, source) in [("alice", ".grading/Reference/ProfileStore.swift"), ("bob", mutant), ("carol", "ProfileStore.swift")] {
            let folder = root.appendingPathComponent("class/\(student)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let target = folder.appendingPathComponent("ProfileStore.swift")
            if source == mutant {
                try Data(mutantSource.utf8).write(to: target)
            } else {
                try FileManager.default.copyItem(at: exercise.appendingPathComponent(source), to: target)
            }
        }
        let result = try Cachetutor.run(
            ["grade", "class", "--exercise", "ProfileStore", "--format", "csv", "--gradebook", "book.sqlite3"],
            home: root.appendingPathComponent("home"), workingDirectory: root
        )
        #expect(result.status == 1, "\(result.stderr)")
        let rows = result.stdout.split(whereSeparator: \.isNewline).map(String.init)
        let alice = try #require(rows.first { $0.hasPrefix("alice,") }, "\(result.stdout)\n\(result.stderr)")
        let bob = try #require(rows.first { $0.hasPrefix("bob,") })
        #expect(alice.hasPrefix("alice,23,23,100,pass,"), "\(rows)")
        #expect(!bob.contains(",pass,"), "\(rows)")
        #expect(rows.contains { $0.hasPrefix("carol,") })
    }
}
