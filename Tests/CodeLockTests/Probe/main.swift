// The kernel test's program (see CodeLockKernelTests): makes the calls the filter refuses,
// without it and then with it, and does a correct submission's kind of work under it.
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("syscall")
func rawSyscall(_ number: Int, _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int) -> Int

@_silgen_name("cachetutor_channel_write")
func channelWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ length: Int) -> Int

@_silgen_name("cachetutor_channel_gate_address")
func channelGateAddress() -> UInt

func outcome(_ result: Int) -> String { result == -1 ? "errno \(errno)" : "returned \(result)" }

func attempt(_ number: Int, _ a: Int = 0, _ b: Int = 0, _ c: Int = 0, _ d: Int = 0, _ e: Int = 0, _ f: Int = 0) -> String {
    errno = 0
    let result = rawSyscall(number, a, b, c, d, e, f)
    if result == 0 && (number == 57 || number == 56) { _exit(0) }
    return result == -1 ? "errno \(errno)" : "returned \(result)"
}

func say(_ line: String) { print(line); fflush(stdout) }

let architecture = CodeLock.Architecture.current
let number = Dictionary(architecture.refused.map { ($0.name, Int($0.number)) }, uniquingKeysWith: { first, _ in first })
let executable = Int(PROT_READ | PROT_EXEC), anonymous = Int(MAP_PRIVATE | MAP_ANONYMOUS)

say("open execve \(attempt(number["execve"]!))")
say("open memfd_create \(attempt(number["memfd_create"]!))")
say("open mmap-exec \(attempt(Int(architecture.mapping[0]), 0, 4096, executable, anonymous, -1, 0))")
say("open personality-query \(attempt(number["personality"]!, 0xFFFF_FFFF))")

// A result channel, made before the lock as the runner's is, and the gate's one instruction.
var channel: [Int32] = [0, 0]
guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &channel) == 0 else {
    say("socketpair failed: errno \(errno)")
    exit(1)
}
let gate = CodeLock.Gate(descriptor: UInt32(channel[0]), site: UInt64(channelGateAddress()))

guard CodeLock.engage(gate: gate) else {
    say("engage failed: errno \(errno)")
    exit(1)
}
// Calls that would act if let through are made with arguments that do nothing harmful.
let harmless: Set<String> = ["vfork"]
for call in architecture.refused where !harmless.contains(call.name) {
    let argument = call.name == "personality" ? 0xFFFF_FFFF : 0
    say("locked \(call.name) \(attempt(Int(call.number), argument))")
}
for call in architecture.mapping {
    say("locked mapping-\(call) \(attempt(Int(call), 0, 4096, executable, anonymous, -1, 0))")
}
// fork() through the C library takes clone, which the filter refuses unless it makes a thread.
say("locked fork-through-libc \(fork() == -1 ? "errno \(errno)" : "forked")")

let counter = NSLock()
var total = 0
let threads = (0..<4).map { _ in Thread { counter.lock(); total += 1; counter.unlock() } }
threads.forEach { $0.start() }
while counter.withLock({ total }) < 4 { usleep(1000) }
say("works threads")
let sums = (0..<8).map { _ in 0 }
DispatchQueue.concurrentPerform(iterations: 8) { _ in _ = sums.reduce(0, +) }
let group = DispatchGroup()
group.enter()
DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { group.leave() }
if group.wait(timeout: .now() + 5) == .success { say("works dispatch") }
if let data = try? JSONSerialization.data(withJSONObject: ["a": [1, 2]]), String(decoding: data, as: UTF8.self).contains("a"),
   String(format: "%05.1f", 3.14159) == "003.1", (try? NSRegularExpression(pattern: "c+a"))?.firstMatch(in: "ccab", range: NSRange(location: 0, length: 4)) != nil {
    say("works foundation")
}
let big = [UInt8](repeating: 7, count: 64 << 20)
if big.count == 64 << 20 { say("works memory") }
if CodeLock.holds(gate: gate) { say("works holds") }

// The channel: refused from anywhere but the gate, and never copied.
let byte: [UInt8] = [0x2A]
errno = 0
say("locked channel-write \(outcome(byte.withUnsafeBytes { write(channel[0], $0.baseAddress, 1) }))")
let vectored = byte.withUnsafeBytes { bytes in
    var vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: 1)
    return writev(channel[0], &vector, 1)
}
say("locked channel-writev \(outcome(vectored))")
say("locked channel-send \(outcome(byte.withUnsafeBytes { send(channel[0], $0.baseAddress, 1, 0) }))")
say("locked channel-dup \(outcome(Int(dup(channel[0]))))")
say("locked channel-dup2 \(outcome(Int(dup2(channel[0], 60))))")
say("locked channel-dup3 \(attempt(Int(architecture.duplicates.last!), Int(channel[0]), 61, 0))")
say("locked channel-fcntl-dupfd \(outcome(Int(fcntl(channel[0], F_DUPFD, 62))))")
say("locked channel-fcntl-dupfd-cloexec \(outcome(Int(fcntl(channel[0], F_DUPFD_CLOEXEC, 63))))")
var received: [UInt8] = [0]
if byte.withUnsafeBytes({ channelWrite(channel[0], $0.baseAddress, 1) }) == 1,
   received.withUnsafeMutableBytes({ read(channel[1], $0.baseAddress, 1) }) == 1, received == byte {
    say("works channel-gate")
}
let copy = dup(1)
if copy >= 0, byte.withUnsafeBytes({ write(channel[1], $0.baseAddress, 1) }) == 1 {
    close(copy)
    say("works other-descriptors")
}
let process = Process()
process.executableURL = URL(fileURLWithPath: "/bin/true")
if (try? process.run()) == nil { say("works process-refused") }
let bundleFolder = FileManager.default.currentDirectoryPath + "/plugin.bundle"
try? FileManager.default.createDirectory(atPath: bundleFolder, withIntermediateDirectories: true)
FileManager.default.createFile(atPath: bundleFolder + "/plugin", contents: (try? Data(contentsOf: URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libz.so.1"))) ?? (try? Data(contentsOf: URL(fileURLWithPath: "/usr/lib/aarch64-linux-gnu/libz.so.1"))))
if Bundle(path: bundleFolder)?.load() != true { say("works bundle-refused") }
