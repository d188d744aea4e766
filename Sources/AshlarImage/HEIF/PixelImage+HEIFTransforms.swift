extension PixelImage {
    /// The pixels of `rectangle` (a `clap` crop), or nil when it is empty or does not lie
    /// wholly inside the image.
    package func cropped(to rectangle: HEIFRectangle) -> PixelImage? {
        guard rectangle.width > 0, rectangle.height > 0, rectangle.x >= 0, rectangle.y >= 0,
            rectangle.x <= width - rectangle.width, rectangle.y <= height - rectangle.height
        else { return nil }
        if rectangle == HEIFRectangle(x: 0, y: 0, width: width, height: height) { return self }
        let channels = format.channels
        let rowBytes = rectangle.width * channels
        var output = [UInt8](repeating: 0, count: rowBytes * rectangle.height)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for row in 0..<rectangle.height {
                    let from = ((rectangle.y + row) * width + rectangle.x) * channels
                    let to = row * rowBytes
                    for index in 0..<rowBytes { target[to + index] = source[from + index] }
                }
            }
        }
        return PixelImage(width: rectangle.width, height: rectangle.height, format: format, pixels: output)
    }

    /// The image turned anticlockwise by `quarterTurns` × 90° (`irot`), through the EXIF
    /// orientation code path: 1 turn is orientation 8, 2 is 3, 3 is 6.
    package func rotated(anticlockwiseQuarterTurns quarterTurns: Int) -> PixelImage {
        oriented(ExifOrientation.value(heifRotation: quarterTurns, mirrorAxis: nil))
    }

    /// The image mirrored (`imir`): about a vertical axis, left and right swap (EXIF 2); about a
    /// horizontal one, top and bottom swap (EXIF 4).
    package func mirrored(_ axis: HEIFMirrorAxis) -> PixelImage {
        oriented(axis == .vertical ? 2 : 4)
    }

    /// The image with a HEIF item's transforms applied in order; nil when a crop does not fit.
    package func applying(_ transforms: [HEIFTransform]) -> PixelImage? {
        var image = self
        for transform in transforms {
            switch transform {
            case .crop(let rectangle):
                guard let cropped = image.cropped(to: rectangle) else { return nil }
                image = cropped
            case .rotate(let turns): image = image.rotated(anticlockwiseQuarterTurns: turns)
            case .mirror(let axis): image = image.mirrored(axis)
            }
        }
        return image
    }

    /// A grid's canvas: `tiles` (row-major, `columns` to a row, all of one size and format) pasted
    /// side by side and cropped to `width`×`height`. Nil when the tiles differ in size or format,
    /// are too few or too many, or do not cover the canvas.
    package static func pasting(_ tiles: [PixelImage], columns: Int, width: Int, height: Int) -> PixelImage? {
        guard let first = tiles.first, columns > 0, tiles.count % columns == 0, width > 0, height > 0,
            tiles.allSatisfy({ $0.width == first.width && $0.height == first.height && $0.format == first.format })
        else { return nil }
        let rows = tiles.count / columns
        guard columns * first.width >= width, rows * first.height >= height else { return nil }
        let channels = first.format.channels
        var canvas = [UInt8](repeating: 0, count: width * height * channels)
        canvas.withUnsafeMutableBufferPointer { target in
            for (index, tile) in tiles.enumerated() {
                let left = (index % columns) * first.width
                let top = (index / columns) * first.height
                let copyWidth = max(0, min(first.width, width - left))
                let copyHeight = max(0, min(first.height, height - top))
                tile.pixels.withUnsafeBufferPointer { source in
                    for row in 0..<copyHeight {
                        let from = row * first.width * channels
                        let to = ((top + row) * width + left) * channels
                        for sample in 0..<(copyWidth * channels) { target[to + sample] = source[from + sample] }
                    }
                }
            }
        }
        return PixelImage(width: width, height: height, format: first.format, pixels: canvas)
    }
}
