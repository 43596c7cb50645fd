/// An error whose message a user can act on, and the exit status it ends the process with.
///
/// Every module's error enum conforms, so the command line prints any of them the same
/// way: one line, naming the file (and line, where there is one) and what is wrong.
///
///     enum LessonError: UserFacingError {
///         case unknownDirective(file: String, line: Int, name: String, suggestion: String?)
///         var message: String { … }   // "Lessons/05-eviction.md:42: unknown directive ':::tryit'; did you mean ':::try'?"
///         var exitCode: ExitCode { .dataError }
///     }
public protocol UserFacingError: Error {
    /// One line, without a trailing newline or a "cachetutor:" prefix.
    var message: String { get }
    /// The status the process should exit with when this error ends it.
    var exitCode: ExitCode { get }
}

/// The one line a user sees for `error`: its ``UserFacingError/message`` when it has one,
/// else what Swift prints for it.
///
///     console.warning("progress will not be saved: \(userFacingMessage(error))")
public func userFacingMessage(_ error: any Error) -> String {
    (error as? any UserFacingError)?.message ?? "\(error)"
}
