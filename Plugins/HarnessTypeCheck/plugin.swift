import Foundation
import PackagePlugin

/// Type-checks the grading harness, every exercise's hidden tests and reference, whenever
/// any of them changes, so that `swift build` fails on a typo in a hidden test. The harness
/// itself is compiled at grading time, not by SwiftPM (see Package.swift); this plugin
/// runs the grader's own `HarnessBuilder.typeCheck` through the `harness-typecheck` tool.
@main
struct HarnessTypeCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let inputs = ["Sources/Harness", "Sources/CacheEngine", "Sources/CodeLock", "Exercises"].flatMap { files(under: root.appending(path: $0)) }
        let output = context.pluginWorkDirectoryURL.appending(path: "HiddenTestsTypeCheck.swift")
        return [.buildCommand(
            displayName: "Type-checking the grading harness and every exercise's hidden tests",
            executable: try context.tool(named: "harness-typecheck").url,
            arguments: [root.path, context.pluginWorkDirectoryURL.appending(path: "harness").path, output.path],
            inputFiles: inputs,
            outputFiles: [output]
        )]
    }

    /// Every file below `folder`, hidden folders (`.grading`) included.
    private func files(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }
}
