/// Students linked by flagged pairs: three who share one source show as one group, not
/// three unrelated pairs.
public struct SimilarityCluster: Sendable, Equatable, Codable {
    /// The students, alphabetically.
    public var students: [String]
    /// The flagged pairs inside the group, highest score first.
    public var pairs: [SimilarPair]

    /// The highest score in the group.
    public var highest: Double { pairs.map(\.score).max() ?? 0 }

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
        return groups.values.map { members in
            let set = Set(members)
            let inside = pairs.filter { set.contains($0.first) }.sorted { a, b in
                a.score != b.score ? a.score > b.score : (a.first, a.second) < (b.first, b.second)
            }
            return SimilarityCluster(students: members.sorted(), pairs: inside)
        }.sorted { a, b in
            if a.students.count != b.students.count { return a.students.count > b.students.count }
            if a.highest != b.highest { return a.highest > b.highest }
            return a.students[0] < b.students[0]
        }
    }
}
