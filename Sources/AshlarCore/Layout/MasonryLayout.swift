/// The masonry engine: each tile, in reading order, goes to the column whose bottom is currently
/// lowest (the leftmost on ties).
///
/// Every length is a fraction of the gallery's width, so one placement is exact at every width in
/// a breakpoint's range: the gap is `gap` px at the breakpoint's reference width and scales with
/// the gallery from there. Because each tile goes to the lowest column bottom, and bottoms only
/// grow, tile tops never decrease in reading order.
public enum MasonryLayout {
    /// Column bottoms closer than this (relative to the gallery width) count as level, so the
    /// leftmost column wins: floating-point noise must not decide a tie.
    public static let tieTolerance = 1e-9

    /// Lays out tiles with the given display aspect ratios (width / height) at one breakpoint.
    public static func place(
        aspectRatios: [Double], at breakpoint: Breakpoint, gap: Double
    ) -> ColumnLayout {
        let geometry = ColumnGeometry(breakpoint: breakpoint, gap: gap)
        let columnCount = breakpoint.columns
        var bottoms = [Double](repeating: 0, count: columnCount)
        var columns = [Int32](repeating: 0, count: aspectRatios.count)
        var tops = [Double](repeating: 0, count: aspectRatios.count)
        let width = geometry.columnWidth
        let gapFraction = geometry.gap
        bottoms.withUnsafeMutableBufferPointer { bottoms in
            for index in aspectRatios.indices {
                var best = 0
                var lowest = bottoms[0]
                for column in 1..<columnCount where bottoms[column] < lowest - tieTolerance {
                    best = column
                    lowest = bottoms[column]
                }
                columns[index] = Int32(best)
                tops[index] = lowest
                bottoms[best] = lowest + width / aspectRatios[index] + gapFraction
            }
        }
        let tallest = bottoms.max() ?? 0
        let height = aspectRatios.isEmpty ? 0 : tallest - gapFraction
        return ColumnLayout(
            breakpoint: breakpoint, geometry: geometry, columns: columns, tops: tops, height: height)
    }

    /// Lays out the same tiles at every breakpoint.
    public static func place(
        aspectRatios: [Double], at breakpoints: [Breakpoint], gap: Double
    ) -> [ColumnLayout] {
        breakpoints.map { place(aspectRatios: aspectRatios, at: $0, gap: gap) }
    }
}
