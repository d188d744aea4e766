/// One breakpoint's placements: for each tile in reading order, its column and its top, and the
/// gallery's height. Lengths are fractions of the gallery width.
public struct ColumnLayout: Sendable, Equatable {
    public var breakpoint: Breakpoint
    public var geometry: ColumnGeometry
    /// Column of each tile, 0-based from the left.
    public var columns: [Int32]
    /// Top of each tile.
    public var tops: [Double]
    /// The bottom of the tallest column (0 for no tiles).
    public var height: Double

    public var count: Int { tops.count }

    public func placement(of index: Int, aspectRatio: Double) -> Placement {
        let column = Int(columns[index])
        return Placement(
            column: column,
            left: geometry.left(ofColumn: column),
            top: tops[index],
            width: geometry.columnWidth,
            height: geometry.columnWidth / aspectRatio)
    }
}

/// Where one tile goes, as fractions of the gallery width.
public struct Placement: Sendable, Equatable {
    public var column: Int
    public var left: Double
    public var top: Double
    public var width: Double
    public var height: Double
}
