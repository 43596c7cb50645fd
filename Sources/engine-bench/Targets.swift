/// The figures issue 2 sets for the engine, computed from the measured rows, and the
/// reference figures that put them in context (no goal: what the machine allows).
struct Target {
    let name: String
    /// The measured value, `nil` when this run did not measure it.
    let measured: Double?
    /// `nil` for a reference figure.
    let goal: Double?
    let atMost: Bool
    let unit: String

    var met: Bool? {
        guard let measured, let goal else { return nil }
        return atMost ? measured <= goal : measured >= goal
    }

    var line: String {
        guard let goal else {
            let value = measured.map { Self.format($0) + unit } ?? "not measured in this run"
            return "reference  \(name): \(value)"
        }
        let goalText = "\(atMost ? "≤" : "≥") \(Self.format(goal))\(unit)"
        guard let measured, let met else { return "target  \(name): not measured in this run (goal \(goalText))" }
        return "target  \(name): \(Self.format(measured))\(unit) (goal \(goalText))  \(met ? "met" : "NOT MET")"
    }

    var json: String {
        let value = measured.map { Self.format($0) } ?? "null"
        guard let goal else { return #"{"reference":"\#(name)","measured":\#(value)}"# }
        let metText = met.map { $0 ? "true" : "false" } ?? "null"
        return #"{"target":"\#(name)","measured":\#(value),"goal":\#(Self.format(goal)),"at_most":\#(atMost),"met":\#(metText)}"#
    }

    static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f", value)
    }

    static func evaluate(_ rows: [Measurement]) -> [Target] {
        func row(_ kind: Workload.Kind, _ impl: String, _ entries: Int, threads: Int = 1) -> Measurement? {
            rows.first { $0.workload == kind && $0.impl == impl && $0.entries == entries && $0.threads == threads }
        }
        func speedup(_ kind: Workload.Kind, _ entries: Int) -> Double? {
            guard let engine = row(kind, "engine", entries), let foundation = row(kind, "nscache", entries) else { return nil }
            return foundation.nanosecondsPerOperation / engine.nanosecondsPerOperation
        }
        func growth(_ impl: String) -> (ratio: Double, added: Double)? {
            guard let large = row(.zipfReadThrough, impl, 1_000_000), let small = row(.zipfReadThrough, impl, 1_000) else { return nil }
            return (large.nanosecondsPerOperation / small.nanosecondsPerOperation,
                    large.nanosecondsPerOperation - small.nanosecondsPerOperation)
        }
        let engineGrowth = growth("engine")
        let floorGrowth = growth("floor")
        var addedOverFloor: Double?
        if let engineGrowth, let floorGrowth {
            addedOverFloor = engineGrowth.added / floorGrowth.added
        }
        let versusDictionary = rows.filter { $0.impl == "engine" }.compactMap { engine -> Double? in
            guard let dictionary = row(engine.workload, "dictionary", engine.entries, threads: engine.threads) else { return nil }
            return engine.nanosecondsPerOperation / dictionary.nanosecondsPerOperation
        }.max()
        let hitRatioMargins = rows.filter { $0.workload == .hotSetShift && $0.impl == "engine" }.compactMap { engine -> Double? in
            guard let foundation = row(.hotSetShift, "nscache", engine.entries, threads: engine.threads),
                let mine = engine.hitRatio, let theirs = foundation.hitRatio
            else { return nil }
            return mine - theirs
        }.min()
        return [
            Target(name: "zipf read-through at 100k keys, engine throughput ÷ NSCache's", measured: speedup(.zipfReadThrough, 10_000), goal: 5, atMost: false, unit: "×"),
            Target(name: "20k ascending-cost inserts, engine throughput ÷ NSCache's", measured: speedup(.ascendingCostInserts, 20_000), goal: 100, atMost: false, unit: "×"),
            Target(name: "engine ns/op at 1M entries ÷ at 1k (zipf read-through)", measured: engineGrowth?.ratio, goal: 2, atMost: true, unit: "×"),
            Target(name: "floor ns/op at 1M entries ÷ at 1k (zipf read-through)", measured: floorGrowth?.ratio, goal: nil, atMost: true, unit: "×"),
            Target(name: "ns/op the engine adds from 1k to 1M ÷ what the floor adds", measured: addedOverFloor, goal: nil, atMost: true, unit: "×"),
            Target(name: "engine ns/op ÷ Dictionary+Mutex ns/op, worst row", measured: versusDictionary, goal: 3, atMost: true, unit: "×"),
            Target(name: "hot-set shift, engine hit ratio − NSCache's, worst row", measured: hitRatioMargins, goal: 0, atMost: false, unit: ""),
        ]
    }
}
