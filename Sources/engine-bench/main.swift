import Foundation

// engine-bench: the reference engine against Foundation's NSCache, an unbounded
// Dictionary behind a Mutex and the memory floor, side by side in one run. `--help`
// explains the options.

let implementations = [EngineTarget.name, DictionaryTarget.name, FloorTarget.name, FoundationTarget.name]
let implementationList = implementations.dropLast().joined(separator: ", ") + " or " + implementations.last!

let usage = """
    usage: engine-bench [--json] [--runs N] [--max-entries N] [--entries N] [--threads N]
                        [--workload NAME] [--impl NAME]

      --json           one JSON object per measurement on standard output; notes and
                       target lines go to standard error
      --runs N         timed runs per measurement, median reported (default 5)
      --max-entries N  skip sizes above N (default 1000000)
      --entries N      only the size N (one of the sizes in the plan)
      --threads N      only runs with N threads (1 or 2)
      --workload NAME  only this workload: \(Workload.Kind.allCases.map(\.rawValue).joined(separator: ", "))
      --impl NAME      only this implementation: \(implementationList)
    """

var json = false
var runs = 5
var maxEntries = 1_000_000
var onlyWorkload: Workload.Kind?
var onlyImpl: String?
var onlyEntries: Int?
var onlyThreads: Int?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json":
        json = true
    case "--runs", "--max-entries", "--entries", "--threads":
        guard let text = arguments.popFirst(), let value = Int(text), value > 0 else {
            FileHandle.standardError.write(Data("engine-bench: \(argument) needs a positive number\n".utf8))
            exit(64)
        }
        switch argument {
        case "--runs": runs = value
        case "--max-entries": maxEntries = value
        case "--entries": onlyEntries = value
        default: onlyThreads = value
        }
    case "--workload":
        guard let text = arguments.popFirst(), let kind = Workload.Kind(rawValue: text) else {
            FileHandle.standardError.write(Data("engine-bench: --workload needs one of the names in --help\n".utf8))
            exit(64)
        }
        onlyWorkload = kind
    case "--impl":
        guard let text = arguments.popFirst(), implementations.contains(text) else {
            FileHandle.standardError.write(Data("engine-bench: --impl needs \(implementationList)\n".utf8))
            exit(64)
        }
        onlyImpl = text
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("engine-bench: unknown option '\(argument)'\n\(usage)\n".utf8))
        exit(64)
    }
}

/// Sizes per workload, and the largest at which Foundation's O(n) insert still finishes
/// in reasonable time.
let plan: [(kind: Workload.Kind, sizes: [Int], foundationUpTo: Int)] = [
    (.zipfReadThrough, [1_000, 10_000, 100_000, 1_000_000], 10_000),
    (.hotSetShift, [1_000, 10_000, 100_000, 1_000_000], 10_000),
    (.costLimitedSets, [1_000, 10_000, 100_000, 1_000_000], 10_000),
    (.ascendingCostInserts, [1_000, 10_000, 20_000, 100_000, 1_000_000], 20_000),
]

/// Foundation's NSCache gets fewer timed runs: its O(n) inserts take most of the time.
let foundationRuns = 3

let report = Report(json: json)
let started = Date()
report.note("engine-bench: median of \(runs) runs (NSCache \(min(runs, foundationRuns))) after a warm-up; seeded traces; CPU ns per operation; \(ProcessInfo.processInfo.activeProcessorCount) cores")
report.header()
var rows: [Measurement] = []
for (kind, sizes, foundationUpTo) in plan where onlyWorkload == nil || onlyWorkload == kind {
    for entries in sizes where entries <= maxEntries && (onlyEntries ?? entries) == entries {
        let workload = Workload(kind: kind, entries: entries, runs: runs)
        for threads in [1, 2] where (onlyThreads ?? threads) == threads {
            var measured: [Measurement] = []
            if (onlyImpl ?? EngineTarget.name) == EngineTarget.name {
                measured.append(Runner.measure(EngineTarget.self, workload, threads: threads, runs: runs))
            }
            if (onlyImpl ?? DictionaryTarget.name) == DictionaryTarget.name {
                measured.append(Runner.measure(DictionaryTarget.self, workload, threads: threads, runs: runs))
            }
            if (onlyImpl ?? FloorTarget.name) == FloorTarget.name {
                measured.append(Runner.measure(FloorTarget.self, workload, threads: threads, runs: runs))
            }
            if (onlyImpl ?? FoundationTarget.name) == FoundationTarget.name && entries <= foundationUpTo {
                measured.append(Runner.measure(FoundationTarget.self, workload, threads: threads, runs: min(runs, foundationRuns)))
            }
            measured.forEach(report.row)
            rows += measured
        }
    }
}
report.note(String(format: "finished in %.0f s", Date().timeIntervalSince(started)))
report.targets(Target.evaluate(rows))
