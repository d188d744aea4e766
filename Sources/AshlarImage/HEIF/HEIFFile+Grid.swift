extension HEIFFile {
    /// A `grid` item's tiles, checked: `dimg` lists rows × columns coded tiles of one codec and one
    /// size (their `ispe`), which together cover the canvas (they may run past it: the canvas
    /// crops them), and the canvas is the grid item's `ispe`.
    func grid(_ id: UInt32, width: Int, height: Int) throws(HEIFError) -> (
        coding: HEIFImageDescription.Coding, firstTile: [HEIFAssociatedProperty]
    ) {
        let grid = try HEIFImageGrid(data(of: id), item: id)
        let tiles = referenced(from: id, .derivedImage)
        let expected = grid.rows * grid.columns
        guard expected <= limits.gridTiles else {
            throw .tooMany(what: "tiles in grid item \(id)", count: expected, limit: limits.gridTiles)
        }
        guard tiles.count == expected else {
            throw .badGrid(
                item: id, reason: "\(grid.rows)×\(grid.columns) tiles declared, but dimg lists \(tiles.count)")
        }
        guard grid.outputWidth == width, grid.outputHeight == height else {
            throw .badGrid(
                item: id,
                reason: "its canvas is \(grid.outputWidth)×\(grid.outputHeight), but its ispe says \(width)×\(height)")
        }
        guard let first = tiles.first else { throw .badGrid(item: id, reason: "it has no tiles") }
        let firstItem = try requireItem(first)
        let firstProperties = try properties(of: first)
        let (tileWidth, tileHeight) = try extent(of: first, firstProperties)
        let codec = try self.codec(of: first, type: firstItem.type, firstProperties)
        for tile in tiles.dropFirst() {
            let tileItem = try requireItem(tile)
            guard tileItem.type == firstItem.type else {
                throw .badGrid(
                    item: id, reason: "tile \(tile) is '\(tileItem.type)', tile \(first) '\(firstItem.type)'")
            }
            let size = try extent(of: tile, properties(of: tile))
            guard size == (tileWidth, tileHeight) else {
                throw .badGrid(
                    item: id, reason: "tile \(tile) is \(size.0)×\(size.1), tile \(first) \(tileWidth)×\(tileHeight)")
            }
        }
        guard grid.columns * tileWidth >= grid.outputWidth, grid.rows * tileHeight >= grid.outputHeight else {
            throw .badGrid(
                item: id,
                reason: "\(grid.columns)×\(grid.rows) tiles of \(tileWidth)×\(tileHeight) do not cover "
                    + "\(grid.outputWidth)×\(grid.outputHeight)")
        }
        guard (grid.columns - 1) * tileWidth < grid.outputWidth, (grid.rows - 1) * tileHeight < grid.outputHeight
        else {
            throw .badGrid(item: id, reason: "a whole row or column of tiles lies outside the canvas")
        }
        return (.grid(grid, tiles: tiles, tileWidth: tileWidth, tileHeight: tileHeight, codec), firstProperties)
    }
}
