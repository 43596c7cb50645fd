import Foundation
import Testing
@testable import TutorGrading
import TutorTestSupport

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

    @Test(arguments: [false, true]) func theRunnerLinksEveryArchiveWholeFromTheCacheAndExportsIt(sanitized: Bool) {
        let runtime = StaticRuntime(toolchain: toolchain, folder: URL(fileURLWithPath: "/cache/runner/runtime"))
        let arguments = runtime.runnerArguments(objects: [URL(fileURLWithPath: "/h/CacheEngine.o")], output: URL(fileURLWithPath: "/h/runner"), sanitized: sanitized)
        let start = try! #require(arguments.firstIndex(of: "-Wl,--whole-archive"))
        let end = try! #require(arguments.firstIndex(of: "-Wl,--no-whole-archive"))
        #expect(Array(arguments[(start + 1)..<end]) == StaticRuntime.archives.map { runtime.folder.appendingPathComponent("lib\($0).a").path })
        #expect(arguments.contains("-Wl,--export-dynamic"))
        #expect(arguments.contains("/toolchain/usr/lib/swift/linux/x86_64/swiftrt.o") || arguments.contains("/toolchain/usr/lib/swift/linux/aarch64/swiftrt.o"))
    }

    @Test(arguments: [false, true]) func aSubmissionLinksNoRuntimeOfItsOwn(sanitized: Bool) {
        let link = StaticRuntime.submissionLink(object: URL(fileURLWithPath: "/w/Submission.o"), output: URL(fileURLWithPath: "/w/Submission.so"),
                                                toolchain: toolchain, sanitized: sanitized)
        #expect(link.arguments.contains("-shared"))
        #expect(!link.arguments.contains { $0.hasPrefix("-l") || $0.hasSuffix(".a") })
    }

    /// Only the runner for tests that run threads carries the sanitizer; both check every
    /// dynamic access, and only the sanitized pair routes Dispatch and Mutex through its glue
    /// (the plain runner has none of that glue, so a wrap there would leave a symbol unresolved).
    @Test func onlyTheSanitizedPairCarriesTheSanitizerAndItsGlue() {
        let runtime = StaticRuntime(toolchain: toolchain, folder: URL(fileURLWithPath: "/cache/runner/runtime"))
        let output = URL(fileURLWithPath: "/h/runner")
        let plain = runtime.runnerArguments(objects: [], output: output, sanitized: false)
        let sanitized = runtime.runnerArguments(objects: [], output: output, sanitized: true)
        #expect(!plain.contains("-fsanitize=thread") && sanitized.contains("-fsanitize=thread"))
        for symbol in StaticRuntime.accessCheckedSymbols {
            #expect(plain.contains("-Wl,--wrap=\(symbol)") && sanitized.contains("-Wl,--wrap=\(symbol)"))
        }
        #expect(!plain.contains("-Wl,--wrap=dispatch_async") && sanitized.contains("-Wl,--wrap=dispatch_async"))
        #expect(StaticRuntime.wrappedSymbols(sanitized: false) == StaticRuntime.accessCheckedSymbols)
        #expect(StaticRuntime.wrappedSymbols(sanitized: true).contains(StaticRuntime.mutexSlowPaths[0]))
    }

    /// The Dispatch entry points are named twice, in the C glue that defines their thunks and
    /// in the link's `--wrap` list; a name in one list only would leave a call unintercepted
    /// or a wrap unresolved.
    @Test func theDispatchListsInSwiftAndCAgree() throws {
        let glue = PackageRoot.url.appendingPathComponent("Sources/Harness/Sanitizer/DispatchInterceptors.c")
        let text = try String(contentsOf: glue, encoding: .utf8)
        let names = text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("X(dispatch_"), let comma = trimmed.firstIndex(of: ",") else { return nil }
            return String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<comma])
        }
        #expect(names.count > 40)
        #expect(Set(names) == Set(StaticRuntime.interceptedDispatchCalls))
    }

    /// The tests library goes into either runner: its calls are wrapped as that runner's own
    /// are, and never to the Mutex glue the plain runner lacks.
    @Test(arguments: [false, true]) func theTestsLibraryIsWrappedAsItsRunnerIs(sanitized: Bool) {
        let link = StaticRuntime.testsLink(object: URL(fileURLWithPath: "/h/CachetutorHarness.o"), output: URL(fileURLWithPath: "/h/tests.so"),
                                           toolchain: toolchain, sanitized: sanitized)
        let wraps = link.arguments.filter { $0.contains("--wrap=") }.map { String($0.split(separator: "=").last!) }
        #expect(wraps == StaticRuntime.runnerWrappedSymbols(sanitized: sanitized))
        #expect(link.arguments.contains("-shared"))
        #expect(!link.arguments.contains { $0.hasPrefix("-l") || $0.hasSuffix(".a") })
    }
}
