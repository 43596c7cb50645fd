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
            if request.arguments == ["--list"] {
                return ProcessOutcome(termination: .exited(0), output: Array(#"[{"name":"only","summary":"s","lesson":"01-why-cache"}]"#.utf8))
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
        for file in ["Sources/CacheEngine/Cache.swift", "Sources/Harness/UIKit/UIImage.swift", "Sources/Harness/Runtime/Main.swift",
                     "Sources/Harness/ThumbnailCache/Tests/Tests.swift", "Sources/Harness/ThumbnailCache/Prelude.swift",
                     "Sources/Harness/ThumbnailCache/Reference/ThumbnailCache.swift"] {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("// \(file)\n".utf8).write(to: url)
        }
        return root
    }

    func builder(root: URL, runner: FakeCompiler) -> HarnessBuilder {
        HarnessBuilder(
            layout: HarnessLayout(root: root, exercise: "ThumbnailCache"),
            toolchain: Toolchain(swiftc: URL(fileURLWithPath: "/usr/bin/swiftc"), fingerprint: "test"),
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

    @Test func anyChangeToASourceGivesANewKey() throws {
        let root = try makeSources()
        defer { try? FileManager.default.removeItem(at: root) }
        let before = try builder(root: root, runner: FakeCompiler()).identity()
        try Data("// changed\n".utf8).write(to: root.appendingPathComponent("Sources/Harness/ThumbnailCache/Tests/Tests.swift"))
        #expect(try builder(root: root, runner: FakeCompiler()).identity() != before)
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
}
