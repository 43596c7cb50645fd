/// The process exit statuses cachetutor uses, following BSD's `sysexits.h`.
///
/// Scripts and CI jobs rely on these, so each has one meaning across every command:
///
///     $ cachetutor check exercises/ThumbnailCache.swift; echo $?
///     1        # it compiled and ran, and some hidden test failed
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Everything asked for succeeded (for `check` and `grade`: every test passed).
    case success = 0
    /// The submission compiled and ran, and at least one test failed.
    case testsFailed = 1
    /// The submission did not compile or could not be run.
    case couldNotRun = 2
    /// The command line was wrong: an unknown command, option or missing argument.
    case usage = 64
    /// An input file was malformed: a lesson, a quiz, or a submission that is not Swift text.
    case dataError = 65
    /// An input file is missing or unreadable.
    case noInput = 66
    /// cachetutor itself failed; this is a bug or a broken installation, not the user's fault.
    case software = 70
    /// An output file could not be written (a full disk, a folder that does not exist).
    case cannotCreate = 73
    /// Ctrl-C stopped it (128 + SIGINT, as a shell reports a program SIGINT ended).
    case interrupted = 130
}
