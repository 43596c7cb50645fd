/// One of N deterministic parts of a class, chosen with `--shard I/N`.
///
/// A student belongs to shard `1 + (FNV-1a(name) mod N)`: the same on every machine and
/// every run, independent of the order files are listed in, so N jobs of an array each
/// grade their own part and together grade everyone exactly once.
///
///     let shard = try Shard.parse("2/8")
///     shard.contains(student: "alice")   // true for about one student in eight
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// The part this is, from 1.
    public var index: Int
    /// How many parts there are.
    public var count: Int

    /// The whole class as a single shard.
    public static let all = Shard(index: 1, count: 1)

    /// Shard `index` of `count`; `index` runs from 1 to `count`.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1 ... count).contains(index), "shard index out of range")
        self.index = index
        self.count = count
    }

    /// Reads `I/N` with 1 ≤ I ≤ N.
    ///
    /// - Throws: ``GradebookError/badShard(_:)`` for anything else.
    public static func parse(_ text: String) throws -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1 ... count).contains(index) else {
            throw GradebookError.badShard(text)
        }
        return Shard(index: index, count: count)
    }

    /// Whether the student (or stray entry) named `name` belongs to this shard.
    public func contains(student name: String) -> Bool {
        Self.shardIndex(of: name, count: count) == index
    }

    /// The shard, from 1, that `name` falls in when the class is split `count` ways.
    public static func shardIndex(of name: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count)) + 1
    }

    public var description: String { "\(index)/\(count)" }
}
