import AshlarTemplate

/// The template data of one gallery: its tiles in reading order, each carrying its place at every
/// breakpoint as CSS custom properties (`--c1` column, `--y1` top), and the list's height per
/// breakpoint (`--h1`). Lengths are percentages of the gallery width.
struct GalleryModel {
    var layouts: [ColumnLayout]

    init(aspectRatios: [Double], configuration: SiteConfiguration) {
        layouts = MasonryLayout.place(
            aspectRatios: aspectRatios, at: configuration.layout.breakpoints, gap: configuration.layout.gap)
    }

    /// `--h1:123.4567;--h2:…` for the gallery list.
    var listStyle: String {
        layouts.enumerated().map { "--h\($0.offset + 1):\(CSSNumber.format($0.element.height * 100))" }
            .joined(separator: ";")
    }

    /// `--a:3/2;--c1:0;--y1:0;--c2:…` for tile `index`: the aspect ratio as the photo's exact
    /// width/height, then its column and top at each breakpoint.
    func tileStyle(index: Int, width: Int, height: Int) -> String {
        var style = "--a:"
        style.reserveCapacity(24 + 26 * layouts.count)
        style += String(width)
        style += "/"
        style += String(height)
        for (number, layout) in layouts.enumerated() {
            let label = String(number + 1)
            style += ";--c"
            style += label
            style += ":"
            style += String(layout.columns[index])
            style += ";--y"
            style += label
            style += ":"
            style += CSSNumber.format(layout.tops[index] * 100)
        }
        return style
    }

    /// The per-breakpoint CSS values the stylesheet template needs.
    static func breakpointValues(configuration: SiteConfiguration) -> TemplateValue {
        .array(
            configuration.layout.breakpoints.enumerated().map { number, breakpoint in
                let geometry = ColumnGeometry(breakpoint: breakpoint, gap: configuration.layout.gap)
                return .object([
                    "number": .number(Double(number + 1)),
                    "minWidth": .string(CSSNumber.format(breakpoint.minWidth)),
                    "columns": .number(Double(breakpoint.columns)),
                    "columnWidth": .string(CSSNumber.format(geometry.columnWidth * 100)),
                    "columnStep": .string(CSSNumber.format((geometry.columnWidth + geometry.gap) * 100)),
                ])
            })
    }
}
