/// What `minRating` left out: how many photos for each reason, under which minimum. Its
/// description is the summary line's clause: "3 photos left out by minRating 4: 1 rejected,
/// 2 rated below 4".
public struct LeftOutPhotos: Sendable, Equatable, CustomStringConvertible {
    /// The configuration's `minRating`.
    public var minimum: Int
    /// Photos left out, by reason; only reasons with at least one photo.
    public var counts: [Reason: Int]

    /// Why a photo is left out; the raw value names it in the build state.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// Rated −1: rejected in Lightroom, Bridge or exiftool.
        case rejected
        case belowMinimum = "rated below the minimum"
        /// No rating in any sidecar or in the image: a minimum publishes only what was picked.
        case unrated
    }

    /// Nil when nothing was left out (or no minimum was set).
    package init?(counts: [Reason: Int], minimum: Int?) {
        let counts = counts.filter { $0.value > 0 }
        guard let minimum, !counts.isEmpty else { return nil }
        self.minimum = minimum
        self.counts = counts
    }

    /// Every photo left out.
    public var total: Int {
        counts.values.reduce(0, +)
    }

    public var description: String {
        let parts = Reason.allCases.compactMap { reason -> String? in
            guard let count = counts[reason] else { return nil }
            switch reason {
            case .rejected: return "\(count) rejected"
            case .belowMinimum: return "\(count) rated below \(minimum)"
            case .unrated: return "\(count) unrated"
            }
        }
        let noun = total == 1 ? "photo" : "photos"
        return "\(total) \(noun) left out by minRating \(minimum): \(parts.joined(separator: ", "))"
    }
}
