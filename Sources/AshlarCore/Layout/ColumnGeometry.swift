/// The widths of one breakpoint's columns and gaps, as fractions of the gallery width.
public struct ColumnGeometry: Sendable, Equatable {
    public var columnCount: Int
    /// The gap between columns and between tiles of a column.
    public var gap: Double
    public var columnWidth: Double

    public init(breakpoint: Breakpoint, gap pixels: Double) {
        columnCount = breakpoint.columns
        gap = pixels / breakpoint.referenceWidth
        columnWidth = (1 - Double(breakpoint.columns - 1) * gap) / Double(breakpoint.columns)
    }

    /// The left edge of a column.
    public func left(ofColumn column: Int) -> Double {
        Double(column) * (columnWidth + gap)
    }
}
