/// `minRating`: which photos a minimum rating leaves out, and why.
package enum RatingFilter {
    package typealias Reason = LeftOutPhotos.Reason

    /// Why a photo rated `rating` is left out under `minimum`, or nil when it is published.
    static func reason(_ rating: Int?, minimum: Int) -> Reason? {
        guard let rating else { return .unrated }
        if rating < 0 { return .rejected }
        return rating < minimum ? .belowMinimum : nil
    }
}
