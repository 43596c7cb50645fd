// swift-tools-version:6.0
import PackageDescription

// One module per concern. Each folder under Sources/TutorKit is the module Tutor + its
// name (Course → TutorCourse, Commands → TutorCommands, …), so the tree reads like the
// design, layers depend one way, and each is tested on its own. The dependencies below are
// exactly the modules each one imports:
//
// Linux only (seccomp, namespaces, cgroups, glibc), so no Apple platform is named.
//
//   cachetutor → TutorCommands (the command line) → every module below, and CacheEngine (quiz review's seeded order)
//   TutorREPL → TutorPlayground, TutorCourse, TutorProgress, CEditLine
//   TutorPlayground → CacheEngine, TutorCourse
//   TutorQuiz → CacheEngine (its seeded generator, for shuffles a seed reproduces)
//   TutorGradebook → TutorGrading, TutorStorage
//   TutorGrading → HarnessContract (the records and descriptors it shares with the test runner)
//   TutorProgress → TutorStorage;  TutorStorage → CSQLite (the SQLite wrapper both stores stand on)
//   every Tutor module → TutorTerminal
//   harness-typecheck → TutorGrading;  HarnessTypeCheck (build-tool plugin on cachetutor) → harness-typecheck
//
// The rest of Sources/Harness and each exercise's Exercises/NAME/.grading are not targets:
// the grader compiles them at grading time, per exercise, into the test runner (Runtime and
// Contract, the exercise's tests, the UIKit stand-in, CacheEngine, CodeLock) and the audit
// program (Audit, against
// the toolchain's own SwiftSyntax). The HarnessTypeCheck plugin (through harness-typecheck
// → TutorGrading) type-checks them in every `swift build` where they changed, and
// `cachetutor exercises verify` builds and runs every exercise's.
let package = Package(
    name: "cachetutor",
    products: [
        .library(name: "CacheEngine", targets: ["CacheEngine"]),
        .executable(name: "cachetutor", targets: ["cachetutor"]),
        .executable(name: "engine-bench", targets: ["engine-bench"]),
    ],
    targets: [
        // The reference cache engine, an NSCache-compatible library of its own.
        .target(name: "CacheEngine"),
        .executableTarget(name: "engine-bench", dependencies: ["CacheEngine"]),

        // The test process's seccomp filter: no new executable code once the submission is
        // loaded. Compiled into every runner, like CacheEngine, and tested here on its own.
        .target(name: "CodeLock"),

        // What the grader and the test runner say to each other: the channel's records and
        // descriptors. The grader links it; the runner compiles the same files.
        .target(name: "HarnessContract", path: "Sources/Harness/Contract"),

        // C libraries from Debian packages.
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // Everything behind the command line, one module per folder.
        .target(name: "TutorTerminal", path: "Sources/TutorKit/Terminal"),
        .target(name: "TutorStorage", dependencies: ["CSQLite", "TutorTerminal"], path: "Sources/TutorKit/Storage"),
        .target(name: "TutorProgress", dependencies: ["TutorStorage", "TutorTerminal"], path: "Sources/TutorKit/Progress"),
        .target(name: "TutorCourse", dependencies: ["TutorTerminal"], path: "Sources/TutorKit/Course"),
        .target(name: "TutorQuiz", dependencies: ["CacheEngine", "TutorTerminal"], path: "Sources/TutorKit/Quiz"),
        .target(name: "TutorPlayground", dependencies: ["CacheEngine", "TutorTerminal", "TutorCourse"], path: "Sources/TutorKit/Playground"),
        .target(name: "TutorGrading", dependencies: ["HarnessContract", "TutorTerminal"], path: "Sources/TutorKit/Grading"),
        .target(name: "TutorGradebook", dependencies: ["TutorGrading", "TutorStorage", "TutorTerminal"], path: "Sources/TutorKit/Gradebook"),
        .target(
            name: "TutorREPL",
            dependencies: ["CEditLine", "TutorTerminal", "TutorCourse", "TutorPlayground", "TutorProgress"],
            path: "Sources/TutorKit/REPL"
        ),
        .target(
            name: "TutorCommands",
            dependencies: [
                "CacheEngine", "TutorTerminal", "TutorCourse", "TutorQuiz", "TutorPlayground", "TutorGrading",
                "TutorGradebook", "TutorProgress", "TutorREPL",
            ],
            path: "Sources/TutorKit/Commands"
        ),
        .executableTarget(name: "cachetutor", dependencies: ["TutorCommands"], plugins: ["HarnessTypeCheck"]),

        // The harness is compiled at grading time; this plugin type-checks it, and every
        // exercise's hidden tests, whenever they change, so a typo fails `swift build`.
        .executableTarget(name: "harness-typecheck", dependencies: ["TutorGrading"]),
        .plugin(name: "HarnessTypeCheck", capability: .buildTool(), dependencies: ["harness-typecheck"]),

        // Tests: one target per module, end-to-end tests of the built binary, and what they share.
        .target(name: "TutorTestSupport", dependencies: ["TutorTerminal"], path: "Tests/TutorTestSupport"),
        .testTarget(name: "CacheEngineTests", dependencies: ["CacheEngine"]),
        .testTarget(name: "CodeLockTests", dependencies: ["CodeLock", "TutorTestSupport"], exclude: ["Probe"]),
        .testTarget(name: "TutorTerminalTests", dependencies: ["TutorTerminal", "TutorTestSupport"]),
        .testTarget(name: "TutorStorageTests", dependencies: ["TutorStorage", "TutorTestSupport"]),
        .testTarget(name: "TutorProgressTests", dependencies: ["TutorProgress", "TutorStorage", "TutorTestSupport"]),
        .testTarget(name: "TutorCourseTests", dependencies: ["TutorCourse", "TutorTerminal", "CacheEngine", "TutorTestSupport"]),
        .testTarget(name: "TutorQuizTests", dependencies: ["CacheEngine", "TutorQuiz", "TutorTerminal", "TutorTestSupport"]),
        .testTarget(name: "TutorPlaygroundTests", dependencies: ["TutorPlayground", "TutorCourse", "TutorTerminal"]),
        .testTarget(name: "TutorREPLTests", dependencies: ["TutorREPL", "TutorCourse", "TutorPlayground", "TutorTerminal", "TutorTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TutorGradingTests", dependencies: ["HarnessContract", "TutorGrading", "TutorTerminal", "TutorTestSupport"]),
        .testTarget(name: "TutorGradebookTests", dependencies: ["TutorGradebook", "TutorGrading", "TutorProgress", "TutorStorage", "TutorTerminal"]),
        .testTarget(name: "TutorCommandsTests", dependencies: ["TutorCommands", "TutorCourse", "TutorGradebook", "TutorGrading", "TutorProgress", "TutorQuiz", "TutorREPL", "TutorTerminal", "TutorTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CacheEngine", "TutorGradebook", "TutorTestSupport"], exclude: ["Support/no-user-namespaces.py", "Support/slurm-cluster.sh"]),
    ],
    swiftLanguageModes: [.v6]
)
