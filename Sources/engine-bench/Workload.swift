import Foundation

/// One benchmark scenario at one size: a seeded trace of operations over pre-built keys.
struct Workload {
    enum Kind: String, CaseIterable {
        /// Look up a Zipf-distributed key (key space 10 × entries); on a miss, make the
        /// object and store it. The cache holds `entries` objects.
        case zipfReadThrough = "zipf-read-through"
        /// Like the read-through, but halfway through the trace the popular keys move to
        /// another part of the key space.
        case hotSetShift = "hot-set-shift"
        /// Only stores, of uniformly drawn keys (key space 2 × entries), with costs 1...1024,
        /// under a cost limit of entries × 512.
        case costLimitedSets = "cost-limited-sets"
        /// `entries` stores of new keys with costs 1, 2, 3, …; no limits; a fresh cache per run.
        case ascendingCostInserts = "ascending-cost-inserts"
    }

    let kind: Kind
    let entries: Int
    let keys: [NSNumber]
    /// Per operation: the index into `keys`, and the cost of the object it would store.
    let trace: [Int32]
    let costs: [Int32]
    let countLimit: Int
    let costLimit: Int

    var isReadThrough: Bool { kind == .zipfReadThrough || kind == .hotSetShift }
    var needsFreshCache: Bool { kind == .ascendingCostInserts }

    /// The shortest trace, so that small sizes still run long enough to time.
    static let minimumTraceLength = 200_000

    init(kind: Kind, entries: Int, seed: UInt64 = 0x5EED) {
        self.kind = kind
        self.entries = entries
        var generator = SeededGenerator(seed: seed ^ UInt64(entries))
        var builder = TraceBuilder()
        let length = max(Self.minimumTraceLength, 2 * entries)
        switch kind {
        case .zipfReadThrough, .hotSetShift:
            let keySpace = 10 * entries
            let zipf = ZipfGenerator(n: keySpace)
            for step in 0..<length {
                let rank = zipf.next(using: &generator)
                let shifted = kind == .hotSetShift && step >= length / 2
                let key = shifted ? (rank + keySpace / 2) % keySpace : rank
                builder.append(key: key, cost: 1 + Int((UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 54))
            }
            countLimit = entries
            costLimit = 0
        case .costLimitedSets:
            for _ in 0..<length {
                builder.append(key: Int.random(in: 0..<(2 * entries), using: &generator), cost: Int.random(in: 1...1024, using: &generator))
            }
            countLimit = 0
            costLimit = entries * 512
        case .ascendingCostInserts:
            for index in 0..<entries {
                builder.append(key: index, cost: index + 1)
            }
            countLimit = 0
            costLimit = 0
        }
        keys = builder.keys
        trace = builder.trace
        costs = builder.costs
    }
}

/// Numbers keys densely in order of first use, so only keys the trace touches are built.
private struct TraceBuilder {
    var ids: [Int: Int32] = [:]
    var keys: [NSNumber] = []
    var trace: [Int32] = []
    var costs: [Int32] = []

    mutating func append(key: Int, cost: Int) {
        let id: Int32
        if let known = ids[key] {
            id = known
        } else {
            id = Int32(keys.count)
            ids[key] = id
            keys.append(NSNumber(value: key))
        }
        trace.append(id)
        costs.append(Int32(cost))
    }
}
