import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Loads an exercise's tests library into the runner and finds its suite.
///
/// The library is the course's own code, loaded before the sandbox is up, as the tests were
/// when each exercise had a runner of its own. `RTLD_GLOBAL`: the learner's file, loaded
/// after it with local binding, resolves the exercise's API protocol
/// (`CachetutorHarness.ThumbnailCacheSubject`) against it.
enum SuiteLoader {
    /// The mangled name of the generated registry's `_CachetutorSuite` in module `CachetutorHarness`.
    static let suiteTypeName = "17CachetutorHarness16_CachetutorSuiteC"

    /// The suite in the library at `path`, or why it could not be had.
    static func load(_ path: String) -> Result<any LoadedSuite.Type, SubmissionLoader.LoadError> {
        guard !path.isEmpty else { return .failure(.init(message: "the runner was given no tests library (--tests)")) }
        guard dlopen(path, RTLD_NOW | RTLD_GLOBAL) != nil else {
            return .failure(.init(message: "cannot load the hidden tests: \(dlerror().map { String(cString: $0) } ?? "unknown reason")"))
        }
        guard let suite = _typeByName(suiteTypeName) as? any LoadedSuite.Type else {
            return .failure(.init(message: "the tests library at \(path) holds no suite"))
        }
        return .success(suite)
    }
}
