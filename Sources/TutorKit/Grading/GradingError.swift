import TutorTerminal

/// The grader itself could not work: no compiler, a harness that does not build, a
/// broken installation, or an instructor's extra tests that do not build. Never the
/// learner's fault, so never exit 1 or 2.
public enum GradingError: UserFacingError, Equatable {
    /// No `swiftc` on the PATH (or at `CACHETUTOR_SWIFTC`).
    case toolchainMissing
    /// The harness sources were not found under the package root.
    case harnessSourcesMissing(path: String)
    /// The harness did not compile; `log` is the compiler's output.
    case harnessBuildFailed(step: String, log: String)
    /// A file or directory the grader needs could not be made.
    case workspace(path: String, reason: String)
    /// A process could not be started.
    case launch(String)
    /// The instructor's extra hidden tests do not build; `message` names the file and line
    /// (`Tests/Rules.swift:4:39: error: cannot find 'nope' in scope`). Bad input, not a
    /// broken grader.
    case badExtraTests(String)
    /// The sandbox could not be set up for a test, or came up with less than was measured.
    case sandbox(String)
    /// Full isolation is required (grading a class) and this machine cannot give it.
    case isolationMissing(Sandbox)
    /// The exercise asked for does not exist, or its folder is broken (course content, not the grader).
    case exercise(ExerciseError)
    /// Ctrl-C stopped the build, the check or the run; nothing half-made was kept.
    case interrupted

    public var message: String {
        switch self {
        case .toolchainMissing:
            "cannot find swiftc on the PATH; install the Swift toolchain or set CACHETUTOR_SWIFTC"
        case let .harnessSourcesMissing(path):
            "the grading harness is missing (\(path)); set CACHETUTOR_SOURCE_ROOT to the cachetutor checkout"
        case let .harnessBuildFailed(step, log):
            // A warning may say "this is an error in the Swift 6 language mode": name the real error.
            "the grading harness failed to build (\(step)): " + (log.split(separator: "\n").first { $0.contains(": error:") }.map(String.init) ?? log.prefix(300).description)
        case let .workspace(path, reason):
            "\(path): \(reason)"
        case let .launch(reason):
            reason
        case let .badExtraTests(message):
            message
        case let .sandbox(problem):
            "the test sandbox failed: \(problem)"
        case let .exercise(error):
            error.message
        case .interrupted:
            "stopped by Ctrl-C; nothing half-built was kept"
        case let .isolationMissing(sandbox):
            "refusing to run untrusted code without full isolation: no \(sandbox.isolation.missingLayers.joined(separator: ", ")) isolation here ("
                + sandbox.fallbackReasons.joined(separator: "; ") + "). " + Self.isolationRemedy + " To grade anyway, pass --allow-unisolated; the report will say so."
        }
    }

    /// What an instructor can do about missing isolation.
    public static let isolationRemedy = "Install bubblewrap (apt-get install bubblewrap), or let unprivileged users create namespaces: sysctl kernel.unprivileged_userns_clone=1 on Debian, kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu 23.10 and later, or run Docker with --security-opt seccomp=unconfined."

    public var exitCode: ExitCode {
        switch self {
        case .badExtraTests: .dataError
        case let .exercise(error): error.exitCode
        case .interrupted: .interrupted
        default: .software
        }
    }
}
