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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 * layouts.count)
        for (number, layout) in layouts.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: ";")) }
            bytes += Self.heightPrefix
            CSSNumber.append(Int64(number + 1), to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            CSSNumber.append(layout.height * 100, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `--a:3/2;--c1:0;--y1:0;--c2:…` for tile `index`: the aspect ratio as the photo's exact
    /// width/height, then its column and top at each breakpoint.
    func tileStyle(index: Int, width: Int, height: Int) -> String {
        var bytes: [UInt8] = Self.aspectPrefix
        bytes.reserveCapacity(24 + 26 * layouts.count)
        CSSNumber.append(Int64(width), to: &bytes)
        bytes.append(UInt8(ascii: "/"))
        CSSNumber.append(Int64(height), to: &bytes)
        for (number, layout) in layouts.enumerated() {
            bytes += Self.columnPrefix
            CSSNumber.append(Int64(number + 1), to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            CSSNumber.append(Int64(layout.columns[index]), to: &bytes)
            bytes += Self.topPrefix
            CSSNumber.append(Int64(number + 1), to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            CSSNumber.append(layout.tops[index] * 100, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let heightPrefix = Array("--h".utf8)
    private static let aspectPrefix = Array("--a:".utf8)
    private static let columnPrefix = Array(";--c".utf8)
    private static let topPrefix = Array(";--y".utf8)

    /// How far down the gallery (in CSS px) a tile may start and still be in the first screen:
    /// a 900 px tall window less the header above the gallery.
    static let firstScreenDepth = 720.0

    /// Whether a tile may be in the first screen at some breakpoint. Tops grow with the gallery's
    /// width, so each breakpoint is measured at its narrowest (its reference width), where its
    /// tiles sit highest: a tile loads eagerly if any layout could show it without scrolling.
    func isInFirstScreen(_ index: Int) -> Bool {
        layouts.contains { layout in
            layout.tops[index] * layout.breakpoint.referenceWidth < Self.firstScreenDepth
        }
    }

    /// Whether a tile starts the gallery's first row at some breakpoint: those get
    /// `fetchpriority="high"`.
    func isInFirstRow(_ index: Int) -> Bool {
        layouts.contains { $0.tops[index] == 0 }
    }

    /// The per-breakpoint CSS values the stylesheet template needs.
    static func breakpointValues(configuration: SiteConfiguration) -> [StylesheetData.Breakpoint] {
        configuration.layout.breakpoints.enumerated().map { number, breakpoint in
            let geometry = ColumnGeometry(breakpoint: breakpoint, gap: configuration.layout.gap)
            return StylesheetData.Breakpoint(
                number: number + 1,
                minWidth: CSSNumber.format(breakpoint.minWidth),
                columns: breakpoint.columns,
                columnWidth: CSSNumber.format(geometry.columnWidth * 100),
                columnStep: CSSNumber.format((geometry.columnWidth + geometry.gap) * 100))
        }
    }
}
