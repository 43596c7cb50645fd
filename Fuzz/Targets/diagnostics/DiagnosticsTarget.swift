@testable import TutorGrading
import TutorTerminal

/// The compiler's output on its way to the learner: `DiagnosticMapper` must leave no
/// private path of the grader (its temporary folder, the harness, the cache) in what it
/// returns, whatever the output holds; `CompilerParseCheck` reads any `-dump-parse` text;
/// the terminal layout of compiler text copes with any line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiagnostics(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let output = FuzzInput.text(FuzzInput.bytes(start, count))
    let workspace = "/tmp/cachetutor-check-Xy12Ab"
    let harness = "/home/grader/.cache/cachetutor/harness-ThumbnailCache-0123abcd"
    let mapper = DiagnosticMapper(
        submissionPath: workspace + "/ThumbnailCache.swift",
        displayPath: "exercises/ThumbnailCache.swift",
        preludePath: harness + "/Adapter.swift",
        preludeText: "typealias NSCache = CacheEngine.Cache\nlet probe = ThumbnailCache.init(generator:) // expects: init(generator:)\n",
        privatePaths: [workspace, harness, "/home/grader/.cache/cachetutor"]
    )
    let mapped = mapper.map(output)
    for path in ["/tmp/cachetutor-check-Xy12Ab", "/home/grader/.cache/cachetutor"] where !output.isEmpty {
        FuzzCheck.expect(!mapped.contains(path), "the learner is shown the private path \(path): \(mapped.debugDescription.prefix(300))")
    }
    for finding in CompilerParseCheck.findings(in: output) {
        FuzzCheck.expect(!finding.construct.isEmpty, "a finding without a construct")
    }
    for width in [12, 80] {
        _ = CompilerText.lines(output, width: width)
    }
    _ = CompilerText.diagnostics(output)
    return 0
}
