extension HEIFCleanAperture {
    /// The pixels the clean aperture keeps of a `width`×`height` image, or nil when a denominator
    /// is zero, the arithmetic would overflow, or nothing is left.
    ///
    /// As ISO/IEC 14496-12 §12.1.4.1 puts it, the aperture is centred at
    /// `pcX = horizOff + (width − 1)/2` (and `pcY` likewise); its edges lie at
    /// `pcX ± (cleanApertureWidth − 1)/2`. Rounding (the spec leaves it open; libheif does the
    /// same for non-negative values): the first column is `floor(pcX − (cleanApertureWidth − 1)/2)`,
    /// the last `floor(pcX + (cleanApertureWidth − 1)/2)`, both clamped to the image; rows alike.
    package func cropRectangle(width: Int, height: Int) -> HEIFRectangle? {
        guard
            let columns = Self.span(
                size: width, apertureN: Int64(widthN), apertureD: Int64(widthD), offsetN: Int64(horizontalOffsetN),
                offsetD: Int64(horizontalOffsetD)),
            let rows = Self.span(
                size: height, apertureN: Int64(heightN), apertureD: Int64(heightD), offsetN: Int64(verticalOffsetN),
                offsetD: Int64(verticalOffsetD))
        else { return nil }
        return HEIFRectangle(x: columns.first, y: rows.first, width: columns.count, height: rows.count)
    }

    /// First and count of the kept columns (or rows) of a `size`-pixel side.
    private static func span(size: Int, apertureN: Int64, apertureD: Int64, offsetN: Int64, offsetD: Int64) -> (
        first: Int, count: Int
    )? {
        guard size > 0, apertureD > 0, offsetD > 0 else { return nil }
        // Over the common denominator 2·offsetD·apertureD:
        // first = offset + (size − 1)/2 − (aperture − 1)/2 = offset + (size − aperture)/2
        // last  = offset + (size − 1)/2 + (aperture − 1)/2 = offset + (size + aperture − 2)/2
        let size64 = Int64(size)
        guard let denominator = product(2, offsetD, apertureD),
            let offsetPart = product(2, offsetN, apertureD),
            let sizeD = product(size64, apertureD),
            let firstNumerator = sum(offsetPart, product(sizeD - apertureN, offsetD)),
            let lastNumerator = sum(offsetPart, product(sizeD + apertureN - 2 * apertureD, offsetD))
        else { return nil }
        let first = max(0, floorDivision(firstNumerator, denominator))
        let last = min(size64 - 1, floorDivision(lastNumerator, denominator))
        guard last >= first else { return nil }
        return (Int(first), Int(last - first + 1))
    }

    private static func product(_ values: Int64...) -> Int64? {
        var result: Int64 = 1
        for value in values {
            let (next, overflow) = result.multipliedReportingOverflow(by: value)
            if overflow { return nil }
            result = next
        }
        return result
    }

    private static func sum(_ a: Int64?, _ b: Int64?) -> Int64? {
        guard let a, let b else { return nil }
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : result
    }

    private static func floorDivision(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        let quotient = numerator / denominator
        return numerator % denominator != 0 && (numerator < 0) != (denominator < 0) ? quotient - 1 : quotient
    }
}
