/// Finds the nearest valid spelling of a mistyped word, for "did you mean …?" messages.
///
///     Suggestion.nearest(to: "tryit", in: ["page", "try", "hint"])   // "try"
///     Suggestion.nearest(to: "xyzzy", in: ["page", "try", "hint"])   // nil: nothing is close
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, if one is close enough to be a typo:
    /// within a third of the word's length (at least 1, at most 3 edits), or one that
    /// `word` is a prefix or an extension of.
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let other = candidate.lowercased()
            var distance = editDistance(lowered, other)
            if distance > 0, other.hasPrefix(lowered) || lowered.hasPrefix(other) {
                distance = min(distance, 1)
            }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = min(3, max(1, lowered.count / 3))
        return best.distance <= allowed ? best.candidate : nil
    }

    /// The edit distance between two strings, counted in characters: insertions, deletions,
    /// substitutions and swaps of two neighbours (`chekc` → `check` is one edit).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let substitution = table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
