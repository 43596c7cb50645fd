import Foundation
import TutorCourse
import TutorGrading
import TutorTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `cachetutor exercises prepare [NAME | --examples]`: builds an exercise's hidden tests
/// (or the runner of the lessons' examples) now, so the first `check` (or `run`) does not
/// wait for them. `exercises start` and `learn` start it in the background on their own.
///
///     $ cachetutor exercises prepare ThumbnailCache
///     Building the ThumbnailCache tests, once: 40 % · about 8 s left
enum ExercisePrepareCommand {
    static let spec = CommandSpec(
        name: "prepare",
        abstract: "Build an exercise's hidden tests now, so the first check is quick.",
        discussion: "The tests are built once per exercise and kept in the cache, where an editor set up by 'exercises start' or 'exercises editor' finds them too. 'exercises start' starts this in the background, and 'learn' does on a page with an example to run or an exercise; a check that finds the build under way waits for it. Set CACHETUTOR_PREBUILD=0 to turn the background builds off.",
        arguments: [ArgumentSpec(name: "NAME", help: "The exercise (default: every one).", isOptional: true, isRepeating: true, completion: .exercises)],
        options: [.flag("examples", help: "Build the runner of the lessons' examples ('run' in learn) too.")],
        examples: ["cachetutor exercises prepare ThumbnailCache", "cachetutor exercises prepare --examples"]
    )

    static func run(_ parsed: ParsedCommand, catalog: ExerciseCatalog, course: CourseLocation, in context: CommandContext) throws -> ExitCode {
        let exercises = try parsed.positionals.isEmpty && parsed.flag("examples") ? [] :
            (parsed.positionals.isEmpty ? catalog.exercises : parsed.positionals.map { try catalog.exercise(named: $0) })
        let line = BuildProgressLine(console: context.console)
        try Interrupt.catching {
            for exercise in exercises {
                var configuration = GraderConfiguration(environment: context.environment)
                configuration.exercise = exercise.name
                configuration.exercisesFolder = course.exercises
                configuration.buildProgress = line.handler
                let harness = try Grader(configuration: configuration).prepareHarness()
                // Where an editor set up by `exercises start` or `exercises editor` looks.
                try EditorHarness(cacheRoot: HarnessBuilder.cacheRoot(environment: context.environment), exercise: exercise.definition).link(to: harness)
            }
            if parsed.flag("examples") {
                _ = try ExampleRunner(environment: context.environment, buildProgress: line.handler).prepare()
            }
        }
        return .success
    }
}

/// Starts `exercises prepare` in the background, detached from the terminal (its own
/// session, no terminal input or output, not a child of this process), so it outlives the
/// command that started it and Ctrl-C never reaches it. Quietly does nothing when it cannot start, when
/// `CACHETUTOR_PREBUILD` is `0`, or when this program is not `cachetutor` (a test binary).
enum BackgroundPrepare {
    /// Whether background builds are on for `environment`.
    static func isEnabled(environment: [String: String]) -> Bool {
        !["0", "no", "never", "off"].contains(environment["CACHETUTOR_PREBUILD"]?.lowercased() ?? "")
    }

    /// Starts building `exercise` (nil: the lessons' example runner); true when it started.
    @discardableResult
    static func start(exercise: String?, course: CourseLocation, context: CommandContext) -> Bool {
        guard isEnabled(environment: context.environment), let program = selfExecutable() else { return false }
        let arguments = ["exercises", "prepare"] + (exercise.map { [$0] } ?? ["--examples"]) + ["--course", course.root.path]
        return spawnDetached(program, arguments, environment: context.environment)
    }

    /// This program, when it is `cachetutor`.
    static func selfExecutable() -> String? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
              URL(fileURLWithPath: path).lastPathComponent == "cachetutor" else { return nil }
        return path
    }

    /// `POSIX_SPAWN_SETSID` (glibc 2.26), which Swift's Glibc module does not name.
    private static let spawnSetSID: Int32 = 0x80

    /// Runs `program` through a shell that starts it in the background and exits at once:
    /// the build is then nobody's child here (Ctrl-C's clean-up of this process's children
    /// never reaches it, and no zombie is left), in a session of its own, without the terminal.
    private static func spawnDetached(_ program: String, _ arguments: [String], environment: [String: String]) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Nothing of this process's but the three above: not its terminal, not its files.
        guard prepareSpawnCloseFrom(&actions, 3) == 0 else { return false }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let shell = "/bin/sh"
        let argv = [shell, "-c", "\"$0\" \"$@\" &", program] + arguments
        let cArguments = argv.map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            cArguments.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = (cArguments + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                posix_spawn(&pid, shell, &actions, &attributes, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
            }
        }
        guard spawned == 0 else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status == 0
    }
}

@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func prepareSpawnCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
