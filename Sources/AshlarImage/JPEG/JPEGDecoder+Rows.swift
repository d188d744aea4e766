extension JPEGDecoder {
    /// Rows handed on at once by ``decodeRows(_:scale:limits:checked:into:)`` for an image it
    /// decodes whole.
    static let wholeImageBand = 16

    /// Decodes as ``decode(_:scale:limits:)`` does, handing the output rows top to bottom to the
    /// consumer `making` returns for the output's width, height and format, as (first row, row
    /// count, their pixels, valid only during the call), instead of returning the image.
    ///
    /// A baseline JPEG (one scan holding every component) is decoded as that scan streams in, and
    /// only one iMCU row of output is ever held. An image in several scans (progressive, or
    /// sequential with a scan per component) cannot stream: a row is final only after its last
    /// scan, so it is decoded whole, as ``decode(_:scale:limits:)`` decodes it, its coefficients
    /// freed, and its rows handed on from that image (`making` is called only then).
    static func decodeRows(
        _ bytes: [UInt8], scale: JPEGScale, limits: ImageLimits, checked: Bool,
        into making: (Int, Int, PixelFormat) -> (Int, Int, UnsafePointer<UInt8>) -> Void
    ) throws(ImageError) -> JPEGRows {
        let image: OwnedBuffer<UInt8>
        let rows: JPEGRows
        let consumer: (Int, Int, UnsafePointer<UInt8>) -> Void
        do {
            var decoding = try JPEGDecoding(bytes, scale: scale, limits: limits, checked: checked)
            if decoding.streaming {
                try decoding.run(into: .rows(making(decoding.width, decoding.height, decoding.format)))
                return decoding.finish()
            }
            image = OwnedBuffer<UInt8>(
                uninitializedCount: decoding.height * decoding.width * decoding.format.channels)
            try decoding.run(into: .image(image.base))
            rows = decoding.finish()
        }
        // Made only now, so that what it holds is not held beside the coefficients.
        consumer = making(rows.width, rows.height, rows.format)
        // The coefficients are freed with `decoding`, before the rows go on.
        defer { withExtendedLifetime(image) {} }
        let rowBytes = rows.width * rows.format.channels
        var first = 0
        while first < rows.height {
            let count = min(wholeImageBand, rows.height - first)
            consumer(first, count, UnsafePointer(image.base + first * rowBytes))
            first += count
        }
        return rows
    }
}
