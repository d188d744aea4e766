import Foundation

/// One encoder's bytes and SSIMULACRA2 score at each quality of a sweep, for one image: what it
/// takes that encoder to reach a given score.
struct QualitySweep: Sendable, Equatable {
    struct Point: Sendable, Equatable {
        var quality: Int
        var bytes: Int
        var score: Double
    }

    var points: [Point]

    /// The bytes this encoder needs for `score`: interpolated between the nearest point scoring at
    /// most `score` and the nearest scoring at least `score` (by score, not by quality: the score
    /// does not always rise with the quality), linearly in the logarithm of the bytes, since each
    /// step of score costs about the same fraction of bytes. A point scoring exactly `score` gives
    /// its bytes (the fewest, if several do). Nil when no point is below or none above: outside the
    /// sweep, nothing is extrapolated.
    func bytes(atScore score: Double) -> Double? {
        let below = points.filter { $0.score <= score && $0.bytes > 0 }
        let above = points.filter { $0.score >= score && $0.bytes > 0 }
        guard let lowScore = below.map(\.score).max(), let highScore = above.map(\.score).min() else { return nil }
        let low = below.filter { $0.score == lowScore }.map(\.bytes).min() ?? 0
        let high = above.filter { $0.score == highScore }.map(\.bytes).min() ?? 0
        guard highScore > lowScore else { return Double(min(low, high)) }
        let fraction = (score - lowScore) / (highScore - lowScore)
        return exp(log(Double(low)) + fraction * (log(Double(high)) - log(Double(low))))
    }

    /// Where `score` falls: inside the sweep, or below or above every score in it.
    func position(of score: Double) -> Position {
        guard let lowest = points.map(\.score).min(), let highest = points.map(\.score).max() else { return .below }
        if score < lowest { return .below }
        if score > highest { return .above }
        return .inside
    }

    enum Position: Sendable, Equatable {
        case below, inside, above
    }
}
