/// Where each tile of a grid image lies on its canvas (ISO/IEC 23008-12 §6.6.2.3): tiles row by
/// row, `columns` to a row, all of one size; the right column and bottom row may overhang the
/// canvas, and are cut at its edge. Pure geometry, so that tiles can be converted straight into
/// their place.
package struct HEIFGridCanvas: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package let tileWidth: Int
    package let tileHeight: Int
    package let columns: Int
    package let tileCount: Int

    /// Nil unless every size is positive and the tiles fill whole rows that cover the canvas.
    package init?(width: Int, height: Int, tileWidth: Int, tileHeight: Int, columns: Int, tileCount: Int) {
        guard width > 0, height > 0, tileWidth > 0, tileHeight > 0, columns > 0, tileCount > 0,
            tileCount % columns == 0
        else { return nil }
        let (across, acrossOverflow) = columns.multipliedReportingOverflow(by: tileWidth)
        let (down, downOverflow) = (tileCount / columns).multipliedReportingOverflow(by: tileHeight)
        guard acrossOverflow || across >= width, downOverflow || down >= height else { return nil }
        self.width = width
        self.height = height
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.columns = columns
        self.tileCount = tileCount
    }

    /// The part of the canvas tile `index` (0..<tileCount) covers: its top-left corner and the
    /// size of it that lies on the canvas (0 wide or high for a tile wholly outside it).
    package func region(ofTile index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let x = (index % columns) * tileWidth
        let y = (index / columns) * tileHeight
        return (x, y, max(0, min(tileWidth, width - x)), max(0, min(tileHeight, height - y)))
    }
}
