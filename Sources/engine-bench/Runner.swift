import Dispatch
import Foundation
import Synchronization

/// One row of results.
struct Measurement {
    let workload: Workload.Kind
    let impl: String
    let entries: Int
    let threads: Int
    /// Wall-clock nanoseconds per operation over all threads (the inverse of throughput).
    let nanosecondsPerOperation: Double
    /// Hits over lookups in the timed runs; `nil` for workloads without lookups.
    let hitRatio: Double?
}

/// Runs a workload against an implementation: one untimed warm-up, then `runs` timed
/// passes over the trace, reporting the median.
enum Runner {
    static func measure<T: BenchTarget>(_ type: T.Type, _ workload: Workload, threads: Int, runs: Int) -> Measurement {
        var shared: T? = workload.needsFreshCache ? nil : T(countLimit: workload.countLimit, costLimit: workload.costLimit)
        var samples: [Double] = []
        var hits = 0
        var lookups = 0
        for run in 0...runs {
            let target = shared ?? T(countLimit: workload.countLimit, costLimit: workload.costLimit)
            let pass = execute(target, workload, threads: threads)
            if run > 0 {
                samples.append(Double(pass.nanoseconds) / Double(workload.trace.count))
                hits += pass.hits
                lookups += pass.lookups
            }
        }
        shared = nil
        samples.sort()
        return Measurement(
            workload: workload.kind, impl: T.name, entries: workload.entries, threads: threads,
            nanosecondsPerOperation: samples[samples.count / 2],
            hitRatio: workload.isReadThrough && lookups > 0 ? Double(hits) / Double(lookups) : nil)
    }

    /// One pass; with several threads each takes every `threads`-th operation, so the
    /// trace keeps its order in time.
    private static func execute<T: BenchTarget>(_ target: T, _ workload: Workload, threads: Int) -> (nanoseconds: UInt64, hits: Int, lookups: Int) {
        let totals = Mutex((hits: 0, lookups: 0))
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { lane in
            let counts = run(target, workload, lane: lane, stride: threads)
            totals.withLock {
                $0.hits += counts.hits
                $0.lookups += counts.lookups
            }
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        let counts = totals.withLock { $0 }
        return (elapsed, counts.hits, counts.lookups)
    }

    private static func run<T: BenchTarget>(_ target: T, _ workload: Workload, lane: Int, stride: Int) -> (hits: Int, lookups: Int) {
        var hits = 0
        var lookups = 0
        let keys = workload.keys
        workload.trace.withUnsafeBufferPointer { trace in
            workload.costs.withUnsafeBufferPointer { costs in
                var index = lane
                if workload.isReadThrough {
                    while index < trace.count {
                        let key = keys[Int(trace[index])]
                        lookups += 1
                        if target.get(key) != nil {
                            hits += 1
                        } else {
                            target.set(Payload(cost: Int(costs[index])), key: key)
                        }
                        index += stride
                    }
                } else {
                    while index < trace.count {
                        target.set(Payload(cost: Int(costs[index])), key: keys[Int(trace[index])])
                        index += stride
                    }
                }
            }
        }
        return (hits, lookups)
    }
}
