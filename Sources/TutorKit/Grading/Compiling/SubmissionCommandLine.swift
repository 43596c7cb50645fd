import Foundation

/// The compiler's arguments for one learner file, in one place: the grader compiles a
/// submission with them (``SubmissionCompiler``), and the editor's compilation database
/// hands the same to sourcekit-lsp (``CompilationDatabase``), so the editor judges the file
/// exactly as the grader will.
///
///     let line = SubmissionCommandLine(languageMode: 5, modules: harness.directory, prelude: harness.preludeFile,
///                                      moduleCache: cache, macroFlags: toolchain.withoutMacroPlugins)
///     line.arguments(source: file, output: object)   // -c -parse-as-library … -o Submission.o FILE Adapter.swift …
public struct SubmissionCommandLine: Sendable, Equatable {
    /// The exercise's Swift language mode (`swift_language_mode`, 5 or 6).
    public var languageMode: Int
    /// The folder holding the harness's modules (`-I`).
    public var modules: URL
    /// The prelude compiled beside the file (the exercise's adapter).
    public var prelude: URL
    /// The compilers' module cache.
    public var moduleCache: URL
    /// The flags that keep every macro plugin from running (``Toolchain/withoutMacroPlugins``).
    public var macroFlags: [String]

    /// A command line over explicit parts.
    public init(languageMode: Int, modules: URL, prelude: URL, moduleCache: URL, macroFlags: [String]) {
        self.languageMode = languageMode
        self.modules = modules
        self.prelude = prelude
        self.moduleCache = moduleCache
        self.macroFlags = macroFlags
    }

    /// The arguments that compile `source` with the prelude, into `output` when one is
    /// given (an editor asks for no object), instrumented by ThreadSanitizer when `sanitized`.
    public func arguments(source: URL, output: URL?, sanitized: Bool = false) -> [String] {
        HarnessBuilder.submissionFlags(languageMode: languageMode) + (sanitized ? HarnessBuilder.sanitizerFlags : [])
            + macroFlags
            + ["-I", modules.path] + (output.map { ["-o", $0.path] } ?? []) + [source.path, prelude.path]
            // Never the module cache a compiler would make where it runs.
            + ["-module-cache-path", moduleCache.path]
    }
}
