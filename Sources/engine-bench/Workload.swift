import CacheEngine
import Foundation

/// One benchmark scenario at one size: seeded traces of operations over pre-built keys.
///
/// The trace comes in segments: an untimed warm-up, then one of ``segmentLength``
/// operations per timed run, so no run replays keys the previous run has just cached. For
/// a cache-bound workload the warm-up draws from the same distribution for at least
/// ``warmUpFactor`` × `entries` operations: enough to fill the cache with the trace's own
/// keys and let the policy settle, so every size is measured in its steady state rather
/// than while it is still replacing what it started with.
///
/// Each segment holds the key objects themselves, in order, so the only memory a run
/// touches besides the cache's is the key and object an operation names.
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

    /// A stretch of the trace: per operation, the key and the cost of the object it stores.
    struct Segment {
        var keys: [NSNumber] = []
        var costs: [Int32] = []

        var count: Int { keys.count }
    }

    static let segmentLength = 100_000
    static let warmUpFactor = 4

    let kind: Kind
    let entries: Int
    /// The warm-up first, then one segment per timed run.
    let segments: [Segment]
    let countLimit: Int
    let costLimit: Int
    /// Every key is an `NSNumber` holding an integer in `0..<keySpace`.
    let keySpace: Int

    var isReadThrough: Bool { kind == .zipfReadThrough || kind == .hotSetShift }
    var needsFreshCache: Bool { kind == .ascendingCostInserts }

    init(kind: Kind, entries: Int, runs: Int, seed: UInt64 = 0x5EED) {
        self.kind = kind
        self.entries = entries
        var generator = SplitMix64(seed: seed ^ UInt64(entries))
        var builder = TraceBuilder()
        var segments: [Segment] = []
        let warmUpLength = max(Self.segmentLength, Self.warmUpFactor * entries)
        let lengths = [warmUpLength] + Array(repeating: Self.segmentLength, count: runs)
        switch kind {
        case .zipfReadThrough, .hotSetShift:
            let keySpace = 10 * entries
            let zipf = ZipfGenerator(n: keySpace)
            for (segment, length) in lengths.enumerated() {
                builder.startSegment()
                for step in 0..<length {
                    let rank = zipf.next(using: &generator)
                    var key = rank
                    if kind == .hotSetShift {
                        let half = 2 * segment + (step < length / 2 ? 0 : 1)
                        key = (rank + half * keySpace * 3 / 8) % keySpace
                    }
                    builder.append(key: key, cost: Self.cost(ofKey: key))
                }
                segments.append(builder.segment)
            }
            countLimit = entries
            costLimit = 0
            self.keySpace = keySpace
        case .costLimitedSets:
            for length in lengths {
                builder.startSegment()
                for _ in 0..<length {
                    builder.append(
                        key: Int.random(in: 0..<(2 * entries), using: &generator),
                        cost: Int.random(in: 1...1024, using: &generator))
                }
                segments.append(builder.segment)
            }
            countLimit = 0
            costLimit = entries * 512
            keySpace = 2 * entries
        case .ascendingCostInserts:
            builder.startSegment()
            for index in 0..<entries {
                builder.append(key: index, cost: index + 1)
            }
            segments = Array(repeating: builder.segment, count: runs + 1)
            countLimit = 0
            costLimit = 0
            keySpace = entries
        }
        self.segments = segments
    }

    /// A cost in 1...1024 that depends only on the key, like an image's byte size.
    private static func cost(ofKey key: Int) -> Int {
        1 + Int((UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 54)
    }
}

/// Builds one key object per distinct key, when the trace first uses it, and reuses it
/// after: a caller holds on to its keys, and only keys the trace touches are built.
private struct TraceBuilder {
    var objects: [Int: NSNumber] = [:]
    var segment = Workload.Segment()

    mutating func startSegment() {
        segment = Workload.Segment()
    }

    mutating func append(key: Int, cost: Int) {
        let object: NSNumber
        if let known = objects[key] {
            object = known
        } else {
            object = NSNumber(value: key)
            objects[key] = object
        }
        segment.keys.append(object)
        segment.costs.append(Int32(cost))
    }
}
