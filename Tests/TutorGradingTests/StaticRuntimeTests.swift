import Foundation
import Testing
@testable import TutorGrading

/// What the runner carries and what a submission may therefore import.
@Suite struct StaticRuntimeTests {
    let toolchain = Toolchain(swiftc: URL(fileURLWithPath: "/toolchain/usr/bin/swiftc"), fingerprint: "test")

    @Test func modulesOutsideTheRunnerAreNamedOnceEach() {
        let entries = ["-lswiftCore", "-lFoundation", "-lFoundationNetworking", "-lswiftDistributed", "-lm", "-lswift_Differentiation", "-lFoundationNetworking"]
        #expect(StaticRuntime.unavailableModules(autolinkEntries: entries) == ["FoundationNetworking", "Distributed", "_Differentiation"])
    }

    @Test func everyModuleAnExerciseUsesIsCarried() {
        let entries = ["-lswiftSwiftOnoneSupport", "-lswiftCore", "-lswift_Concurrency", "-lswift_StringProcessing", "-lswiftRegexBuilder",
                       "-lswift_RegexParser", "-lswiftSynchronization", "-lswiftObservation", "-lswiftGlibc", "-lBlocksRuntime", "-ldispatch",
                       "-lswiftDispatch", "-lFoundation", "-lFoundationEssentials", "-lFoundationInternationalization", "-lm", "-lpthread", "-lutil", "-ldl"]
        #expect(StaticRuntime.unavailableModules(autolinkEntries: entries).isEmpty)
    }

    @Test func theRunnerLinksEveryArchiveWholeFromTheCacheAndExportsIt() {
        let runtime = StaticRuntime(toolchain: toolchain, cacheRoot: URL(fileURLWithPath: "/cache"), version: "v")
        let arguments = runtime.runnerArguments(objects: [URL(fileURLWithPath: "/h/CacheEngine.o")], output: URL(fileURLWithPath: "/h/runner"))
        let start = try! #require(arguments.firstIndex(of: "-Wl,--whole-archive"))
        let end = try! #require(arguments.firstIndex(of: "-Wl,--no-whole-archive"))
        #expect(Array(arguments[(start + 1)..<end]) == StaticRuntime.archives.map { runtime.folder.appendingPathComponent("lib\($0).a").path })
        #expect(arguments.contains("-Wl,--export-dynamic"))
        #expect(arguments.contains("/toolchain/usr/lib/swift/linux/x86_64/swiftrt.o") || arguments.contains("/toolchain/usr/lib/swift/linux/aarch64/swiftrt.o"))
    }

    @Test func aSubmissionLinksNoRuntimeOfItsOwn() {
        let link = StaticRuntime.submissionLink(object: URL(fileURLWithPath: "/w/Submission.o"), output: URL(fileURLWithPath: "/w/Submission.so"), toolchain: toolchain)
        #expect(link.arguments.contains("-shared"))
        #expect(!link.arguments.contains { $0.hasPrefix("-l") || $0.hasSuffix(".a") })
    }

    @Test func eachToolchainHasItsOwnRuntimeFolder() {
        var other = toolchain
        other.fingerprint = "another"
        let cache = URL(fileURLWithPath: "/cache")
        #expect(StaticRuntime(toolchain: toolchain, cacheRoot: cache, version: "v").folder != StaticRuntime(toolchain: other, cacheRoot: cache, version: "v").folder)
        #expect(StaticRuntime(toolchain: toolchain, cacheRoot: cache, version: "v").folder == StaticRuntime(toolchain: toolchain, cacheRoot: cache, version: "v").folder)
    }
}
