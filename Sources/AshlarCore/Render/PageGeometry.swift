/// How wide the theme's gallery is at a given viewport width, from `theme.json`:
/// `min(viewport, maxWidth) - 2 × clamp(min, viewportPercent% of the viewport, max)`. It must
/// agree with the theme's CSS (`max-width` and `padding-inline` of `main`); it is what lets
/// `sizes` state each tile's real width, so the browser fetches the right rendition.
package struct PageGeometry: Sendable, Equatable {
    package var maxWidth = 2560.0
    package var paddingMin = 16.0
    package var paddingViewportPercent = 3.0
    package var paddingMax = 40.0
    /// The photo page's height cap on its photo (`max-height` of `.photo img`), in `vh`.
    package var photoMaxHeight = 85.0
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

    /// The `sizes` attribute of a gallery tile: at each viewport range, the tile's exact width,
    /// the column fraction of the gallery width there.
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
            if start <= 0 {
                entries.append(value)
            } else {
                entries.append("(min-width: \(CSSNumber.format(start, digits: 2))px) \(value)")
            }
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
