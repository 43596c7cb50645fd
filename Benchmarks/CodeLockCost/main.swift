// What the seccomp filter costs a system call: the same calls timed before and after
// CodeLock.engage(gate:), in one process. Built and run by Benchmarks/isolation-cost-bench.sh.
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

let calls = 2_000_000

func nanosecondsPerCall(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls { body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls)
}

func measure() -> (getpid: Double, mapping: Double) {
    let pid = nanosecondsPerCall { _ = getpid() }
    let mapping = nanosecondsPerCall {
        let page = mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        munmap(page, 4096)
    } / 2
    return (pid, mapping)
}

let before = measure()
// With a gate, as a test runs it: every call the filter lets through walks the channel's
// blocks too. Which instruction the gate names does not change what the walk costs.
var channel: [Int32] = [0, 0]
guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &channel) == 0 else { fatalError("no socket pair") }
guard CodeLock.engage(gate: CodeLock.Gate(descriptor: UInt32(channel[0]), site: 1)) else { fatalError("the kernel refused the filter") }
let after = measure()
print(String(format: "getpid: %.1f ns before, %.1f ns after the filter (%+.1f ns a call)", before.getpid, after.getpid, after.getpid - before.getpid))
print(String(format: "mmap/munmap: %.1f ns before, %.1f ns after the filter (%+.1f ns a call)", before.mapping, after.mapping, after.mapping - before.mapping))
print(String(format: "delta %.1f", max(after.getpid - before.getpid, after.mapping - before.mapping)))
