import Foundation

/// The compiler, the linker and the harness's own programs, run for a build in the cache.
/// A failure is the harness's, unless an instructor's extra test file is to blame.
struct BuildSteps: Sendable {
    /// The compiler and its tools.
    var toolchain: Toolchain
    /// The user's cache directory for cachetutor; every build runs there.
    var cacheRoot: URL
    /// Runs the programs.
    var runner: any ProcessRunner
    /// The environment the compiler runs with.
    var environment: [String: String]

    /// The compilers' module cache, shared by every build and check.
    var moduleCache: URL { cacheRoot.appendingPathComponent("module-cache", isDirectory: true) }

    /// Runs one of the harness's own programs; a failure is the harness's.
    func run(_ program: URL, _ arguments: [String], step: String) throws(GradingError) -> ProcessOutcome {
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
    func compile(step: String, blaming blamed: [URL] = [], arguments: [String]) throws(GradingError) {
        // With the cache's module cache: a compiler left to itself writes `clang/ModuleCache`
        // where it runs (when XDG_CACHE_HOME is empty).
        try build(step: step, blaming: blamed, with: toolchain.swiftc, arguments: arguments + ["-module-cache-path", moduleCache.path])
    }

    /// Runs the linker driver; any failure is the harness's.
    func link(step: String, arguments: [String]) throws(GradingError) {
        try build(step: step, blaming: [], with: toolchain.clang, arguments: arguments)
    }

    /// Runs `tool`; see ``compile(step:blaming:arguments:)`` for whom a failure blames.
    func build(step: String, blaming blamed: [URL], with tool: URL, arguments: [String]) throws(GradingError) {
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

    /// Compiles each of `modules` in order into `directory`: its interface, and its object
    /// when `objects` is set; `extraSources` are added to the module of that name, and an
    /// error in `blamed` is the instructor's.
    func compileModules(_ modules: [HarnessBuilder.Module], layout: HarnessLayout, into directory: URL, searchPaths: [URL] = [], objects: Bool,
                        extraSources: [String: [URL]] = [:], blamed: [URL] = []) throws(GradingError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .workspace(path: directory.path, reason: error.localizedDescription)
        }
        for module in modules {
            let sources = module.sources(layout) + (extraSources[module.name] ?? [])
            guard !sources.isEmpty else { throw .harnessSourcesMissing(path: layout.root.path + " (module \(module.name))") }
            let object = objects ? ["-c", "-o", directory.appendingPathComponent("\(module.name).o").path] : []
            try compile(step: "module \(module.name)", blaming: extraSources[module.name] == nil ? [] : blamed, arguments: HarnessBuilder.moduleFlags + [
                "-swift-version", module.languageMode,
                "-module-name", module.name,
                "-I", directory.path,
            ] + searchPaths.flatMap { ["-I", $0.path] } + [
                "-emit-module", "-emit-module-path", directory.appendingPathComponent("\(module.name).swiftmodule").path,
            ] + object + sources.map(\.path))
        }
    }
}
