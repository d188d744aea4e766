/// The widths Ashlar makes of each photo when `ashlar.json` does not list them: for the album
/// pages, the widest a tile can be at each breakpoint, at 1× and 2× device pixel ratio; for the
/// photo pages, 1280, 1920 and 2560 (up to `maxWidth`). Widths within a fifth of a wider one are
/// left to it, which keeps the set small (7 for the default theme).
package enum RenditionWidths {
    /// Photo-page sizes: a laptop, a large screen, a large screen at 2×.
    static let pageWidths = [1280, 1920, 2560]

    package static func defaults(
        breakpoints: [Breakpoint], gap: Double, geometry: PageGeometry, maxWidth: Int
    ) -> [Int] {
        var candidates = pageWidths
        let widestGallery = geometry.galleryWidth(viewport: geometry.maxWidth)
        for (index, breakpoint) in breakpoints.enumerated() {
            // The gallery is widest just below the next breakpoint, or at the theme's maximum.
            let upper = index + 1 < breakpoints.count ? breakpoints[index + 1].minWidth : widestGallery
            let fraction = ColumnGeometry(breakpoint: breakpoint, gap: gap).columnWidth
            let tile = (fraction * upper).rounded(.up)
            if tile.isFinite, tile >= 1 { candidates += [Int(tile), Int(tile) * 2] }
        }
        if let first = breakpoints.first, first.minWidth > 0 {
            // Below the first breakpoint tiles fill the gallery's one column.
            candidates += [Int(first.minWidth.rounded(.up)), Int(first.minWidth.rounded(.up)) * 2]
        }
        return merged(candidates, maxWidth: maxWidth)
    }

    /// Widest first, each kept only when it is less than four fifths of the last kept; then
    /// narrowest first. Widths above `maxWidth` become `maxWidth`.
    package static func merged(_ widths: [Int], maxWidth: Int) -> [Int] {
        var kept: [Int] = []
        for width in Set(widths.map { min(max($0, 1), maxWidth) }).sorted(by: >) {
            if let last = kept.last, Double(width) >= 0.8 * Double(last) { continue }
            kept.append(width)
        }
        return kept.reversed()
    }

    /// The widths one photo gets, narrowest first: none wider than the photo (a width at or
    /// above it gives one rendition at the photo's own width), none within a fifth of a wider
    /// one. Empty when the photo is no wider than the narrowest width: it is published as it is.
    ///
    /// With `longestSide`, no rendition of a portrait photo is taller than that either: a photo
    /// page shows a portrait photo as tall as the screen, so a 2,560 px wide one (3,840 px tall)
    /// would be wasted, and the cap lets its decoding run at half scale. The widths above the
    /// cap give one rendition at the cap.
    package static func forPhoto(width: Int, height: Int = 0, widths: [Int], longestSide: Int? = nil) -> [Int] {
        guard let narrowest = widths.min(), width > narrowest else { return [] }
        var limit = width
        if let longestSide, height > width, height > longestSide {
            limit = min(width, max(narrowest, Int(Double(longestSide) * Double(width) / Double(height))))
        }
        // Clamped to the photo, two widths may come close (634 and 640): the narrower goes.
        return merged(widths.map { min($0, limit) }, maxWidth: limit)
    }
}
