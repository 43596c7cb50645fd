import Testing
@testable import TutorGradebook

@Suite struct ShardTests {
    @Test func readsIOverN() throws {
        #expect(try Shard.parse("2/8") == Shard(index: 2, count: 8))
        for bad in ["0/4", "5/4", "1", "a/b", "1/0", "-1/3", "1/2/3"] {
            #expect(throws: GradebookError.badShard(bad)) { try Shard.parse(bad) }
        }
    }

    @Test func everyStudentLandsInExactlyOneShard() {
        let students = (0 ..< 500).map { "student\($0)" }
        for count in [1, 2, 3, 7] {
            let shards = (1 ... count).map { Shard(index: $0, count: count) }
            for student in students { #expect(shards.filter { $0.contains(student: student) }.count == 1) }
            let sizes = shards.map { shard in students.filter { shard.contains(student: $0) }.count }
            // FNV spreads names evenly enough that no shard is starved.
            #expect(sizes.allSatisfy { $0 > 500 / count / 2 })
        }
    }

    @Test func thePartitionIsFixedAcrossRuns() {
        // Pinned values (FNV-1a 64 of the name, mod 8, plus 1): a change here would
        // re-shuffle every class already sharded across machines.
        #expect(["alice", "bob", "carol", "dave"].map { Shard.shardIndex(of: $0, count: 8) } == [8, 5, 3, 8])
    }
}
