/// How wide the theme's gallery is at a given viewport width, from `theme.json`:
/// `min(viewport, maxWidth) - 2 × clamp(min, viewportPercent% of the viewport, max)`. It must
/// agree with the theme's CSS (`max-width` and `padding-inline` of `main`); it is what lets
/// `sizes` state each tile's real width, so the browser fetches the right rendition. The
/// defaults are the default theme's `theme.json`, so a theme's own file that leaves a key out
/// gets the default theme's value.
package struct PageGeometry: Sendable, Equatable {
    package var maxWidth = 2560.0
    package var paddingMin = 16.0
    package var paddingViewportPercent = 3.0
    package var paddingMax = 40.0
    /// The photo page's height cap on its photo (`max-height` of `.photo img`), in `vh`, less
    /// `photoChrome`.
    package var photoMaxHeight = 100.0
    /// What the photo page's viewing mode leaves of the viewport's height for the bars above and
    /// below the photo (the site's header, the breadcrumbs, the viewer's bar), in px: the photo
    /// is at most `photoMaxHeight`vh less this tall.
    package var photoChrome = 144.0
    /// Whether the photo spans the viewport's width (the viewing mode) rather than the page's.
    package var photoFullWidth = true
    /// The viewport width from which the photo page's details stand in a column beside the photo.
    package var detailsMinViewport = 1100.0
    /// That column's width and the gap between it and the photo, in px.
    package var detailsWidth = 320.0
    package var detailsGap = 32.0

    package init() {}

    /// The gallery's width in px at a viewport width.
    package func galleryWidth(viewport: Double) -> Double {
        let padding = min(max(paddingMin, viewport * paddingViewportPercent / 100), paddingMax)
        return min(viewport, maxWidth) - 2 * padding
    }

    /// The narrowest viewport at which the gallery is at least `width` wide (the function is
    /// increasing up to `maxWidth`), found by bisection to a hundredth of a pixel.
    package func viewport(forGalleryWidth width: Double) -> Double? {
        var low = 0.0
        var high = maxWidth
        guard galleryWidth(viewport: high) >= width else { return nil }
        while high - low > 0.001 {
            let middle = (low + high) / 2
            if galleryWidth(viewport: middle) >= width { high = middle } else { low = middle }
        }
        return high
    }

    /// Viewport widths where the gallery-width formula changes shape.
    var segmentStarts: [Double] {
        var starts = [0.0]
        if paddingViewportPercent > 0 {
            starts.append(paddingMin * 100 / paddingViewportPercent)
            starts.append(paddingMax * 100 / paddingViewportPercent)
        }
        starts.append(maxWidth)
        return starts.filter { $0 >= 0 && $0 <= maxWidth }
    }

    /// The gallery width on the segment starting at `start`, as `vw` and `px` coefficients.
    func linearForm(from start: Double) -> (vw: Double, px: Double) {
        let probe = start + 0.5
        let viewportFactor = probe >= maxWidth ? 0.0 : 100.0
        let paddingRaw = probe * paddingViewportPercent / 100
        let padding: (vw: Double, px: Double)
        if paddingRaw <= paddingMin {
            padding = (0, paddingMin)
        } else if paddingRaw >= paddingMax {
            padding = (0, paddingMax)
        } else {
            padding = (paddingViewportPercent, 0)
        }
        let base: (vw: Double, px: Double) = viewportFactor > 0 ? (100, 0) : (0, maxWidth)
        return (base.vw - 2 * padding.vw, base.px - 2 * padding.px)
    }

    /// From this device pixel ratio (`min-resolution`), a phone's tiles state less than their
    /// width in `sizes`, so that the browser picks the rendition for `highDensityTileScale`, not
    /// for its own ratio.
    package static let highDensity = 2.5

    /// The pixels per CSS pixel a tile gets on a phone of `highDensity` or more: at 3×, `sizes`
    /// states two thirds of the tile, and a 175 px tile loads the 484 px rendition (2.8×) as on
    /// a 2× phone, not the 634 px one. Measured on the twelve photos of `../shared`: 37 % fewer
    /// bytes, SSIMULACRA2 79 (median; worst 71) against the 634 px one, where 317 px would
    /// score 66 (worst 39); `Tests/Measurements/tile-density.py`.
    package static let highDensityTileScale = 2.0

    /// The `sizes` attribute of a gallery tile: at each viewport range, the tile's exact width,
    /// the column fraction of the gallery width there. Where the narrowest breakpoint applies
    /// (phones), each range comes first with `(min-resolution: 2.5dppx)` and the width scaled by
    /// `highDensityTileScale / 3`.
    package func tileSizes(breakpoints: [Breakpoint], gap: Double) -> String {
        var thresholds = Set(segmentStarts)
        var breakpointViewports: [(viewport: Double, index: Int)] = []
        for (index, breakpoint) in breakpoints.enumerated() {
            if breakpoint.minWidth <= 0 {
                breakpointViewports.append((0, index))
            } else if let viewport = self.viewport(forGalleryWidth: breakpoint.minWidth) {
                breakpointViewports.append((viewport, index))
                thresholds.insert(viewport)
            }
        }
        var entries: [String] = []
        for start in thresholds.sorted(by: >) {
            let active = breakpointViewports.last { $0.viewport <= start + 0.0001 }
            // Below the first breakpoint the tiles stack in one full-width column.
            let fraction = active.map { ColumnGeometry(breakpoint: breakpoints[$0.index], gap: gap).columnWidth } ?? 1
            let form = linearForm(from: start)
            let value = Self.length(vw: form.vw * fraction, px: form.px * fraction)
            let condition = start <= 0 ? nil : "(min-width: \(CSSNumber.format(start, digits: 2))px)"
            if active.map({ $0.index == 0 }) ?? true {
                let scale = fraction * Self.highDensityTileScale / 3
                let capped = Self.length(vw: form.vw * scale, px: form.px * scale)
                let highDensity = "(min-resolution: \(CSSNumber.format(Self.highDensity))dppx)"
                entries.append([condition, highDensity].compactMap { $0 }.joined(separator: " and ") + " " + capped)
            }
            entries.append([condition, value].compactMap { $0 }.joined(separator: " "))
        }
        return entries.joined(separator: ", ")
    }

    static func length(vw: Double, px: Double) -> String {
        if vw == 0 { return CSSNumber.format(px, digits: 2) + "px" }
        if px == 0 { return CSSNumber.format(vw, digits: 4) + "vw" }
        let sign = px < 0 ? "-" : "+"
        return "calc(\(CSSNumber.format(vw, digits: 4))vw \(sign) \(CSSNumber.format(abs(px), digits: 2))px)"
    }
}
