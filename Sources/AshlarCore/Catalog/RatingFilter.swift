/// `minRating`: which photos a minimum rating leaves out, and why.
package enum RatingFilter {
    package enum Reason: String, Sendable, Hashable, CaseIterable {
        /// Rated −1: rejected in Lightroom, Bridge or exiftool.
        case rejected
        case belowMinimum = "rated below the minimum"
        /// No rating in any sidecar or in the image: a minimum publishes only what was picked.
        case unrated
    }

    /// Why a photo rated `rating` is left out under `minimum`, or nil when it is published.
    static func reason(_ rating: Int?, minimum: Int) -> Reason? {
        guard let rating else { return .unrated }
        if rating < 0 { return .rejected }
        return rating < minimum ? .belowMinimum : nil
    }

    /// "3 photos left out by minRating 4: 1 rejected, 2 rated below 4"; nil when none were.
    package static func summary(_ counts: [Reason: Int], minimum: Int?) -> String? {
        let total = counts.values.reduce(0, +)
        guard total > 0, let minimum else { return nil }
        let parts = Reason.allCases.compactMap { reason -> String? in
            guard let count = counts[reason], count > 0 else { return nil }
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
