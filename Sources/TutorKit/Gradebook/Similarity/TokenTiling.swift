/// Greedy string tiling (Wise, 1993), as JPlag pairs up code: the longest runs two
/// sequences share, each position in at most one run.
///
/// Winnowing says *whether* two files are alike; tiling says *where*, which is what a
/// reviewer needs to read them side by side. Positions already marked (the starter's code,
/// what most of the class shares) never take part, so they are never highlighted. The
/// similarity check tiles runs of k tokens, one id per distinct run.
///
///     let tiles = TokenTiling(minimumLength: 12).tiles(first, second, maskedFirst: [], maskedSecond: [])
///     // [(first: 40, second: 52, length: 96), …], longest first
public struct TokenTiling: Sendable {
    /// Runs shorter than this are not reported.
    public var minimumLength: Int

    /// A tiler reporting runs of at least `minimumLength` positions.
    public init(minimumLength: Int = 12) {
        self.minimumLength = max(1, minimumLength)
    }

    /// The shared runs of `first` and `second` (ids of tokens, or of runs of tokens), as
    /// start positions in each and lengths, longest first. Positions in `maskedFirst` and `maskedSecond` are left out.
    ///
    /// - Complexity: O(n · m · L) per round for files of n and m tokens and a longest run
    ///   of L, over as many rounds as there are distinct run lengths: small for one file
    ///   of a few hundred lines, and only the flagged pairs a report shows are tiled
    ///   (20 copies of a file are 190 flagged pairs, of which 19 are shown and tiled).
    public func tiles(_ first: [Int], _ second: [Int], maskedFirst: Set<Int>, maskedSecond: Set<Int>) -> [(first: Int, second: Int, length: Int)] {
        var markedFirst = (0 ..< first.count).map { maskedFirst.contains($0) }
        var markedSecond = (0 ..< second.count).map { maskedSecond.contains($0) }
        var tiles: [(first: Int, second: Int, length: Int)] = []
        var positionsInSecond: [Int: [Int]] = [:]
        for (position, token) in second.enumerated() { positionsInSecond[token, default: []].append(position) }
        while true {
            var longest = minimumLength
            var matches: [(first: Int, second: Int, length: Int)] = []
            for start in first.indices where !markedFirst[start] {
                for other in positionsInSecond[first[start]] ?? [] where !markedSecond[other] {
                    var length = 0
                    while start + length < first.count, other + length < second.count, first[start + length] == second[other + length],
                          !markedFirst[start + length], !markedSecond[other + length] {
                        length += 1
                    }
                    if length > longest {
                        longest = length
                        matches = [(start, other, length)]
                    } else if length == longest {
                        matches.append((start, other, length))
                    }
                }
            }
            guard !matches.isEmpty else { break }
            for match in matches {
                // An earlier match of this round may have taken some of these tokens.
                let free = (0 ..< match.length).allSatisfy { !markedFirst[match.first + $0] && !markedSecond[match.second + $0] }
                guard free else { continue }
                for offset in 0 ..< match.length {
                    markedFirst[match.first + offset] = true
                    markedSecond[match.second + offset] = true
                }
                tiles.append(match)
            }
        }
        return tiles
    }
}
