import Testing
@testable import TutorGrading

@Suite struct DiagnosticMapperTests {
    let prelude = """
    import CacheEngine
    typealias NSCache = CacheEngine.Cache
    final class _CachetutorSubjectAdapter: CachetutorHarness.ThumbnailCacheSubject {
        let subject: ThumbnailCache // expects: final class ThumbnailCache
        var instance: AnyObject { subject } // expects: final class ThumbnailCache
        init(generator: @escaping (String) -> UIKit.UIImage?) {
            subject = ThumbnailCache(generator: generator) // expects: init(generator: @escaping (String) -> UIImage?)
        }
        func thumbnail(forKey key: String) -> UIKit.UIImage? {
            subject.thumbnail(forKey: key) // expects: func thumbnail(forKey key: String) -> UIImage?
        }
    }
    """

    var mapper: DiagnosticMapper {
        DiagnosticMapper(
            submissionPath: "/tmp/cachetutor-check-ab12/ThumbnailCache.swift",
            displayPath: "exercises/ThumbnailCache.swift",
            preludePath: "/home/learner/.cache/cachetutor/harness-x/Prelude.swift",
            preludeText: prelude,
            privatePaths: ["/tmp/cachetutor-check-ab12", "/home/learner/.cache/cachetutor/harness-x"]
        )
    }

    @Test func errorsPointAtTheLearnersPathAndLines() {
        let output = """
        /tmp/cachetutor-check-ab12/ThumbnailCache.swift:12:5: error: cannot find 'x' in scope
            x = 1
            ^
        """
        let mapped = mapper.map(output)
        #expect(mapped.hasPrefix("exercises/ThumbnailCache.swift:12:5: error: cannot find 'x' in scope"))
        #expect(mapped.contains("    ^"))
        #expect(!mapped.contains("/tmp/"))
    }

    /// Found by the fuzzer: the message of an error in the learner's file, and the lines
    /// under it, were passed on without taking the grader's paths out.
    @Test func noPrivatePathLeaksThroughAnErrorInTheLearnersFile() {
        let output = """
        /tmp/cachetutor-check-ab12/ThumbnailCache.swift:12:5: error: 'Box' is ambiguous; see /home/learner/.cache/cachetutor/harness-x/Prelude.swift
            x = 1
        /home/learner/.cache/cachetutor/harness-x/Prelude.swift:2:/tmp/cachetutor-check-ab12/x
        """
        let mapped = mapper.map(output)
        #expect(mapped.hasPrefix("exercises/ThumbnailCache.swift:12:5: error: 'Box' is ambiguous; see …/Prelude.swift"))
        #expect(!mapped.contains("/tmp/cachetutor-check-ab12"))
        #expect(!mapped.contains("/home/learner/.cache/cachetutor/harness-x"))
    }

    @Test func topLevelCodeIsExplained() {
        let mapped = mapper.map("/tmp/cachetutor-check-ab12/ThumbnailCache.swift:40:1: error: expressions are not allowed at the top level\nprint(1)\n^\n")
        #expect(mapped.contains("exercises/ThumbnailCache.swift:40:1: note: an exercise file is a library file"))
    }

    @Test func preludeErrorsBecomeMissingAPIMessages() {
        let output = """
        /home/learner/.cache/cachetutor/harness-x/Prelude.swift:10:17: error: value of type 'ThumbnailCache' has no member 'thumbnail'
                subject.thumbnail(forKey: key)
                ~~~~~~~ ^~~~~~~~~
        /home/learner/.cache/cachetutor/harness-x/Prelude.swift:10:17: error: value of type 'ThumbnailCache' has no member 'thumbnail'
        """
        let mapped = mapper.map(output)
        #expect(mapped == "exercises/ThumbnailCache.swift: error: missing API: expected `func thumbnail(forKey key: String) -> UIImage?` (the compiler said: value of type 'ThumbnailCache' has no member 'thumbnail')")
    }

    @Test func aMissingClassIsReportedAloneWithoutItsMembers() {
        let output = """
        /home/learner/.cache/cachetutor/harness-x/Prelude.swift:4:18: error: cannot find type 'ThumbnailCache' in scope
        /home/learner/.cache/cachetutor/harness-x/Prelude.swift:7:19: error: cannot find 'ThumbnailCache' in scope
        /home/learner/.cache/cachetutor/harness-x/Prelude.swift:10:9: error: cannot infer
        """
        let mapped = mapper.map(output)
        #expect(mapped.contains("expected `final class ThumbnailCache`"))
        #expect(!mapped.contains("init(generator:"))
        #expect(mapped.split(separator: "\n").count == 1)
    }

    @Test func redeclaringNSCacheIsExplainedAndPreludeNotesAreHidden() {
        let output = """
        /tmp/cachetutor-check-ab12/ThumbnailCache.swift:3:7: error: invalid redeclaration of 'NSCache'
        class NSCache {}
              ^
        /home/learner/.cache/cachetutor/harness-x/Prelude.swift:2:11: note: 'NSCache' previously declared here
        """
        let mapped = mapper.map(output)
        #expect(mapped.contains("note: cachetutor provides NSCache"))
        #expect(!mapped.contains("harness-x"))
        #expect(!mapped.contains("previously declared"))
    }

    @Test func warningsAreDroppedAndLinkerErrorsScrubbed() {
        let output = """
        /tmp/cachetutor-check-ab12/ThumbnailCache.swift:2:9: warning: variable 'a' was never used
        error: link command failed with exit code 1 (use -v to see invocation)
        /usr/bin/ld: /tmp/cachetutor-check-ab12/ThumbnailCache-1.o: multiple definition of 'main'
        """
        let mapped = mapper.map(output)
        #expect(!mapped.contains("warning"))
        #expect(mapped.contains("error: link command failed"))
        #expect(!mapped.contains("cachetutor-check-ab12"))
    }
}
