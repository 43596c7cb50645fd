import Dispatch
import Foundation
import Synchronization

/// One row of results.
struct Measurement {
    let workload: Workload.Kind
    let impl: String
    let entries: Int
    let threads: Int
    /// CPU nanoseconds per operation, summed over the threads: what an operation costs,
    /// without the time other processes on a busy machine take.
    let nanosecondsPerOperation: Double
    /// Wall-clock nanoseconds per operation over all threads (the inverse of throughput).
    let wallNanosecondsPerOperation: Double
    /// Hits over lookups in the timed runs; `nil` for workloads without lookups.
    let hitRatio: Double?
}

/// Runs a workload against an implementation: the warm-up segment (untimed), then one
/// timed segment per run, reporting the median.
enum Runner {
    static func measure<T: BenchTarget>(_ type: T.Type, _ workload: Workload, threads: Int, runs: Int) -> Measurement {
        var shared = workload.needsFreshCache ? nil : T(for: workload)
        var cpuSamples: [Double] = []
        var wallSamples: [Double] = []
        var hits = 0
        var lookups = 0
        for run in 0...runs {
            let target = shared ?? T(for: workload)
            let segment = workload.segments[run]
            let pass = execute(target, workload, segment, threads: threads)
            if run > 0 {
                cpuSamples.append(Double(pass.cpu) / Double(segment.count))
                wallSamples.append(Double(pass.wall) / Double(segment.count))
                hits += pass.hits
                lookups += pass.lookups
            }
        }
        shared = nil
        return Measurement(
            workload: workload.kind, impl: T.name, entries: workload.entries, threads: threads,
            nanosecondsPerOperation: median(cpuSamples), wallNanosecondsPerOperation: median(wallSamples),
            hitRatio: workload.isReadThrough && lookups > 0 ? Double(hits) / Double(lookups) : nil)
    }

    private static func median(_ samples: [Double]) -> Double {
        samples.sorted()[samples.count / 2]
    }

    /// One pass over a segment; with several threads each takes every `threads`-th
    /// operation, so the trace keeps its order in time.
    private static func execute<T: BenchTarget>(
        _ target: T, _ workload: Workload, _ segment: Workload.Segment, threads: Int
    ) -> (cpu: UInt64, wall: UInt64, hits: Int, lookups: Int) {
        let totals = Mutex((cpu: UInt64(0), hits: 0, lookups: 0))
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { lane in
            let cpuStart = threadCPUTime()
            let counts = run(target, segment, readThrough: workload.isReadThrough, lane: lane, stride: threads)
            let cpu = threadCPUTime() - cpuStart
            totals.withLock {
                $0.cpu += cpu
                $0.hits += counts.hits
                $0.lookups += counts.lookups
            }
        }
        let wall = DispatchTime.now().uptimeNanoseconds - start
        let counts = totals.withLock { $0 }
        return (counts.cpu, wall, counts.hits, counts.lookups)
    }

    private static func threadCPUTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func run<T: BenchTarget>(
        _ target: T, _ segment: Workload.Segment,
        readThrough: Bool, lane: Int, stride: Int
    ) -> (hits: Int, lookups: Int) {
        var hits = 0
        var lookups = 0
        segment.keys.withUnsafeBufferPointer { keys in
            segment.costs.withUnsafeBufferPointer { costs in
                var index = lane
                if readThrough {
                    while index < keys.count {
                        let key = keys[index]
                        lookups += 1
                        if target.get(key) != nil {
                            hits += 1
                        } else {
                            target.set(Payload(cost: Int(costs[index])), key: key)
                        }
                        index += stride
                    }
                } else {
                    while index < keys.count {
                        target.set(Payload(cost: Int(costs[index])), key: keys[index])
                        index += stride
                    }
                }
            }
        }
        return (hits, lookups)
    }
}
