/// The scans of a progressive JPEG (T.81 Annex G): which components each codes, which band of
/// zig-zag coefficients, and which bits of them.
package struct JPEGScanScript: Sendable, Hashable {
    /// One scan: a first pass when `high` is 0, otherwise a refinement adding bit `low`.
    package struct Scan: Sendable, Hashable {
        /// Component indices, 0 (Y), 1 (Cb), 2 (Cr); more than one only in a DC scan.
        package var components: [Int]
        /// The first and last zig-zag coefficient, `Ss` and `Se`; `0...0` is the DC scan.
        package var band: ClosedRange<Int>
        /// `Ah`: the point transform of the previous scan of this band, 0 for a first scan.
        package var high: Int
        /// `Al`: the point transform, the bits below it are left for later scans.
        package var low: Int

        package init(_ components: [Int], _ band: ClosedRange<Int>, high: Int = 0, low: Int = 0) {
            self.components = components
            self.band = band
            self.high = high
            self.low = low
        }

        var isDC: Bool { band.lowerBound == 0 }
        var isRefinement: Bool { high != 0 }
    }

    package var scans: [Scan]

    package init(_ scans: [Scan]) {
        self.scans = scans
    }

    /// The script for an image of `components` components (1 or 3) and `pixels` pixels, chosen
    /// by measurement on the bench photos at quality 82 (Performance.md): two-bit refinement of
    /// bands 3–63 for larger images, where it saved the most, and one-bit refinement below
    /// ``smallImagePixels``, where fewer scans mean fewer Huffman tables to store.
    static func script(components: Int, pixels: Int) -> JPEGScanScript {
        if pixels < smallImagePixels { return components == 1 ? .oneBitRefinementGray : .oneBitRefinement }
        return components == 1 ? .twoBitRefinementGray : .twoBitRefinement
    }

    /// Below this many pixels (about 550 × 365) ``oneBitRefinement`` is chosen: every 317 px
    /// rendition, portrait ones (317 × 475) too, and no 640 px one.
    static let smallImagePixels = 200_000
}

extension JPEGScanScript {
    /// jpegli's default script (progressive level 2) for subsampled YCbCr: each component's DC
    /// at full precision in a scan of its own, coefficients 1–2 whole, 3–63 without their two
    /// low bits, then those bits one at a time.
    package static let twoBitRefinement = JPEGScanScript(
        [0, 1, 2].map { Scan([$0], 0...0) } + [0, 1, 2].map { Scan([$0], 1...2) }
            + [0, 1, 2].map { Scan([$0], 3...63, low: 2) } + [0, 1, 2].map { Scan([$0], 3...63, high: 2, low: 1) }
            + [0, 1, 2].map { Scan([$0], 3...63, high: 1) })

    /// ``twoBitRefinement`` for one component.
    package static let twoBitRefinementGray = JPEGScanScript([
        Scan([0], 0...0),
        Scan([0], 1...2),
        Scan([0], 3...63, low: 2),
        Scan([0], 3...63, high: 2, low: 1),
        Scan([0], 3...63, high: 1),
    ])

    /// DC of all components, luma AC without its low bit, chroma AC whole, then luma's low bit.
    package static let oneBitRefinement = JPEGScanScript([
        Scan([0, 1, 2], 0...0),
        Scan([0], 1...63, low: 1),
        Scan([1], 1...63),
        Scan([2], 1...63),
        Scan([0], 1...63, high: 1),
    ])

    /// ``oneBitRefinement`` for one component.
    package static let oneBitRefinementGray = JPEGScanScript([
        Scan([0], 0...0),
        Scan([0], 1...63, low: 1),
        Scan([0], 1...63, high: 1),
    ])

    /// libjpeg's `jpeg_simple_progression` for YCbCr: DC of all components at half precision, the
    /// low luma frequencies, the chroma, the rest of luma, then the dropped bits.
    package static let successive = JPEGScanScript([
        Scan([0, 1, 2], 0...0, low: 1),
        Scan([0], 1...5, low: 2),
        Scan([2], 1...63, low: 1),
        Scan([1], 1...63, low: 1),
        Scan([0], 6...63, low: 2),
        Scan([0], 1...63, high: 2, low: 1),
        Scan([0, 1, 2], 0...0, high: 1),
        Scan([2], 1...63, high: 1),
        Scan([1], 1...63, high: 1),
        Scan([0], 1...63, high: 1),
    ])

    /// libjpeg's `jpeg_simple_progression` for one component.
    package static let successiveGray = JPEGScanScript([
        Scan([0], 0...0, low: 1),
        Scan([0], 1...5, low: 2),
        Scan([0], 6...63, low: 2),
        Scan([0], 1...63, high: 2, low: 1),
        Scan([0], 0...0, high: 1),
        Scan([0], 1...63, high: 1),
    ])
}

extension JPEGScanScript {
    /// Spectral selection only: every coefficient at full precision, no refinement scans.
    package static let spectral = JPEGScanScript([
        Scan([0, 1, 2], 0...0),
        Scan([0], 1...5),
        Scan([2], 1...63),
        Scan([1], 1...63),
        Scan([0], 6...63),
    ])

    /// Spectral selection only, for one component.
    package static let spectralGray = JPEGScanScript([
        Scan([0], 0...0),
        Scan([0], 1...5),
        Scan([0], 6...63),
    ])
}
