/// Students linked by flagged pairs: three who share one source show as one group, not
/// three unrelated pairs.
public struct SimilarityCluster: Sendable, Equatable, Codable {
    /// The students, alphabetically.
    public var students: [String]
    /// The flagged pairs inside the group, highest score first.
    public var pairs: [SimilarPair]
    /// The pairs that link the group most strongly, one fewer than its students (a maximum
    /// spanning tree): twenty copies of one file are 190 flagged pairs, but 19 views side
    /// by side show every student beside the one they are closest to.
    public var closest: [SimilarPair]

    /// The highest score in the group.
    public var highest: Double { pairs.map(\.score).max() ?? 0 }

    /// Kruskal's algorithm over `pairs`, highest score first: the strongest links that join
    /// every student of the group without a cycle.
    static func spanningTree(_ pairs: [SimilarPair]) -> [SimilarPair] {
        var parent: [String: String] = [:]
        func root(_ student: String) -> String {
            var node = student
            while let up = parent[node], up != node { node = up }
            return node
        }
        var tree: [SimilarPair] = []
        for pair in pairs {
            let (a, b) = (root(pair.first), root(pair.second))
            guard a != b else { continue }
            parent[a] = b
            tree.append(pair)
        }
        return tree
    }

    /// Groups `pairs` into clusters (connected components), largest first, then by their
    /// highest score.
    public static func clusters(of pairs: [SimilarPair]) -> [SimilarityCluster] {
        var parent: [String: String] = [:]
        func root(_ student: String) -> String {
            var node = student
            while let up = parent[node], up != node { node = up }
            return node
        }
        for pair in pairs {
            parent[pair.first] = parent[pair.first] ?? pair.first
            parent[pair.second] = parent[pair.second] ?? pair.second
            let (a, b) = (root(pair.first), root(pair.second))
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        let groups = Dictionary(grouping: parent.keys, by: root)
        // Each pair lies inside the group of its first student: one pass, not one per group.
        let pairsOf = Dictionary(grouping: pairs) { root($0.first) }
        return groups.map { group, members in
            let inside = (pairsOf[group] ?? []).sorted { a, b in
                a.score != b.score ? a.score > b.score : (a.first, a.second) < (b.first, b.second)
            }
            return SimilarityCluster(students: members.sorted(), pairs: inside, closest: spanningTree(inside))
        }.sorted { a, b in
            if a.students.count != b.students.count { return a.students.count > b.students.count }
            if a.highest != b.highest { return a.highest > b.highest }
            return a.students[0] < b.students[0]
        }
    }
}
