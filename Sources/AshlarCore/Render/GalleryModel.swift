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

    /// How far down the gallery a tile may start and still be on a phone's first screen, in
    /// gallery widths. On a 390 × 844 phone (the CSS viewport of the iPhone 12 to 16) the
    /// default theme's album gallery starts 134 px down and is 358 px wide, which leaves 710 px,
    /// 1.98 gallery widths; 360 × 800 and 412 × 915 Android phones leave 2.03 and 2.06, a
    /// 375 × 667 one 1.55. A tile that starts lower is out of sight until the visitor scrolls.
    static let firstScreenDepth = 2.0

    /// Whether a tile is on the first screen of a phone: its top at the narrowest breakpoint
    /// (the layout phones get) is less than `firstScreenDepth` gallery widths down. Those tiles
    /// load eagerly, the others lazily: a wider screen shows more tiles at once, but the
    /// browser loads its lazy tiles in sight as soon as it has laid the page out, while eager
    /// tiles a phone cannot see would share its slow link with the ones it shows.
    func isInFirstScreen(_ index: Int) -> Bool {
        guard let narrowest = layouts.first else { return true }
        return narrowest.tops[index] < Self.firstScreenDepth
    }

    /// Whether a tile is the gallery's first, the one that gets `fetchpriority="high"`: a phone
    /// shows it at the top of the first screen, and a high priority on every tile of the first
    /// row raised none of them above the others.
    func isFirst(_ index: Int) -> Bool {
        index == 0
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
