import Foundation
import Synchronization

/// The memory floor: the least work any cache with `NSCache`'s API does per operation,
/// run beside the engine to show what this machine allows at each size.
///
/// It takes the one shortcut a real cache cannot: every key of a workload is an integer
/// below ``Workload/keySpace``, so the key's value gives its slot in a direct-mapped table
/// and a lookup reads exactly one table entry, with no hash, no probing and no collisions.
/// The value is scattered over the table (times an odd constant, modulo the table's
/// power-of-two size, which keeps distinct keys apart) because the workloads number keys
/// by popularity, and a table laid out in that order would keep the popular entries
/// together as no hash table can.
///
/// It keeps everything the API itself costs: it reads the key object, takes a lock, keeps
/// the key and the object alive while they are stored, hands back the stored object (a
/// retain) and makes room by releasing the oldest entry's key and object (FIFO, through a
/// ring of slots, which touches the victim and nothing else).
///
/// No cache can be expected to grow less than this from 1k to 1M entries: the difference
/// is the machine's memory hierarchy, which the engine cannot change.
final class FloorTarget: BenchTarget {
    static let name = "floor"

    private struct Entry {
        /// Never read: held because a cache retains its keys, as `NSCache` does.
        var key: NSNumber?
        var object: Payload?
    }

    private struct State {
        var table: [Entry]
        /// Occupied slots in the order they were filled, oldest at `head`.
        var order: [Int32] = []
        var head = 0
        var count = 0
        var totalCost = 0
        let countLimit: Int
        let costLimit: Int

        mutating func evictOldest() {
            let slot = Int(order[head])
            head += 1
            if head >= 4096 && head * 2 >= order.count {
                order.removeFirst(head)
                head = 0
            }
            count -= 1
            totalCost -= table[slot].object?.cost ?? 0
            table[slot] = Entry()
        }
    }

    private let state: Mutex<State>
    private let mask: UInt64

    init(for workload: Workload) {
        let size = 1 << (Int.bitWidth - (workload.keySpace - 1).leadingZeroBitCount)
        mask = UInt64(size - 1)
        state = Mutex(
            State(
                table: Array(repeating: Entry(), count: size),
                countLimit: workload.countLimit, costLimit: workload.costLimit))
    }

    private func slot(of key: NSNumber) -> Int {
        Int(UInt64(key.intValue) &* 0x9E37_79B9_7F4A_7C15 & mask)
    }

    func get(_ key: NSNumber) -> Payload? {
        let slot = slot(of: key)
        return state.withLock { $0.table[slot].object }
    }

    func set(_ payload: Payload, key: NSNumber) {
        let slot = slot(of: key)
        state.withLock { state in
            if let old = state.table[slot].object {
                state.totalCost += payload.cost - old.cost
                state.table[slot].object = payload
            } else {
                state.table[slot] = Entry(key: key, object: payload)
                state.order.append(Int32(slot))
                state.count += 1
                state.totalCost += payload.cost
            }
            while state.costLimit > 0 && state.totalCost > state.costLimit && state.count > 1 {
                state.evictOldest()
            }
            while state.countLimit > 0 && state.count > state.countLimit {
                state.evictOldest()
            }
        }
    }
}
