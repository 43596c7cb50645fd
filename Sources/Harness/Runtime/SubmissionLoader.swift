import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Loads the learner's compiled file, a shared object, into the runner once the sandbox is
/// up, and finds the prelude's adapter in it.
///
/// `RTLD_LOCAL`: the object's symbols never join the global scope, so nothing it defines
/// can stand in for a function the runner, the runtime or the C library calls. The
/// object resolves its own references against the runner, which exports the engine, the
/// `UIKit` stand-in and the harness.
enum SubmissionLoader {
    /// The mangled name of the prelude's adapter class in module `Submission`.
    static let adapterTypeName = "10Submission25_CachetutorSubjectAdapterC"

    /// The adapter's type, or why it could not be had.
    static func load(_ path: String) -> Result<Any.Type, LoadError> {
        guard dlopen(path, RTLD_NOW | RTLD_LOCAL) != nil else {
            return .failure(LoadError(message: "cannot load the compiled submission: \(dlerror().map { String(cString: $0) } ?? "unknown reason")"))
        }
        guard let type = _typeByName(adapterTypeName) else {
            return .failure(LoadError(message: "the compiled submission holds no test adapter"))
        }
        return .success(type)
    }

    struct LoadError: Error {
        var message: String
    }
}
