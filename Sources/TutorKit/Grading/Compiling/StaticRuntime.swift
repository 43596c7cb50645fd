import Foundation

/// The Swift runtime the test runner carries inside it, which is the only one a submission
/// runs against.
///
/// A runner linked against the toolchain's shared libraries spends about 8 ms of every test
/// process loading and starting them (`libFoundation.so` and its twenty neighbours), more
/// than the sandbox and most tests take. So the runner links the static runtime and
/// Foundation whole and exports their symbols, and a submission is a bare shared object
/// whose Swift symbols all resolve against the runner when it is loaded.
///
/// The static archives hide symbols the shared libraries export: a class that subclasses
/// `NSObject` in another image names `NSObject`'s private methods in its vtable. So, for
/// each build of the runner, the archives are copied with every symbol the shared libraries
/// export made visible again, and the runner links those copies.
///
/// A submission that imports a module the runner does not carry would not load;
/// ``unavailableModules(autolinkEntries:)`` finds that at compile time, where it is the
/// learner's error and not the grader's.
struct StaticRuntime: Sendable {
    /// The archives linked whole into every runner, from the toolchain's `swift_static`.
    static let archives = [
        "swiftCore", "swift_Concurrency", "swift_StringProcessing", "swift_RegexParser", "swiftRegexBuilder",
        "swiftSynchronization", "swiftObservation", "swiftGlibc", "swift_Builtin_float", "swiftSwiftOnoneSupport",
        "BlocksRuntime", "dispatch", "swiftDispatch",
        "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "CoreFoundation", "_FoundationICU", "_FoundationCShims", "_FoundationCollections",
    ]

    /// System libraries the runner links dynamically, which a submission may name too.
    static let systemLibraries = ["stdc++", "m", "dl", "pthread", "util", "rt", "c"]

    /// The modules a graded file may import, for the message that refuses another.
    static let availableModules = "Foundation, Dispatch, Synchronization, Observation, RegexBuilder and Glibc"

    /// Where the copies go: a folder inside the runner's staging folder.
    var folder: URL
    /// The compiler whose runtime this is.
    var toolchain: Toolchain

    /// The runtime for `toolchain`, copied (by ``prepare(run:)``) into `folder`.
    init(toolchain: Toolchain, folder: URL) {
        self.toolchain = toolchain
        self.folder = folder
    }

    /// Copies the toolchain's archives into ``folder`` with the shared libraries' exports
    /// made visible. `run` runs one of the toolchain's programs and throws when it fails.
    func prepare(run: (_ program: URL, _ arguments: [String], _ step: String) throws(GradingError) -> ProcessOutcome) throws(GradingError) {
        let bin = toolchain.prefix.appendingPathComponent("bin")
        let shared = toolchain.prefix.appendingPathComponent("lib/swift/linux")
        var exports = Set<Substring>()
        for library in Self.archives {
            let object = shared.appendingPathComponent("lib\(library).so")
            guard FileManager.default.fileExists(atPath: object.path) else { continue }
            let listing = try run(bin.appendingPathComponent("llvm-nm"), ["-D", "--defined-only", "--format=just-symbols", object.path], "listing \(object.lastPathComponent)'s symbols")
            exports.formUnion(listing.outputText.split(separator: "\n"))
        }
        let list = folder.appendingPathComponent("exports.txt")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(exports.sorted().joined(separator: "\n").utf8).write(to: list)
        } catch {
            throw .workspace(path: folder.path, reason: "cannot write the runtime's symbol list (\(error.localizedDescription))")
        }
        for library in Self.archives {
            let source = toolchain.staticLibraries.appendingPathComponent("lib\(library).a")
            guard FileManager.default.fileExists(atPath: source.path) else {
                throw .harnessBuildFailed(step: "static runtime", log: "error: \(source.path) is missing; cachetutor needs a Swift toolchain with its static libraries, as the swift.org Linux toolchains have")
            }
            _ = try run(bin.appendingPathComponent("llvm-objcopy"), ["--set-symbols-visibility=\(list.path)=default", source.path, folder.appendingPathComponent("lib\(library).a").path], "exporting lib\(library).a")
        }
    }

    /// `clang` arguments that link `objects` into a runner at `output`.
    ///
    /// `--allow-multiple-definition`: the runtime and the concurrency archives each carry
    /// the same copy of Swift's threading helpers, which only whole-archive linking sees twice.
    /// `sanitized`: the runner carries ThreadSanitizer's runtime (`-fsanitize=thread`: started
    /// before `main`, its interceptors and the entry points the instrumented submission calls,
    /// all exported), and libdispatch's calls go to its interceptors; the harness's own
    /// modules are not instrumented, so both runners link the same objects.
    func runnerArguments(objects: [URL], output: URL, sanitized: Bool) -> [String] {
        toolchain.linkerFlags + (sanitized ? ["-fsanitize=thread"] : []) + ["-pie", "-o", output.path, toolchain.imageRegistration.path]
            + objects.map(\.path)
            + Self.runnerWrappedSymbols(sanitized: sanitized).map { "-Wl,--wrap=\($0)" }
            + ["-Wl,--export-dynamic", "-Wl,--allow-multiple-definition", "-Wl,--strip-all", "-Wl,--whole-archive"]
            + Self.archives.map { folder.appendingPathComponent("lib\($0).a").path }
            + ["-Wl,--no-whole-archive"] + Self.systemLibraries.filter { $0 != "c" }.map { "-l\($0)" }
    }

    /// The program and arguments that link one compiled submission `object` into the shared
    /// object `output`, with no runtime of its own: `ld.lld` itself where the toolchain has
    /// it (18 ms less than through `clang`), else `clang`.
    ///
    /// Its dynamic accesses are linked to the runner's recorder of them
    /// (`Sources/Harness/AccessCheck`); compiled for the sanitizer, its
    /// `Synchronization.Mutex` slow paths also go to wrappers that tell the sanitizer of a
    /// lock handed over inside the kernel (`Sources/Harness/Sanitizer`).
    static func submissionLink(object: URL, output: URL, toolchain: Toolchain, sanitized: Bool) -> (program: URL, arguments: [String]) {
        libraryLink(object: object, output: output, toolchain: toolchain, wrapping: wrappedSymbols(sanitized: sanitized))
    }

    /// The program and arguments that link an exercise's compiled tests `object` into the
    /// library `output` for the runner with or without the sanitizer: its calls are wrapped
    /// as the runner's own are, as when the tests were linked into each exercise's runner.
    static func testsLink(object: URL, output: URL, toolchain: Toolchain, sanitized: Bool) -> (program: URL, arguments: [String]) {
        libraryLink(object: object, output: output, toolchain: toolchain, wrapping: runnerWrappedSymbols(sanitized: sanitized))
    }

    /// A shared object of `object` with no runtime of its own, its calls to `wrapped` going
    /// to the runner's `__wrap_` glue.
    private static func libraryLink(object: URL, output: URL, toolchain: Toolchain, wrapping wrapped: [String]) -> (program: URL, arguments: [String]) {
        let inputs = ["-shared", "-o", output.path, toolchain.imageRegistration.path, object.path]
        let wraps = wrapped.map { "--wrap=\($0)" }
        if let lld = toolchain.lld { return (lld, inputs + wraps) }
        return (toolchain.clang, inputs + wraps.map { "-Wl,\($0)" })
    }

    /// The runtime functions whose calls go to the access check's `__wrap_` glue
    /// (`Sources/Harness/AccessCheck/DynamicAccesses.c`), from the runner itself (the
    /// standard library's key paths among them) and from a submission.
    static let accessCheckedSymbols = ["swift_beginAccess", "swift_endAccess"]

    /// The functions whose calls from the runner itself go to `__wrap_` glue.
    static func runnerWrappedSymbols(sanitized: Bool) -> [String] {
        accessCheckedSymbols + (sanitized ? interceptedDispatchCalls : [])
    }

    /// libdispatch's entry points ThreadSanitizer intercepts, reached through thunks in
    /// `Sources/Harness/Sanitizer/DispatchInterceptors.c` (the same list is there).
    static let interceptedDispatchCalls = [
        "dispatch_after", "dispatch_after_f", "dispatch_apply", "dispatch_apply_f", "dispatch_async", "dispatch_async_and_wait", "dispatch_async_and_wait_f", "dispatch_async_f", "dispatch_barrier_async", "dispatch_barrier_async_and_wait", "dispatch_barrier_async_and_wait_f", "dispatch_barrier_async_f", "dispatch_barrier_sync", "dispatch_barrier_sync_f", "dispatch_data_create", "dispatch_group_async", "dispatch_group_async_f", "dispatch_group_leave", "dispatch_group_notify", "dispatch_group_notify_f", "dispatch_group_wait", "dispatch_io_barrier", "dispatch_io_close", "dispatch_io_create", "dispatch_io_create_with_io", "dispatch_io_create_with_path", "dispatch_io_read", "dispatch_io_write", "dispatch_once", "dispatch_once_f", "dispatch_read", "dispatch_resume", "dispatch_semaphore_signal", "dispatch_semaphore_wait", "dispatch_source_set_cancel_handler", "dispatch_source_set_cancel_handler_f", "dispatch_source_set_event_handler", "dispatch_source_set_event_handler_f", "dispatch_source_set_registration_handler", "dispatch_source_set_registration_handler_f", "dispatch_sync", "dispatch_sync_f", "dispatch_write",
    ]

    /// The library functions whose calls from a submission go to `__wrap_` glue in the runner.
    static func wrappedSymbols(sanitized: Bool) -> [String] {
        runnerWrappedSymbols(sanitized: sanitized) + (sanitized ? mutexSlowPaths : [])
    }

    /// `Synchronization._MutexHandle`'s slow paths (`Sources/Harness/Sanitizer/MutexHandOver.c`).
    static let mutexSlowPaths = [
        "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF",
        "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF",
        "$s15Synchronization12_MutexHandleV11_unlockSlowyyF",
    ]

    /// The modules behind the `-l` entries (see ``AutolinkEntries``) that the runner does
    /// not carry: `-lFoundationNetworking` gives `FoundationNetworking`.
    static func unavailableModules(autolinkEntries: [String]) -> [String] {
        let carried = Set(archives + systemLibraries)
        var missing: [String] = []
        for entry in autolinkEntries where entry.hasPrefix("-l") {
            let library = String(entry.dropFirst(2))
            guard !carried.contains(library) else { continue }
            let module = library.hasPrefix("swift") && library.dropFirst(5).first.map({ $0.isUppercase || $0 == "_" }) == true
                ? String(library.dropFirst(5)) : library
            if !missing.contains(module) { missing.append(module) }
        }
        return missing
    }
}
