import Foundation

/// Draws ranks 0..<n with Zipf-distributed popularity (rank 0 the most popular), by the
/// rejection-free method of Gray et al. (SIGMOD 1994) that YCSB uses: O(n) set-up to sum
/// the zeta constant, then O(1) per draw.
struct ZipfGenerator {
    let n: Int
    let theta: Double
    private let alpha: Double
    private let zetaN: Double
    private let eta: Double

    init(n: Int, theta: Double = 0.99) {
        self.n = n
        self.theta = theta
        var zeta = 0.0
        for rank in 1...n {
            zeta += 1 / pow(Double(rank), theta)
        }
        let zeta2 = 1 + 1 / pow(2, theta)
        zetaN = zeta
        alpha = 1 / (1 - theta)
        eta = (1 - pow(2 / Double(n), 1 - theta)) / (1 - zeta2 / zeta)
    }

    func next(using generator: inout some RandomNumberGenerator) -> Int {
        let u = Double.random(in: 0..<1, using: &generator)
        let uz = u * zetaN
        if uz < 1 { return 0 }
        if uz < 1 + pow(0.5, theta) { return 1 }
        let rank = Int(Double(n) * pow(eta * u - eta + 1, alpha))
        return min(rank, n - 1)
    }
}
