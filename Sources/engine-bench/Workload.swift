import CacheEngine
import Foundation

/// One benchmark scenario at one size: seeded traces of operations over pre-built keys.
///
/// A cache-bound workload first fills the cache with `entries` filler objects (untimed),
/// so every measurement runs against a full cache that must evict. The trace comes in
/// segments of ``segmentLength`` operations: one for the warm-up and one per timed run,
/// so no run replays keys the previous run has just cached.
struct Workload {
    enum Kind: String, CaseIterable {
        /// Look up a Zipf-distributed key (θ 0.99, key space 10 × entries); on a miss, make
        /// the object (cost 1...1024, fixed per key) and store it. The cache holds
        /// `entries` objects (count limit).
        case zipfReadThrough = "zipf-read-through"
        /// Like the read-through, but the popular keys move to another part of the key
        /// space halfway through every segment.
        case hotSetShift = "hot-set-shift"
        /// Only stores, of uniformly drawn keys (key space 2 × entries) with costs
        /// 1...1024, under a cost limit of entries × 512.
        case costLimitedSets = "cost-limited-sets"
        /// `entries` stores of new keys with costs 1, 2, 3, … into an empty cache with no
        /// limits; a fresh cache per run.
        case ascendingCostInserts = "ascending-cost-inserts"
    }

    static let segmentLength = 100_000

    let kind: Kind
    let entries: Int
    let keys: [NSNumber]
    /// Per segment and operation: the index into `keys`, and the cost of the object.
    let segments: [(trace: [Int32], costs: [Int32])]
    /// Keys and costs stored before the warm-up; never used by the trace.
    let fillers: [(key: NSNumber, cost: Int)]
    let countLimit: Int
    let costLimit: Int

    var isReadThrough: Bool { kind == .zipfReadThrough || kind == .hotSetShift }
    var needsFreshCache: Bool { kind == .ascendingCostInserts }

    init(kind: Kind, entries: Int, runs: Int, seed: UInt64 = 0x5EED) {
        self.kind = kind
        self.entries = entries
        var generator = SplitMix64(seed: seed ^ UInt64(entries))
        var builder = TraceBuilder()
        var segments: [(trace: [Int32], costs: [Int32])] = []
        switch kind {
        case .zipfReadThrough, .hotSetShift:
            let keySpace = 10 * entries
            let zipf = ZipfGenerator(n: keySpace)
            for segment in 0...runs {
                builder.startSegment()
                for step in 0..<Self.segmentLength {
                    let rank = zipf.next(using: &generator)
                    var key = rank
                    if kind == .hotSetShift {
                        let half = 2 * segment + (step < Self.segmentLength / 2 ? 0 : 1)
                        key = (rank + half * keySpace * 3 / 8) % keySpace
                    }
                    builder.append(key: key, cost: Self.cost(ofKey: key))
                }
                segments.append(builder.segment)
            }
            countLimit = entries
            costLimit = 0
            fillers = (0..<entries).map { (NSNumber(value: -1 - $0), Self.cost(ofKey: -1 - $0)) }
        case .costLimitedSets:
            for _ in 0...runs {
                builder.startSegment()
                for _ in 0..<Self.segmentLength {
                    builder.append(
                        key: Int.random(in: 0..<(2 * entries), using: &generator),
                        cost: Int.random(in: 1...1024, using: &generator))
                }
                segments.append(builder.segment)
            }
            countLimit = 0
            costLimit = entries * 512
            fillers = (0..<entries).map { (NSNumber(value: -1 - $0), 512) }
        case .ascendingCostInserts:
            builder.startSegment()
            for index in 0..<entries {
                builder.append(key: index, cost: index + 1)
            }
            segments = Array(repeating: builder.segment, count: runs + 1)
            countLimit = 0
            costLimit = 0
            fillers = []
        }
        keys = builder.keys
        self.segments = segments
    }

    /// A cost in 1...1024 that depends only on the key, like an image's byte size.
    private static func cost(ofKey key: Int) -> Int {
        1 + Int((UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 54)
    }
}

/// Numbers keys densely in order of first use, so only keys the trace touches are built.
private struct TraceBuilder {
    var ids: [Int: Int32] = [:]
    var keys: [NSNumber] = []
    var segment: (trace: [Int32], costs: [Int32]) = ([], [])

    mutating func startSegment() {
        segment = ([], [])
    }

    mutating func append(key: Int, cost: Int) {
        let id: Int32
        if let known = ids[key] {
            id = known
        } else {
            id = Int32(keys.count)
            ids[key] = id
            keys.append(NSNumber(value: key))
        }
        segment.trace.append(id)
        segment.costs.append(Int32(cost))
    }
}
