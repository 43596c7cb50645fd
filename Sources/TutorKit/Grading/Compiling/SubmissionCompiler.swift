import Foundation
import Synchronization
import TutorTerminal

/// Audits one learner file with the toolchain's parser, then compiles it with the prelude,
/// as memory-safe Swift, and links it into a bare shared object the harness's runner loads
/// (see ``StaticRuntime``); a second copy, instrumented by ThreadSanitizer, is made at the
/// same time for the tests that run threads, when the exercise has any.
///
/// The audit fails closed: a file it cannot read whole (a parse error, a parser limit, its
/// own time, memory or stack limit) is refused, and what the compiler itself parsed is
/// checked as well, so the two can never disagree about what the file holds. The audit and
/// the compiler run under memory and CPU limits; going over one is the learner's error.
struct SubmissionCompiler {
    enum Result {
        case success(CompiledSubmission)
        case failure(String)
    }

    /// One construct the audit refused, as the audit program prints it.
    struct Finding: Decodable {
        /// Where it is in the learner's file (1-based).
        var line: Int, column: Int
        /// What it is (`@_silgen_name`) and why it is refused.
        var construct: String, reason: String
    }

    /// The exercise's name, which is the learner's file name and type.
    var exercise: String
    /// Compiles and links.
    var toolchain: Toolchain
    /// The modules and the prelude the file compiles against.
    var harness: Harness
    /// Runs the audit, the compiler and the linker.
    var runner: any ProcessRunner
    /// The environment the compiler runs with.
    var environment: [String: String]
    /// Whether the result is a grade (see ``GraderConfiguration/isGraded``).
    var isGraded = true
    /// The exercise's Swift language mode (`swift_language_mode` in its `exercise.toml`).
    var languageMode = 5

    /// The audit's limits: far beyond what any exercise needs (a few MB, milliseconds).
    static let auditMemoryBytes = 2 << 30
    static let auditCPUSeconds = 10
    /// The compiler's: an exercise compiles in well under 200 MB and a second.
    static let compilerMemoryBytes = 3 << 30
    static let compilerCPUSeconds = 120

    func compile(source: String, displayPath: String, in workspace: Workspace) throws -> Result {
        // Always the exercise's file name, so a learner file called main.swift cannot turn on
        // top-level code, and the bytes compiled are exactly the bytes validated.
        let sourceFile = workspace.url.appendingPathComponent("\(exercise).swift")
        try Data(source.utf8).write(to: sourceFile)

        // The audit runs on the second core while the file compiles; its findings win over
        // whatever the compiler made of the file.
        let audited = Mutex<Swift.Result<[Finding], any Error>?>(nil)
        let auditing = DispatchGroup()
        auditing.enter()
        Thread { [self] in
            let outcome = Swift.Result { try audit(sourceFile) }
            audited.withLock { $0 = outcome }
            auditing.leave()
        }.start()
        defer { auditing.wait() }

        // The copy for the sanitizer's runner compiles beside the plain one.
        let sanitizedCompile = Mutex<Swift.Result<(URL, ProcessOutcome), any Error>?>(nil)
        let sanitizing = DispatchGroup()
        if harness.needsSanitizer {
            sanitizing.enter()
            Thread { [self] in
                let outcome = Swift.Result { try compileObject(sourceFile, sanitized: true, in: workspace) }
                sanitizedCompile.withLock { $0 = outcome }
                sanitizing.leave()
            }.start()
        }
        defer { sanitizing.wait() }
        let (object, outcome) = try compileObject(sourceFile, sanitized: false, in: workspace)
        auditing.wait()
        let findings = try audited.withLock { $0 }?.get() ?? []
        if !findings.isEmpty {
            let lines = findings.map {
                "\(displayPath):\($0.line):\($0.column): error: " + ($0.construct.isEmpty ? $0.reason : "\($0.construct) is not allowed: \($0.reason)")
            }
            let aboutSafety = findings.contains { $0.construct.hasPrefix("@") || $0.construct.contains("unsafe") }
            return .failure((lines + (aboutSafety ? [Self.memorySafetyNote] : [])).joined(separator: "\n"))
        }
        sanitizing.wait()
        var compiled = [(object, outcome, false)]
        if let sanitized = try sanitizedCompile.withLock({ $0 })?.get() { compiled.append((sanitized.0, sanitized.1, true)) }
        for (_, outcome, _) in compiled {
            guard outcome.termination == .exited(0), !outcome.timedOut else {
                if outcome.timedOut { return .failure("\(displayPath): error: the compiler did not finish within 120 s") }
                if let limit = Self.compilerLimitMessage(outcome) { return .failure("\(displayPath): error: \(limit)") }
                return .failure(try compilerMessage(outcome.outputText, sourceFile: sourceFile, displayPath: displayPath, workspace: workspace))
            }
        }
        // Each object is checked and linked on a core of its own: the two links are the last
        // step before the first test can start.
        let objects = compiled.map { (object: $0.0, sanitized: $0.2) }
        let checked = Mutex<[Swift.Result<Linked, any Error>?]>(Array(repeating: nil, count: objects.count))
        DispatchQueue.concurrentPerform(iterations: objects.count) { index in
            let (object, sanitized) = objects[index]
            let outcome = Swift.Result { () throws -> Linked in
                if let refusal = try refusal(of: object, source: source, displayPath: displayPath) { return .refused(refusal) }
                return .library(try link(object, sanitized: sanitized, in: workspace))
            }
            checked.withLock { $0[index] = outcome }
        }
        var libraries: [URL] = []
        for outcome in checked.withLock({ $0 }) {
            switch try outcome?.get() {
            case let .refused(refusal)?: return .failure(refusal)
            case let .library(library)?: libraries.append(library)
            case nil: throw GradingError.launch("a compiled object was neither checked nor linked")
            }
        }
        return .success(CompiledSubmission(plain: libraries[0], sanitized: libraries.count > 1 ? libraries[1] : nil))
    }

    /// What became of one compiled object: refused by the checks before loading, or linked.
    private enum Linked {
        case refused(String)
        case library(URL)
    }

    /// Compiles the file with the prelude into `Submission.o` (in `tsan/` for the sanitizer:
    /// one name for both, as the sanitizer's reports name the file), under the compiler's limits.
    private func compileObject(_ sourceFile: URL, sanitized: Bool, in workspace: Workspace) throws -> (URL, ProcessOutcome) {
        let folder = sanitized ? workspace.url.appendingPathComponent("tsan", isDirectory: true) : workspace.url
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let object = folder.appendingPathComponent("Submission.o")
        // The harness's own module cache (beside it in the cache).
        let commandLine = SubmissionCommandLine(languageMode: languageMode, modules: harness.directory, prelude: harness.preludeFile,
                                                moduleCache: moduleCache, macroFlags: toolchain.withoutMacroPlugins)
        let job = try frontendJobs.command(for: commandLine.arguments(source: sourceFile, output: object, sanitized: sanitized), in: workspace.url)
        var compile = ProcessRequest(
            executable: job.executable,
            arguments: job.arguments,
            environment: environment,
            workingDirectory: workspace.url.path,
            wallClockLimit: .seconds(120)
        )
        compile.addressSpaceLimit = Self.compilerMemoryBytes
        compile.cpuSecondsLimit = Self.compilerCPUSeconds
        return (object, try runner.run(compile))
    }

    /// Why the compiled `object` may not be loaded, if it may not: code that would run as
    /// soon as it is loaded, or a module the runner does not carry.
    ///
    /// An object these checks cannot read is refused too, as the file's: the reference and
    /// every correct file compile to objects they read (the tests prove it), so only a file
    /// shaped to hide something from them makes one.
    private func refusal(of object: URL, source: String, displayPath: String) throws -> String? {
        let startup: [String]
        let unavailable: [String]
        do {
            let compiled = try ELFObject(contentsOf: object)
            // The sanitizer's own constructor, which only starts ThreadSanitizer, is the one
            // startup code a compiled file may carry.
            startup = try compiled.startupSectionsBesidesSanitizer()
            unavailable = StaticRuntime.unavailableModules(autolinkEntries: try AutolinkEntries.read(compiled))
        } catch {
            return "\(displayPath): error: the compiled file cannot be checked before it is loaded (\(error)); an exercise compiles to an ordinary object, so write it as one (no thousands of declarations)"
        }
        if !startup.isEmpty {
            return "\(displayPath): error: the compiled file holds code that would run as soon as it is loaded (\(startup.joined(separator: ", "))); graded exercises may not have any\n" + Self.memorySafetyNote
        }
        guard !unavailable.isEmpty else { return nil }
        return unavailable.map { module in
            let line = TextLines.split(source)
                .firstIndex { $0.contains("import \(module)") }.map { ":\($0 + 1)" } ?? ""
            return "\(displayPath)\(line): error: module '\(module)' is not available to graded exercises; they may import \(StaticRuntime.availableModules)"
        }.joined(separator: "\n")
    }

    /// Links `object` into the shared object its runner loads; a link that fails is the grader's fault.
    private func link(_ object: URL, sanitized: Bool, in workspace: Workspace) throws -> URL {
        // The folder as well (traversable, as the workspace is): the runner may run as another user.
        chmod(object.deletingLastPathComponent().path, 0o711)
        let library = object.deletingLastPathComponent().appendingPathComponent("Submission.so")
        let linker = StaticRuntime.submissionLink(object: object, output: library, toolchain: toolchain, sanitized: sanitized)
        let linked = try runner.run(ProcessRequest(
            executable: linker.program.path, arguments: linker.arguments,
            environment: environment, workingDirectory: workspace.url.path, wallClockLimit: .seconds(60)
        ))
        guard linked.termination == .exited(0) else {
            throw GradingError.harnessBuildFailed(step: "linking the submission", log: linked.outputText)
        }
        // The sandboxed runner may run as another user: it must be able to read the object.
        chmod(library.path, 0o644)
        return library
    }

    /// The compiler's errors as the learner should read them: in their file, at their lines.
    private func compilerMessage(_ output: String, sourceFile: URL, displayPath: String, workspace: Workspace) throws -> String {
        let preludeText: String
        do {
            preludeText = try String(contentsOf: harness.preludeFile, encoding: .utf8)
        } catch {
            throw GradingError.workspace(path: harness.preludeFile.path, reason: "the harness's prelude is unreadable (\(error.localizedDescription))")
        }
        let mapper = DiagnosticMapper(
            submissionPath: sourceFile.path, displayPath: displayPath,
            preludePath: harness.preludeFile.path, preludeText: preludeText,
            privatePaths: [workspace.url.path, harness.directory.path]
        )
        var message = mapper.map(output)
        if output.contains("[#StrictMemorySafety]") { message += "\n" + Self.memorySafetyNote }
        if output.contains("[#SendableClosureCaptures]") {
            message += "\nnote: graded exercises refuse, in every language mode, a var captured by code that runs concurrently: capture a let copy, or keep the state in a class that guards it with a lock"
        }
        if output.contains("external macro implementation type") {
            message += "\nnote: graded exercises are compiled without macros (such as @Observable or @TaskLocal); write the code they would generate"
        }
        return message
    }

    /// The frontend jobs learned for this harness's command lines.
    private var frontendJobs: FrontendJobCache {
        FrontendJobCache(file: harness.directory.appendingPathComponent(FrontendJobCache.fileName), swiftc: toolchain.swiftc,
                         runner: runner, environment: environment)
    }

    /// The harness's module cache, beside it in the cache.
    private var moduleCache: URL { harness.directory.deletingLastPathComponent().appendingPathComponent("module-cache") }

    /// Why the compiler stopped, when it was one of its limits or it crashed on the file.
    static func compilerLimitMessage(_ outcome: ProcessOutcome) -> String? {
        let text = outcome.outputText
        if case let .signaled(signal) = outcome.termination, signal == SIGXCPU || signal == SIGKILL {
            return "the compiler used up its \(compilerCPUSeconds) s of CPU time on this file; an exercise compiles in about a second"
        }
        if text.contains("out of memory") || text.contains("bad_alloc") || text.contains("Cannot allocate memory") {
            return "the file needs more than \(compilerMemoryBytes >> 30) GB to compile (deeply nested types or expressions?); an exercise needs about 150 MB"
        }
        // The driver reports a frontend that crashed; a frontend run directly ends by the signal.
        if text.contains("failed due to signal") || text.contains("Stack dump:") || outcome.endedBySignal {
            return "the compiler crashed on this file (it may have run out of its \(compilerMemoryBytes >> 30) GB of memory, or the file is nested too deeply); simplify the declarations it was compiling"
        }
        return nil
    }

    /// Why a construct is refused, once per report.
    static let memorySafetyNote = "note: exercises are graded as memory-safe Swift: unsafe pointers, Unmanaged, unsafeBitCast, C calls that take pointers, 'unsafe' and attributes that name raw symbols are not available, so that no file can read or replace the test runner's memory"

    /// The audit's findings for `file`, then, when it found nothing, what the compiler's own
    /// parse shows (see ``CompilerParseCheck``). An audit that could not start, or that
    /// answered nonsense, is the grader's fault; one that ran out of its limits on the file
    /// is the file's.
    private func audit(_ file: URL) throws -> [Finding] {
        var request = ProcessRequest(
            executable: harness.auditor.path, arguments: [file.path] + (isGraded ? [] : ["--ungraded"]),
            environment: ["PATH": "/usr/bin:/bin"], wallClockLimit: .seconds(60)
        )
        request.addressSpaceLimit = Self.auditMemoryBytes
        request.cpuSecondsLimit = Self.auditCPUSeconds
        let outcome = try runner.run(request)
        if outcome.termination == .exited(0), !outcome.outputTruncated, let findings = try? JSONDecoder().decode([Finding].self, from: Data(outcome.output)) {
            return findings.isEmpty ? try compilerParseFindings(file) : findings
        }
        // The audit lists at most a screenful of short findings, so an answer past the cap
        // can only come of what the file holds.
        if outcome.timedOut || outcome.endedBySignal || outcome.outputTruncated {
            return [Finding(line: 1, column: 1, construct: "",
                            reason: "the grader's audit could not read this file whole within \(Self.auditCPUSeconds) s, \(Self.auditMemoryBytes >> 30) GB and its stack (nesting that deep or that ambiguous?), so it cannot be graded; an exercise never needs it")]
        }
        throw GradingError.harnessBuildFailed(step: "auditing the submission", log: outcome.outputText)
    }

    /// What the compiler's own parser makes of `file` (`-dump-parse`), checked for what the
    /// audit refuses: the two parsers must agree that the file holds none of it.
    private func compilerParseFindings(_ file: URL) throws -> [Finding] {
        let job = try frontendJobs.command(for: ["-dump-parse", "-parse-as-library", "-module-name", "Submission", file.path],
                                           in: file.deletingLastPathComponent())
        var request = ProcessRequest(
            executable: job.executable,
            arguments: job.arguments,
            environment: environment, workingDirectory: file.deletingLastPathComponent().path, wallClockLimit: .seconds(60),
            outputLimit: 64 << 20
        )
        request.addressSpaceLimit = Self.compilerMemoryBytes
        request.cpuSecondsLimit = Self.auditCPUSeconds
        let outcome = try runner.run(request)
        if outcome.timedOut || outcome.outputTruncated || outcome.endedBySignal {
            return [Finding(line: 1, column: 1, construct: "",
                            reason: "the compiler's parser could not read this file whole within its limits, so it cannot be graded")]
        }
        return CompilerParseCheck.findings(in: outcome.outputText, graded: isGraded).map {
            Finding(line: $0.line, column: $0.column, construct: $0.construct, reason: $0.reason)
        }
    }
}
