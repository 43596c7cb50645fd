import Foundation
import Synchronization
import TutorTerminal

/// Builds the test runner once per compiler and runner sources, for every exercise of the
/// course, into `runner-KEY` in the cache: two programs (`runner`, and `runner-tsan`, which
/// also carries ThreadSanitizer), the interfaces of the modules they carry (`CodeLock`,
/// `CacheEngine`, `UIKit`, `HarnessRuntime`), and `sandbox.json`, the host paths they load
/// their libraries from. An exercise's hidden tests and a learner's file are libraries the
/// runner loads (see ``HarnessBuilder``).
///
/// Each runner carries the whole static Swift runtime and Foundation (``StaticRuntime``);
/// the copy of the toolchain's archives they are linked from is made in the staging folder
/// and gone once they are linked, so the cache keeps only the two programs.
struct RunnerBuilder: Sendable {
    /// The runner's modules, in build order.
    static let modules: [HarnessBuilder.Module] = [
        HarnessBuilder.Module(name: "CodeLock", languageMode: "6", sources: { $0.codeLockSources }),
        HarnessBuilder.Module(name: "CacheEngine", languageMode: "6", sources: { $0.engineSources }),
        HarnessBuilder.Module(name: "UIKit", languageMode: "6", sources: { $0.uikitSources }),
        HarnessBuilder.Module(name: "HarnessRuntime", languageMode: "5", sources: { $0.runtimeSources }),
    ]

    /// The files a built runner folder holds besides the module interfaces.
    static let programs = ["runner", "runner-tsan", "sandbox.json"]

    /// Where the sources are.
    var layout: HarnessLayout
    /// Runs the compiler and the linker.
    var steps: BuildSteps
    /// Part of the key: changes when what the folder holds changes shape.
    var version: String

    /// The identity of the runner these sources and this compiler make.
    func key() throws(GradingError) -> String {
        do {
            return try HarnessIdentity.key(files: layout.runnerSources, root: layout.root,
                                           extra: [steps.toolchain.fingerprint, version] + HarnessBuilder.moduleFlags + StaticRuntime.archives)
        } catch {
            throw .harnessSourcesMissing(path: layout.root.path)
        }
    }

    /// `runner-KEY` in the cache, built or not.
    func folder() throws(GradingError) -> URL {
        steps.cacheRoot.appendingPathComponent("runner-\(try key())", isDirectory: true)
    }

    /// Whether `folder` holds a whole runner.
    static func isComplete(_ folder: URL) -> Bool {
        (programs + modules.map { "\($0.name).swiftmodule" }).allSatisfy {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
    }

    /// The runner's folder, built first when it is not in the cache. One build at a time: a
    /// builder that finds another building it waits, then uses theirs; Ctrl-C ends the wait.
    func prepare() throws(GradingError) -> URL {
        let final = try folder()
        if Self.isComplete(final) {
            utimes(final.path, nil)
            return final
        }
        let lock = try BuildLock(cacheRoot: steps.cacheRoot, name: final.lastPathComponent)
        defer { lock.release() }
        while !lock.tryAcquire() {
            if Interrupt.isRequested { throw .interrupted }
            usleep(50_000)
        }
        if Self.isComplete(final) { return final }
        let fileManager = FileManager.default
        let staging = steps.cacheRoot.appendingPathComponent(".building-\(final.lastPathComponent)-\(getpid())-\(UInt32.random(in: .min ... .max))", isDirectory: true)
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw .workspace(path: staging.path, reason: "cannot create the runner's folder (\(error.localizedDescription))")
        }
        defer { try? fileManager.removeItem(at: staging) }
        try build(into: staging)
        if rename(staging.path, final.path) != 0, !Self.isComplete(final) {
            throw .workspace(path: final.path, reason: "cannot move the built runner into place (\(String(cString: strerror(errno))))")
        }
        return final
    }

    private func build(into directory: URL) throws(GradingError) {
        // The archives are copied on a second core while the modules compile.
        let runtime = StaticRuntime(toolchain: steps.toolchain, folder: directory.appendingPathComponent("runtime", isDirectory: true))
        let copied = Mutex<Result<Void, GradingError>?>(nil)
        let copying = DispatchGroup()
        copying.enter()
        Thread { [steps] in
            let outcome = Result { () throws(GradingError) in
                try runtime.prepare { program, arguments, step throws(GradingError) in try steps.run(program, arguments, step: step) }
            }
            copied.withLock { $0 = outcome }
            copying.leave()
        }.start()
        // Never leave (on an error either) while it still writes into `directory`.
        defer { copying.wait() }

        try steps.compileModules(Self.modules, layout: layout, into: directory, objects: true)
        let accessCheck = try compileGlue(layout.accessCheckSources, into: directory)
        let sanitizerGlue = try compileGlue(layout.sanitizerSources, into: directory)
        // Each runner exports its symbols, so that the tests library and the submission,
        // loaded after it, resolve the runtime, the engine and the harness against it.
        let modules = Self.modules.map { directory.appendingPathComponent("\($0.name).o") }
        let runner = directory.appendingPathComponent("runner")
        let sanitizedRunner = directory.appendingPathComponent("runner-tsan")
        copying.wait()
        try copied.withLock { $0 }?.get()
        try steps.link(step: "test runner", arguments: runtime.runnerArguments(objects: modules + accessCheck, output: runner, sanitized: false))
        try steps.link(step: "test runner with ThreadSanitizer", arguments: runtime.runnerArguments(
            objects: modules + accessCheck + sanitizerGlue, output: sanitizedRunner, sanitized: true))
        let loaders = try [runner, sanitizedRunner].map { program throws(GradingError) in
            try steps.run(URL(fileURLWithPath: "/usr/bin/ldd"), [program.path], step: "listing the runners' libraries").outputText
        }
        let paths = SandboxPaths(libraries: SandboxPaths.libraries(inLoaderReport: loaders.joined(separator: "\n")))
        do {
            try JSONEncoder().encode(paths).write(to: directory.appendingPathComponent("sandbox.json"))
            // What only the links needed: the archives' copy (most of the folder) and the objects.
            try FileManager.default.removeItem(at: runtime.folder)
            for object in try FileManager.default.contentsOfDirectory(atPath: directory.path) where object.hasSuffix(".o") {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(object))
            }
        } catch {
            throw .workspace(path: directory.path, reason: error.localizedDescription)
        }
    }

    /// Compiles the runner's C glue in `sources` into objects in `directory`.
    private func compileGlue(_ sources: [URL], into directory: URL) throws(GradingError) -> [URL] {
        var objects: [URL] = []
        for source in sources {
            let object = directory.appendingPathComponent(source.deletingPathExtension().lastPathComponent + ".o")
            try steps.build(step: "runner glue \(source.lastPathComponent)", blaming: [], with: steps.toolchain.clang,
                            arguments: ["-c", "-O1", "-fPIC", "-Wall", "-Werror", "-o", object.path, source.path])
            objects.append(object)
        }
        return objects
    }
}
