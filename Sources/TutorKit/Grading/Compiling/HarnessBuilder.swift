import Foundation
import Synchronization
import TutorTerminal

/// Builds an exercise's harness once per compiler and source version into the user's
/// cache, and finds it there afterwards: its hidden tests as a library the course's one
/// runner loads (``RunnerBuilder``, built first when it is missing), the reference solution
/// compiled as a submission, the catalog, and the modules a learner's file compiles against.
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

    /// The exercise's own module, compiled against the runner's (``RunnerBuilder/modules``).
    static let modules: [Module] = [
        Module(name: "CachetutorHarness", languageMode: "5", sources: { $0.harnessSources }),
    ]

    /// Flags for every harness module; part of the cache key. Unoptimized on purpose: the
    /// tests do little work, and `-Onone` more than halves the first check's harness build.
    /// Line tables as a learner's file has them: the compiler's module cache keeps one set of
    /// Foundation's C modules per debug-info setting and language mode, about 1.2 s each to
    /// make, so matching flags make fewer of them on a first check.
    static let moduleFlags = ["-parse-as-library", "-whole-module-optimization", "-Onone", "-package-name", "cachetutor", "-gline-tables-only"]

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
    static let layoutVersion = "layout-17: one runner for the course (runner-KEY: runner, runner-tsan, the module interfaces, sandbox.json; no copy of the archives kept); per exercise the tests library for each runner (tests.so, tests-tsan.so, CachetutorHarness over HarnessRuntime), runner.txt, bare reference.so and reference-tsan.so, catalog.json (with points); audit shared"

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

    /// Runs the compiler and the linker for this builder.
    var steps: BuildSteps { BuildSteps(toolchain: toolchain, cacheRoot: cacheRoot, runner: runner, environment: environment) }

    /// Builds (or finds) the course's runner.
    var runnerBuilder: RunnerBuilder { RunnerBuilder(layout: layout, steps: steps, version: Self.layoutVersion) }

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
        let buildsShared = !FileManager.default.fileExists(atPath: auditor.path) || !((try? runnerBuilder.folder()).map(RunnerBuilder.isComplete) ?? false)
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
        pruneStaleBuilds(keeping: final, runner: harness.runnerDirectory)
        return harness
    }

    /// The cached harness, marked as in use (so pruning spares it and its runner), if it is complete.
    private func ready(_ final: URL, auditor: URL) -> Harness? {
        guard let harness = load(from: final, auditor: auditor), FileManager.default.fileExists(atPath: auditor.path) else { return nil }
        utimes(final.path, nil)
        utimes(harness.runnerDirectory.path, nil)
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

    /// Removes harnesses and runners of earlier sources or compilers unused for a day, and
    /// builds abandoned for an hour; a harness another grader still uses, and its runner,
    /// are touched on each use.
    private func pruneStaleBuilds(keeping current: URL, runner: URL) {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: cacheRoot.path) else { return }
        let now = Date()
        for name in names where name != current.lastPathComponent {
            let age: TimeInterval
            if name.hasPrefix("harness-\(layout.exercise.name)-") || (name.hasPrefix("audit-") && name != auditFolderName)
                || (name.hasPrefix("runner-") && name != runner.lastPathComponent) || name.hasPrefix("runtime-") {
                age = 24 * 3600
            } else if name.hasPrefix(".building-") {
                age = 3600
            } else if (name.hasPrefix(".lock-harness-\(layout.exercise.name)-") && name != ".lock-" + current.lastPathComponent)
                        || (name.hasPrefix(".lock-runner-") && name != ".lock-" + runner.lastPathComponent) {
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
              let runnerName = try? String(contentsOf: directory.appendingPathComponent(Self.runnerNameFile), encoding: .utf8),
              case let runner = cacheRoot.appendingPathComponent(runnerName, isDirectory: true), RunnerBuilder.isComplete(runner),
              let paths = try? Data(contentsOf: runner.appendingPathComponent("sandbox.json")),
              let sandboxPaths = try? JSONDecoder().decode(SandboxPaths.self, from: paths)
        else { return nil }
        return Harness(directory: directory, runnerDirectory: runner, tests: tests, sandboxPaths: sandboxPaths, auditor: auditor)
    }

    /// The file in a harness that names its runner's folder in the cache.
    static let runnerNameFile = "runner.txt"

    private func build(into directory: URL, auditor program: URL) throws(GradingError) {
        // The audit program needs only the toolchain: when no exercise has made it yet, it is
        // made on a second core meanwhile (SwiftSyntax's interfaces are most of a cold check).
        let auditor = Mutex<Result<Void, GradingError>?>(nil)
        let auditorBuilt = DispatchGroup()
        auditorBuilt.enter()
        Thread { [self] in
            let outcome = Result { () throws(GradingError) in
                if !FileManager.default.fileExists(atPath: program.path) { try buildAuditor(at: program) }
            }
            auditor.withLock { $0 = outcome }
            auditorBuilt.leave()
        }.start()
        // Never leave (on an error either) while it still writes into `directory`.
        defer { auditorBuilt.wait() }

        let runnerFolder = try runnerBuilder.prepare()
        try shareInterfaces(of: runnerFolder, into: directory)
        try compileModules(into: directory, objects: true)
        let tests = directory.appendingPathComponent("CachetutorHarness.o")
        for sanitized in [false, true] {
            let output = directory.appendingPathComponent(sanitized ? Harness.sanitizedTestsName : Harness.testsName)
            let link = StaticRuntime.testsLink(object: tests, output: output, toolchain: toolchain, sanitized: sanitized)
            try steps.build(step: "hidden tests library", blaming: [], with: link.program, arguments: link.arguments)
        }

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
            try steps.compile(step: "reference solution", arguments: submissionFlags + (sanitized ? Self.sanitizerFlags : [])
                + ["-I", directory.path, "-o", object.path] + layout.referenceSources.map(\.path) + [prelude.path])
            let referenceLink = StaticRuntime.submissionLink(object: object, output: directory.appendingPathComponent("\(name).so"),
                                                             toolchain: toolchain, sanitized: sanitized)
            try steps.build(step: "reference solution", blaming: [], with: referenceLink.program, arguments: referenceLink.arguments)
        }
        let listing = try steps.run(runnerFolder.appendingPathComponent("runner"), ["--list", "--tests", directory.appendingPathComponent(Harness.testsName).path],
                                    step: "listing the hidden tests")
        guard let catalog = try? JSONDecoder().decode([HiddenTestInfo].self, from: Data(listing.output)) else {
            throw .harnessBuildFailed(step: "listing the hidden tests", log: listing.outputText)
        }
        if let duplicate = Dictionary(grouping: catalog, by: \.name).first(where: { $0.value.count > 1 })?.key {
            let place = Self.firstMention(of: "\"\(duplicate)\"", in: layout.extraTests) ?? "extra tests"
            throw .badExtraTests("\(place): two hidden tests are named '\(duplicate)'; give each extra test a name of its own")
        }
        auditorBuilt.wait()
        try auditor.withLock { $0 }?.get()
        do {
            try Data(listing.output).write(to: directory.appendingPathComponent("catalog.json"))
            try Data(runnerFolder.lastPathComponent.utf8).write(to: directory.appendingPathComponent(Self.runnerNameFile))
        } catch {
            throw .workspace(path: directory.path, reason: error.localizedDescription)
        }
    }

    /// Puts the runner's module interfaces beside the exercise's, so one `-I` (the harness's
    /// folder, which the editor's link also names) finds every module a learner's file
    /// compiles against: hard links within the cache, else copies.
    private func shareInterfaces(of runnerFolder: URL, into directory: URL) throws(GradingError) {
        for module in RunnerBuilder.modules {
            let name = "\(module.name).swiftmodule"
            let source = runnerFolder.appendingPathComponent(name), target = directory.appendingPathComponent(name)
            guard link(source.path, target.path) != 0 else { continue }
            do {
                try FileManager.default.copyItem(at: source, to: target)
            } catch {
                throw .workspace(path: target.path, reason: "cannot place the runner's module interfaces (\(error.localizedDescription))")
            }
        }
    }

    /// Writes the suite's registry, then compiles the tests module into `directory`: its
    /// interface, and its object when `objects` is set. The runner's interfaces must be in
    /// `directory` already.
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
        try steps.compileModules(Self.modules, layout: layout, into: directory, objects: objects,
                                 extraSources: ["CachetutorHarness": layout.extraTests + [registry]], blamed: layout.extraTests)
    }

    /// Type-checks the harness without building it: each module's interface, then the
    /// reference solution with the adapter against them, in `directory`. `swift build`
    /// runs this for every exercise (the `HarnessTypeCheck` plugin), so a typo in a hidden
    /// test fails the build rather than the first check.
    public func typeCheck(in directory: URL) throws(GradingError) {
        try steps.compileModules(RunnerBuilder.modules, layout: layout, into: directory, objects: false)
        try compileModules(into: directory, objects: false)
        try steps.compile(step: "reference solution", arguments: submissionFlags.filter { $0 != "-c" } + ["-typecheck", "-I", directory.path]
            + layout.referenceSources.map(\.path) + [layout.preludeFile.path])
    }

    /// `audit-KEY`: the audit program depends only on the compiler and its own source, so
    /// every exercise shares one.
    private var auditFolderName: String {
        (try? HarnessIdentity.key(files: layout.auditSources, root: layout.root, extra: [toolchain.fingerprint, Self.layoutVersion]))
            .map { "audit-\($0)" } ?? "audit"
    }

    /// Where the shared audit program is (built or not).
    private func auditorLocation() throws(GradingError) -> URL {
        guard !layout.auditSources.isEmpty else { throw .harnessSourcesMissing(path: layout.root.path + " (the audit program)") }
        return cacheRoot.appendingPathComponent(auditFolderName, isDirectory: true).appendingPathComponent("audit")
    }

    /// Builds the shared audit program in the cache unless it is there: `harness-typecheck`
    /// does this at `swift build` time, into its own folder, where a first check finds it
    /// (see ``prebuiltAuditor``).
    public func prepareAuditor() throws(GradingError) {
        let program = try auditorLocation()
        if !FileManager.default.fileExists(atPath: program.path) { try buildAuditor(at: program) }
    }

    /// The audit program `swift build` made for this checkout with this compiler, if it did:
    /// the `HarnessTypeCheck` plugin's `harness-typecheck` builds it into the plugin's output
    /// folder under `.build`, keyed as the cache is. Compiling the toolchain's SwiftSyntax
    /// from its textual interface takes about 8 s of one core, most of a first check.
    private func prebuiltAuditor() -> URL? {
        let outputs = layout.root.appendingPathComponent(".build/plugins/outputs", isDirectory: true)
        guard let walker = FileManager.default.enumerator(at: outputs, includingPropertiesForKeys: [.isDirectoryKey]) else { return nil }
        for case let folder as URL in walker {
            if folder.lastPathComponent == auditFolderName {
                let program = folder.appendingPathComponent("audit")
                if FileManager.default.isExecutableFile(atPath: program.path) { return program }
            }
            // Plugin output folders sit a few levels down; an exercise's type-check folder
            // (modules, objects) holds nothing to look for.
            if walker.level >= 6 || folder.lastPathComponent.hasPrefix("audit-") { walker.skipDescendants() }
        }
        return nil
    }

    /// Builds the audit program at `program` (in a folder of its own, moved into place with
    /// one rename, as the harness is) against the toolchain's own SwiftSyntax and
    /// SwiftParser, which ship with every toolchain that has macros (`lib/swift/host`); or
    /// copies the one `swift build` made.
    private func buildAuditor(at program: URL) throws(GradingError) {
        let folder = program.deletingLastPathComponent()
        let staging = cacheRoot.appendingPathComponent(".building-audit-\(getpid())-\(UInt32.random(in: .min ... .max))", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .workspace(path: staging.path, reason: "cannot create the audit program's folder (\(error.localizedDescription))")
        }
        defer { try? FileManager.default.removeItem(at: staging) }
        if let prebuilt = prebuiltAuditor(), (try? FileManager.default.copyItem(at: prebuilt, to: staging.appendingPathComponent("audit"))) != nil {
            chmod(staging.appendingPathComponent("audit").path, 0o755)
        } else {
            try compileAuditor(into: staging.appendingPathComponent("audit"))
        }
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
        try steps.compile(step: "audit program", arguments: [
            "-parse-as-library", "-Onone", "-suppress-warnings", "-gline-tables-only",
            "-I", host.path, "-L", host.path, "-lSwiftSyntax", "-lSwiftParser", "-lSwiftParserDiagnostics", "-lSwiftDiagnostics", "-Xlinker", "-rpath", "-Xlinker", host.path,
            "-o", output.path,
        ] + layout.auditSources.map(\.path))
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
