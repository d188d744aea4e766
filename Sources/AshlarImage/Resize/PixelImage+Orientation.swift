extension PixelImage {
    /// The image turned upright as EXIF `Orientation` says it should be displayed (as exiftool
    /// describes the values and Pillow's `ImageOps.exif_transpose` applies them):
    /// 1 as stored, 2 mirrored left–right, 3 rotated 180°, 4 mirrored top–bottom, 5 transposed
    /// (mirrored along the main diagonal), 6 rotated 90° clockwise, 7 transversed (mirrored along
    /// the other diagonal), 8 rotated 90° anticlockwise. 5–8 swap width and height. Any other value
    /// is taken as 1, as browsers do.
    public func oriented(_ exifOrientation: Int) -> PixelImage {
        guard (2...8).contains(exifOrientation) else { return self }
        let swaps = exifOrientation >= 5
        let outputWidth = swaps ? height : width
        let outputHeight = swaps ? width : height
        // The source pixel of output (0, 0), and how far (in source pixels) one step right and one
        // step down in the output moves in the source.
        let right: Int
        let down: Int
        let origin: Int
        switch exifOrientation {
        case 2: (origin, right, down) = (width - 1, -1, width)
        case 3: (origin, right, down) = (width * height - 1, -1, -width)
        case 4: (origin, right, down) = ((height - 1) * width, 1, -width)
        case 5: (origin, right, down) = (0, width, 1)
        case 6: (origin, right, down) = ((height - 1) * width, -width, 1)
        case 7: (origin, right, down) = (width * height - 1, -width, -1)
        default: (origin, right, down) = (width - 1, width, -1)
        }
        var output = [UInt8](repeating: 0, count: pixels.count)
        let channels = format.channels
        // Tiles keep the strided side of a transposition within the cache. Every source index is
        // origin + x · right + y · down for x < outputWidth, y < outputHeight: one of the eight
        // mappings of the rectangle onto itself, so in 0..<width · height.
        let tile = 64
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for tileY in stride(from: 0, to: outputHeight, by: tile) {
                    for tileX in stride(from: 0, to: outputWidth, by: tile) {
                        for y in tileY..<min(tileY + tile, outputHeight) {
                            var from = origin + tileX * right + y * down
                            var to = y * outputWidth + tileX
                            for _ in tileX..<min(tileX + tile, outputWidth) {
                                for channel in 0..<channels {
                                    target[to * channels + channel] = source[from * channels + channel]
                                }
                                from += right
                                to += 1
                            }
                        }
                    }
                }
            }
        }
        return PixelImage(width: outputWidth, height: outputHeight, format: format, pixels: output)
    }
}
