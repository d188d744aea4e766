import Dispatch

extension HEIFImageDecoder {
    /// A grid item's canvas: each tile decoded and converted straight into its place on it, so no
    /// picture of a tile is made and copied again. The first tile decides the pixel format; a tile
    /// whose format differs (one monochrome, one colour) is an error.
    func canvas(
        of description: HEIFImageDescription, grid: HEIFImageGrid, tiles: [UInt32], tileSize: (width: Int, height: Int),
        codec: HEIFCodec, in file: HEIFFile, nclx: (matrix: Int, fullRange: Bool)?, alpha: Bool
    ) throws(ImageError) -> PixelImage {
        guard
            let layout = HEIFGridCanvas(
                width: description.codedWidth, height: description.codedHeight, tileWidth: tileSize.width,
                tileHeight: tileSize.height, columns: grid.columns, tileCount: tiles.count)
        else {
            throw ImageError(.malformed, "HEIF grid item \(description.itemID)'s tiles do not cover its canvas")
        }
        let decodeTile = { @Sendable (index: Int) throws(ImageError) -> (HEIFCodedPicture, YCbCrMatrix) in
            try self.codedPicture(
                tiles[index], codec, in: file, width: tileSize.width, height: tileSize.height, nclx: nclx, alpha: alpha)
        }
        let (first, firstMatrix) = try decodeTile(0)
        let format = YCbCrConverter.format(of: first.planes)
        let rowStride = layout.width * format.channels
        var pixels = [UInt8](repeating: 0, count: rowStride * layout.height)
        try pixels.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) in
            guard let base = buffer.baseAddress else { return }
            // Tiles cover disjoint parts of the canvas, so threads write to it side by side.
            nonisolated(unsafe) let canvas = base
            let place = { @Sendable (picture: HEIFCodedPicture, matrix: YCbCrMatrix, index: Int) throws(ImageError) in
                guard YCbCrConverter.format(of: picture.planes) == format else {
                    throw ImageError(
                        .malformed,
                        "HEIF grid item \(description.itemID)'s tile \(tiles[index]) is \(YCbCrConverter.format(of: picture.planes)), "
                            + "its first tile \(format)")
                }
                let region = layout.region(ofTile: index)
                guard region.width > 0, region.height > 0 else { return }
                try YCbCrConverter.convert(
                    picture.planes, width: region.width, height: region.height, matrix: matrix,
                    into: canvas + region.y * rowStride + region.x * format.channels, rowStride: rowStride)
            }
            try place(first, firstMatrix, 0)
            try forEachTile(1..<tiles.count) { (index) throws(ImageError) in
                let (picture, matrix) = try decodeTile(index)
                try place(picture, matrix, index)
            }
        }
        return PixelImage(width: layout.width, height: layout.height, format: format, pixels: pixels)
    }

    /// `work` for each tile index: in turn, or on up to ``tileWorkers`` threads that take the
    /// tiles one at a time. The first error thrown (by tile order) is the one thrown.
    private func forEachTile(
        _ indices: Range<Int>, _ work: @Sendable (Int) throws(ImageError) -> Void
    ) throws(ImageError) {
        let threads = min(tileWorkers, indices.count)
        guard threads > 1 else {
            for index in indices { try work(index) }
            return
        }
        let results = TileResults(indices)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let index = results.next() {
                do throws(ImageError) { try work(index) } catch { results.fail(error, at: index) }
            }
        }
        if let error = results.firstError { throw error }
    }
}
