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
}
