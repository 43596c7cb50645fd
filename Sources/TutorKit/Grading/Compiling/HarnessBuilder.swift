import Foundation
import Synchronization
import TutorTerminal

/// Builds the harness once per compiler and source version into the user's cache, and
/// finds it there afterwards.
///
/// The build happens in a private temporary directory beside the final one and is moved
/// into place with one `rename`, so a grader never sees half a harness, and when several
/// race to build it the first rename wins and the others throw their copy away.
public struct HarnessBuilder: Sendable {
    /// One module of the harness.
    struct Module: Sendable {
        var name: String
        var languageMode: String
        var sources: @Sendable (HarnessLayout) -> [URL]
    }

    static let modules: [Module] = [
        Module(name: "CodeLock", languageMode: "6", sources: { $0.codeLockSources }),
        Module(name: "CacheEngine", languageMode: "6", sources: { $0.engineSources }),
        Module(name: "UIKit", languageMode: "6", sources: { $0.uikitSources }),
        Module(name: "CachetutorHarness", languageMode: "5", sources: { $0.harnessSources }),
    ]

    /// Flags for every harness module; part of the cache key. Unoptimized on purpose: the
    /// tests do little work, and `-Onone` more than halves the first check's harness build.
    static let moduleFlags = ["-parse-as-library", "-whole-module-optimization", "-Onone", "-package-name", "cachetutor"]

    /// Flags for the learner's file in `languageMode` (the exercise's `swift_language_mode`),
    /// compiled into an object that ``StaticRuntime`` links into a shared object the runner
    /// loads; part of the cache key. Strict memory safety checking, as errors: no unsafe
    /// pointer, no `Unmanaged`, no C call on pointers, so the file cannot read the runner's
    /// memory.
    ///
    /// Memory safety does not cover data races: in Swift 5 mode a value two threads write and
    /// read at once can tear (a multi-payload enum read half old, half new), which forges a
    /// `String` over any address. Swift 6 mode rejects most races at compile time, but not
    /// those behind `@unchecked Sendable` or a lock used wrongly. So in either mode the linked
    /// file's every dynamic access is checked against the other threads'
    /// (``StaticRuntime/submissionLink(object:output:toolchain:sanitized:)``), which ends the
    /// test before two threads are inside one variable at once; line tables let the grader
    /// name the lines (see ``RaceReport``). A `var` captured by a closure that runs on
    /// several threads at once (a `@Sendable` one, such as `withTaskCancellationHandler`'s
    /// `onCancel`) is a Swift 6 error that Swift 5 mode only warns of; it is made an error
    /// in both, since such a capture is reached by address, outside any access the check
    /// sees (a red team tore one that way).
    public static func submissionFlags(languageMode: Int) -> [String] {
        [
            "-c", "-parse-as-library", "-module-name", "Submission", "-swift-version", String(languageMode), "-Onone",
            "-whole-module-optimization", "-strict-memory-safety", "-Werror", "StrictMemorySafety",
            "-Werror", "SendableClosureCaptures",
            "-gline-tables-only",
            "-diagnostic-style", "llvm", "-no-color-diagnostics",
        ]
    }

    /// ``submissionFlags(languageMode:)`` for an exercise that names no language mode (Swift 5).
    public static let submissionFlags = submissionFlags(languageMode: 5)

    /// ``submissionFlags(languageMode:)`` for this builder's exercise.
    var submissionFlags: [String] { Self.submissionFlags(languageMode: layout.exercise.manifest.swiftLanguageMode) }

    /// Added to ``submissionFlags`` for the copy of the file that tests running threads load:
    /// instrumented by ThreadSanitizer, which that runner carries and which ends the test at
    /// the first unsynchronised pair of accesses it sees, even when they did not overlap.
    /// Only those tests pay for it: a process with the sanitizer takes several times as long
    /// to start.
    public static let sanitizerFlags = ["-sanitize=thread"]

    /// Changes whenever what a build leaves in the cache changes shape (files, their formats),
    /// so a grader never loads a harness an older cachetutor built.
    static let layoutVersion = "layout-16: race notice on the channel from the sanitizer and the access check (AccessCheck/RaceNotice.c); two runners (ThreadSanitizer only in runner-tsan, for tests that run threads; reference-tsan.so), catalog with threads; libdispatch intercepted, dynamic accesses checked across threads, Mutex hand-over glue; static runner with the shared libraries' exports, bare reference.so, catalog.json (with points), sandbox.json; audit shared"

    /// Where the sources are.
    public var layout: HarnessLayout
    /// The compiler.
    public var toolchain: Toolchain
    /// The user's cache directory for cachetutor.
    public var cacheRoot: URL
    /// Runs the compiler.
    public var runner: any ProcessRunner
    /// The environment the compiler runs with.
    public var environment: [String: String]
    /// Told how far a build is, about ten times a second while one runs (or while this
    /// builder waits for another process's build of the same harness); never called when
    /// the harness is already in the cache.
    public var progress: (@Sendable (BuildProgress) -> Void)?

    /// A builder over explicit parts.
    public init(layout: HarnessLayout, toolchain: Toolchain, cacheRoot: URL, runner: any ProcessRunner, environment: [String: String]) {
        self.layout = layout
        self.toolchain = toolchain
        self.cacheRoot = cacheRoot
        self.runner = runner
        self.environment = environment
    }

    /// `$XDG_CACHE_HOME/cachetutor`, else `$CACHETUTOR_HOME/cache`, else `~/.cache/cachetutor`.
    ///
    /// XDG first, so tests that move `CACHETUTOR_HOME` to an empty folder can still share
    /// one harness build through `XDG_CACHE_HOME`.
    public static func cacheRoot(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("cachetutor", isDirectory: true)
        }
        if let home = environment["CACHETUTOR_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("cache", isDirectory: true)
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/cachetutor", isDirectory: true)
    }

    /// The identity of the build this builder would make.
    public func identity() throws(GradingError) -> String {
        do {
            return try HarnessIdentity.key(
                files: layout.allSources,
                root: layout.root,
                extra: [toolchain.fingerprint, layout.exercise.name, Self.layoutVersion] + Self.moduleFlags + submissionFlags + Self.sanitizerFlags
            )
        } catch {
            throw .harnessSourcesMissing(path: layout.root.path)
        }
    }

    /// Whether the harness for the current sources and compiler is in the cache, ready.
    public func isReady() -> Bool {
        guard let key = try? identity(), let auditor = try? auditorLocation() else { return false }
        return load(from: finalDirectory(key: key), auditor: auditor) != nil && FileManager.default.fileExists(atPath: auditor.path)
    }

    private func finalDirectory(key: String) -> URL {
        cacheRoot.appendingPathComponent("harness-\(layout.exercise.name)-\(key)", isDirectory: true)
    }

    /// The harness for the current sources and compiler, built first when it is not cached.
    ///
    /// One build of a harness at a time: a builder that finds another process (or thread)
    /// building the same one waits for it, reporting its progress, and then uses its harness.
    /// Ctrl-C (``Interrupt``) stops the build or the wait: the compilers are killed, what
    /// was half built is removed, and ``GradingError/interrupted`` is thrown.
    public func prepare() throws(GradingError) -> Harness {
        let key = try identity()
        let final = finalDirectory(key: key)
        let auditor = try auditorLocation()
        if let harness = ready(final, auditor: auditor) { return harness }

        let lock = try BuildLock(cacheRoot: cacheRoot, name: "harness-\(layout.exercise.name)-\(key)")
        defer { lock.release() }
        if !lock.tryAcquire() {
            try waitForOtherBuild(lock)
            if let harness = ready(final, auditor: auditor) {
                progress?(BuildProgress(exercise: layout.exercise.name, stage: .finished, fraction: 1, remaining: .zero, elapsed: .zero))
                return harness
            }
        }

        // Built from scratch: the progress line's estimate is the last build's time.
        let buildsShared = !FileManager.default.fileExists(atPath: auditor.path) || !staticRuntime.isPrepared
        let expected = BuildTimes.load(from: cacheRoot).expected(for: layout.exercise.name, first: buildsShared)
        let started = ContinuousClock.now
        lock.announce(expected: expected)
        let exercise = layout.exercise.name
        let ticker = progress.map { report in
            ProgressTicker(report: report) {
                BuildProgress.estimate(exercise: exercise, stage: .building, elapsed: ContinuousClock.now - started, expected: expected)
            }
        }
        let fileManager = FileManager.default
        let staging = cacheRoot.appendingPathComponent(".building-\(key)-\(getpid())-\(UInt32.random(in: .min ... .max))", isDirectory: true)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            ticker?.stop(finished: nil)
            throw .workspace(path: staging.path, reason: "cannot create the harness cache directory (\(error.localizedDescription))")
        }
        defer { try? fileManager.removeItem(at: staging) }
        do {
            try build(into: staging, auditor: auditor)
        } catch {
            ticker?.stop(finished: nil)
            // A compiler killed by Ctrl-C fails as if broken; that is not the harness's fault.
            throw Interrupt.isRequested ? .interrupted : error
        }
        if rename(staging.path, final.path) != 0, load(from: final, auditor: auditor) == nil {
            ticker?.stop(finished: nil)
            throw .workspace(path: final.path, reason: "cannot move the built harness into place (\(String(cString: strerror(errno))))")
        }
        guard let harness = load(from: final, auditor: auditor) else {
            ticker?.stop(finished: nil)
            throw .workspace(path: final.path, reason: "the harness cache is unreadable")
        }
        let took = ContinuousClock.now - started
        BuildTimes.record(took, for: exercise, first: buildsShared, in: cacheRoot)
        ticker?.stop(finished: BuildProgress(exercise: exercise, stage: .finished, fraction: 1, remaining: .zero, elapsed: took))
        pruneStaleBuilds(keeping: final)
        return harness
    }

    /// The cached harness, marked as in use (so pruning spares it), if it is complete.
    private func ready(_ final: URL, auditor: URL) -> Harness? {
        guard let harness = load(from: final, auditor: auditor), FileManager.default.fileExists(atPath: auditor.path) else { return nil }
        utimes(final.path, nil)
        utimes(auditor.deletingLastPathComponent().path, nil)
        return harness
    }

    /// Waits until whoever holds `lock` has finished building, reporting their progress from
    /// what they announced; Ctrl-C ends the wait.
    private func waitForOtherBuild(_ lock: BuildLock) throws(GradingError) {
        let exercise = layout.exercise.name
        let waitStarted = ContinuousClock.now
        let current: @Sendable () -> BuildProgress = {
            let announced = lock.announcement()
            let elapsed = announced.map { Duration.milliseconds(Int((Date().timeIntervalSince1970 - $0.started) * 1000)) } ?? (ContinuousClock.now - waitStarted)
            let expected = announced.map { Duration.milliseconds(Int($0.expectedSeconds * 1000)) } ?? BuildTimes.load(from: cacheRoot).expected(for: exercise, first: false)
            return BuildProgress.estimate(exercise: exercise, stage: .waiting, elapsed: elapsed, expected: expected)
        }
        let ticker = progress.map { ProgressTicker(report: $0, current: current) }
        while !lock.tryAcquire() {
            if Interrupt.isRequested {
                ticker?.stop(finished: nil)
                throw .interrupted
            }
            usleep(50_000)
        }
        ticker?.stop(finished: nil)
    }

    /// Removes harnesses of earlier sources or compilers unused for a day, and builds
    /// abandoned for an hour; a harness another grader still uses is touched on each use.
    private func pruneStaleBuilds(keeping current: URL) {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: cacheRoot.path) else { return }
        let now = Date()
        for name in names where name != current.lastPathComponent {
            let age: TimeInterval
            if name.hasPrefix("harness-\(layout.exercise.name)-") || (name.hasPrefix("audit-") && name != auditFolderName)
                || (name.hasPrefix("runtime-") && name != staticRuntime.folder.lastPathComponent) {
                age = 24 * 3600
            } else if name.hasPrefix(".building-") {
                age = 3600
            } else if name.hasPrefix(".lock-harness-\(layout.exercise.name)-"), name != ".lock-" + current.lastPathComponent {
                age = 24 * 3600
            } else {
                continue
            }
            let url = cacheRoot.appendingPathComponent(name)
            guard let modified = (try? fileManager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
                  now.timeIntervalSince(modified) > age
            else { continue }
            try? fileManager.removeItem(at: url)
        }
    }

    private func load(from directory: URL, auditor: URL) -> Harness? {
        guard let catalog = try? Data(contentsOf: directory.appendingPathComponent("catalog.json")),
              let tests = try? JSONDecoder().decode([HiddenTestInfo].self, from: catalog), !tests.isEmpty,
              let paths = try? Data(contentsOf: directory.appendingPathComponent("sandbox.json")),
              let sandboxPaths = try? JSONDecoder().decode(SandboxPaths.self, from: paths)
        else { return nil }
        return Harness(directory: directory, tests: tests, sandboxPaths: sandboxPaths, auditor: auditor)
    }

    private func build(into directory: URL, auditor program: URL) throws(GradingError) {
        // The audit program and the static runtime need only the toolchain: when no exercise
        // has made them yet, they are made on a second core meanwhile (SwiftSyntax's
        // interfaces are most of a cold check).
        let auditor = Mutex<Result<Void, GradingError>?>(nil)
        let auditorBuilt = DispatchGroup()
        auditorBuilt.enter()
        Thread { [self] in
            let outcome = Result { () throws(GradingError) in
                if !FileManager.default.fileExists(atPath: program.path) { try buildAuditor(at: program) }
                if !staticRuntime.isPrepared { try prepareStaticRuntime() }
            }
            auditor.withLock { $0 = outcome }
            auditorBuilt.leave()
        }.start()
        // Never leave (on an error either) while it still writes into `directory`.
        defer { auditorBuilt.wait() }

        try compileModules(into: directory, objects: true)
        let accessCheck = try compileGlue(layout.accessCheckSources, into: directory)
        let sanitizerGlue = try compileGlue(layout.sanitizerSources, into: directory)
        // Two runners per harness, each carrying the whole Swift runtime; the second also
        // carries ThreadSanitizer. Each exports its symbols so that a submission, loaded with
        // local binding, resolves the runtime, the engine and the harness against it.
        let modules = Self.modules.map { directory.appendingPathComponent("\($0.name).o") }
        let runner = directory.appendingPathComponent("runner")
        auditorBuilt.wait()
        try auditor.withLock { $0 }?.get()
        try link(step: "test runner", arguments: staticRuntime.runnerArguments(objects: modules + accessCheck, output: runner, sanitized: false))
        try link(step: "test runner with ThreadSanitizer", arguments: staticRuntime.runnerArguments(
            objects: modules + accessCheck + sanitizerGlue, output: directory.appendingPathComponent("runner-tsan"), sanitized: true))

        let prelude = directory.appendingPathComponent("Adapter.swift")
        do {
            try FileManager.default.copyItem(at: layout.preludeFile, to: prelude)
        } catch {
            throw .workspace(path: prelude.path, reason: error.localizedDescription)
        }
        // Compiling the reference solution as a submission, for each runner, proves the
        // prelude and the flags work; the runner lists the hidden tests, so the catalog comes
        // from the tests themselves.
        for sanitized in [false, true] {
            let name = sanitized ? "reference-tsan" : "reference"
            let object = directory.appendingPathComponent("\(name).o")
            try compile(step: "reference solution", arguments: submissionFlags + (sanitized ? Self.sanitizerFlags : [])
                + ["-I", directory.path, "-o", object.path] + layout.referenceSources.map(\.path) + [prelude.path])
            let referenceLink = StaticRuntime.submissionLink(object: object, output: directory.appendingPathComponent("\(name).so"),
                                                             toolchain: toolchain, sanitized: sanitized)
            try build(step: "reference solution", blaming: [], with: referenceLink.program, arguments: referenceLink.arguments)
        }
        let listing = try run(runner, ["--list"], step: "listing the hidden tests")
        guard let catalog = try? JSONDecoder().decode([HiddenTestInfo].self, from: Data(listing.output)) else {
            throw .harnessBuildFailed(step: "listing the hidden tests", log: listing.outputText)
        }
        if let duplicate = Dictionary(grouping: catalog, by: \.name).first(where: { $0.value.count > 1 })?.key {
            let place = Self.firstMention(of: "\"\(duplicate)\"", in: layout.extraTests) ?? "extra tests"
            throw .badExtraTests("\(place): two hidden tests are named '\(duplicate)'; give each extra test a name of its own")
        }
        let loaders = try [runner, directory.appendingPathComponent("runner-tsan")].map { program throws(GradingError) in
            try run(URL(fileURLWithPath: "/usr/bin/ldd"), [program.path], step: "listing the runners' libraries").outputText
        }
        let paths = SandboxPaths(libraries: SandboxPaths.libraries(inLoaderReport: loaders.joined(separator: "\n")))
        do {
            try Data(listing.output).write(to: directory.appendingPathComponent("catalog.json"))
            try JSONEncoder().encode(paths).write(to: directory.appendingPathComponent("sandbox.json"))
        } catch {
            throw .workspace(path: directory.path, reason: error.localizedDescription)
        }
    }

    /// Compiles the runner's C glue in `sources` into objects in `directory`.
    private func compileGlue(_ sources: [URL], into directory: URL) throws(GradingError) -> [URL] {
        var objects: [URL] = []
        for source in sources {
            let object = directory.appendingPathComponent(source.deletingPathExtension().lastPathComponent + ".o")
            try build(step: "runner glue \(source.lastPathComponent)", blaming: [], with: toolchain.clang,
                      arguments: ["-c", "-O1", "-fPIC", "-Wall", "-Werror", "-o", object.path, source.path])
            objects.append(object)
        }
        return objects
    }

    /// Writes the suite's registry, then compiles each harness module into `directory`: its
    /// interface, and its object when `objects` is set.
    private func compileModules(into directory: URL, objects: Bool) throws(GradingError) {
        let registry = directory.appendingPathComponent("ExtraTestRegistry.swift")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(try ExtraTestRegistry.source(suite: layout.exercise.suiteName, extraTests: layout.extraTests).utf8).write(to: registry)
        } catch let error as GradingError {
            throw error
        } catch {
            throw .workspace(path: registry.path, reason: error.localizedDescription)
        }
        for module in Self.modules {
            var sources = module.sources(layout)
            if module.name == "CachetutorHarness" { sources += layout.extraTests + [registry] }
            guard !sources.isEmpty else { throw .harnessSourcesMissing(path: layout.root.path + " (module \(module.name))") }
            let object = objects ? ["-c", "-o", directory.appendingPathComponent("\(module.name).o").path] : []
            try compile(step: "module \(module.name)", blaming: module.name == "CachetutorHarness" ? layout.extraTests : [], arguments: Self.moduleFlags + [
                "-swift-version", module.languageMode,
                "-module-name", module.name,
                "-I", directory.path,
                "-emit-module", "-emit-module-path", directory.appendingPathComponent("\(module.name).swiftmodule").path,
            ] + object + sources.map(\.path))
        }
    }

    /// Type-checks the harness without building it: each module's interface, then the
    /// reference solution with the adapter against them, in `directory`. `swift build`
    /// runs this for every exercise (the `HarnessTypeCheck` plugin), so a typo in a hidden
    /// test fails the build rather than the first check.
    public func typeCheck(in directory: URL) throws(GradingError) {
        try compileModules(into: directory, objects: false)
        try compile(step: "reference solution", arguments: submissionFlags.filter { $0 != "-c" } + ["-typecheck", "-I", directory.path]
            + layout.referenceSources.map(\.path) + [layout.preludeFile.path])
    }

    /// The compilers' module cache, shared by every build and check.
    var moduleCache: URL { cacheRoot.appendingPathComponent("module-cache", isDirectory: true) }

    /// `audit-KEY`: the audit program depends only on the compiler and its own source, so
    /// every exercise shares one.
    private var auditFolderName: String {
        (try? HarnessIdentity.key(files: layout.auditSources, root: layout.root, extra: [toolchain.fingerprint, Self.layoutVersion]))
            .map { "audit-\($0)" } ?? "audit"
    }

    /// The runtime every runner links, shared by every exercise.
    var staticRuntime: StaticRuntime { StaticRuntime(toolchain: toolchain, cacheRoot: cacheRoot, version: Self.layoutVersion) }

    private func prepareStaticRuntime() throws(GradingError) {
        let staging = cacheRoot.appendingPathComponent(".building-runtime-\(getpid())-\(UInt32.random(in: .min ... .max))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: staging) }
        try staticRuntime.prepare(staging: staging) { program, arguments, step throws(GradingError) in
            try run(program, arguments, step: step)
        }
    }

    /// Where the shared audit program is (built or not).
    private func auditorLocation() throws(GradingError) -> URL {
        guard !layout.auditSources.isEmpty else { throw .harnessSourcesMissing(path: layout.root.path + " (the audit program)") }
        return cacheRoot.appendingPathComponent(auditFolderName, isDirectory: true).appendingPathComponent("audit")
    }

    /// Builds the audit program at `program` (in a folder of its own, moved into place with
    /// one rename, as the harness is) against the toolchain's own SwiftSyntax and
    /// SwiftParser, which ship with every toolchain that has macros (`lib/swift/host`).
    private func buildAuditor(at program: URL) throws(GradingError) {
        let folder = program.deletingLastPathComponent()
        let staging = cacheRoot.appendingPathComponent(".building-audit-\(getpid())-\(UInt32.random(in: .min ... .max))", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .workspace(path: staging.path, reason: "cannot create the audit program's folder (\(error.localizedDescription))")
        }
        defer { try? FileManager.default.removeItem(at: staging) }
        try compileAuditor(into: staging.appendingPathComponent("audit"))
        if rename(staging.path, folder.path) != 0, !FileManager.default.fileExists(atPath: program.path) {
            throw .workspace(path: folder.path, reason: "cannot move the audit program into place (\(String(cString: strerror(errno))))")
        }
    }

    private func compileAuditor(into output: URL) throws(GradingError) {
        let host = toolchain.swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../lib/swift/host").standardizedFileURL
        guard FileManager.default.fileExists(atPath: host.appendingPathComponent("SwiftParser.swiftmodule").path) else {
            throw .harnessBuildFailed(step: "audit program", log: "error: \(host.path) has no SwiftParser module; cachetutor needs a Swift 6.2 or later toolchain")
        }
        try compile(step: "audit program", arguments: [
            "-parse-as-library", "-Onone", "-suppress-warnings",
            "-I", host.path, "-L", host.path, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftParserDiagnostics", "-lSwiftDiagnostics", "-Xlinker", "-rpath", "-Xlinker", host.path,
            "-o", output.path,
        ] + layout.auditSources.map(\.path))
    }

    /// Runs one of the harness's own programs; a failure is the harness's.
    private func run(_ program: URL, _ arguments: [String], step: String) throws(GradingError) -> ProcessOutcome {
        let outcome: ProcessOutcome
        do {
            outcome = try runner.run(ProcessRequest(executable: program.path, arguments: arguments, environment: ["PATH": "/usr/bin:/bin"], wallClockLimit: .seconds(30)))
        } catch is ProcessInterrupted {
            throw .interrupted
        } catch {
            throw .launch("\(error)")
        }
        guard outcome.termination == .exited(0) else { throw .harnessBuildFailed(step: step, log: outcome.outputText) }
        return outcome
    }

    /// Runs the compiler; an error inside one of `blamed` (the instructor's extra tests) is
    /// bad input and reported as that file's line, any other failure is the harness's.
    private func compile(step: String, blaming blamed: [URL] = [], arguments: [String]) throws(GradingError) {
        // With the cache's module cache: a compiler left to itself writes `clang/ModuleCache`
        // where it runs (when XDG_CACHE_HOME is empty).
        try build(step: step, blaming: blamed, with: toolchain.swiftc, arguments: arguments + ["-module-cache-path", moduleCache.path])
    }

    /// Runs the linker driver; any failure is the harness's.
    private func link(step: String, arguments: [String]) throws(GradingError) {
        try build(step: step, blaming: [], with: toolchain.clang, arguments: arguments)
    }

    private func build(step: String, blaming blamed: [URL], with tool: URL, arguments: [String]) throws(GradingError) {
        let outcome: ProcessOutcome
        do {
            // In the cache: the grader never writes into the learner's folder.
            outcome = try runner.run(ProcessRequest(
                executable: tool.path, arguments: arguments,
                environment: environment, workingDirectory: cacheRoot.path, wallClockLimit: .seconds(600)
            ))
        } catch is ProcessInterrupted {
            throw .interrupted
        } catch {
            throw .launch("\(error)")
        }
        guard outcome.termination == .exited(0) else {
            let log = outcome.outputText
            let paths = blamed.map { $0.path + ":" }
            if let line = log.split(separator: "\n").first(where: { line in line.contains(": error:") && paths.contains { line.hasPrefix($0) } }) {
                throw .badExtraTests(String(line))
            }
            throw .harnessBuildFailed(step: step, log: log)
        }
    }

    /// `file:line` of the first line in `files` that contains `text`.
    static func firstMention(of text: String, in files: [URL]) -> String? {
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if let index = lines.firstIndex(where: { $0.contains(text) }) { return "\(file.path):\(index + 1)" }
        }
        return nil
    }
}
