extension JPEGEncoder {
    /// `naturalOrder[k]` is the row-major index of the `k`-th coefficient in zig-zag order (T.81 Figure 5).
    static var naturalOrder: [Int] { JPEGZigzag.natural }

    /// T.81 Table K.1, row-major: the luminance quantiser that quality 50 uses as is.
    static let standardLuminanceTable: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61,
        12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56,
        14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77,
        24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101,
        72, 92, 95, 98, 112, 100, 103, 99,
    ]

    /// T.81 Table K.2, row-major: the chrominance quantiser.
    static let standardChrominanceTable: [Int] = [
        17, 18, 24, 47, 99, 99, 99, 99,
        18, 21, 26, 66, 99, 99, 99, 99,
        24, 26, 56, 99, 99, 99, 99, 99,
        47, 66, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99,
    ]

    /// The luminance table `.perceptual` scales, row-major. Annex K's table spends least on the
    /// high frequencies a photo's fine texture is made of, and its steps jump about from one
    /// frequency to the next; this one is a smooth function of the frequency,
    /// `0.73 × (10 + 60 r^1.5)` with `r = √(u² + v²) / √98` (0 at the DC term, 1 at the highest
    /// frequency), DC `0.73 × 12`, rounded. The shape was chosen by measurement with SSIMULACRA2
    /// (bytes at the score of libjpeg's tables, `ashlar-bench quality`), the factor 0.73 so that at
    /// each quality every bench photo looks at least as good as with Annex K's tables
    /// (<doc:Performance>).
    static let perceptualLuminanceTable: [Int] = [
        9, 9, 11, 15, 19, 23, 28, 33,
        9, 10, 12, 15, 19, 23, 28, 34,
        11, 12, 14, 17, 21, 25, 30, 35,
        15, 15, 17, 20, 23, 27, 32, 37,
        19, 19, 21, 23, 26, 30, 35, 39,
        23, 23, 25, 27, 30, 34, 38, 43,
        28, 28, 30, 32, 35, 38, 42, 47,
        33, 34, 35, 37, 39, 43, 47, 51,
    ]

    /// The chrominance table `.perceptual` scales, row-major: T.81's Table K.2 × 0.5 × 0.73. With
    /// 4:2:0 each chroma coefficient covers four times the area a luma one does, and the colour a
    /// perceptual metric sees (SSIMULACRA2's XYB) is worth more than Annex K spends on it.
    static let perceptualChrominanceTable: [Int] = standardChrominanceTable.map { ($0 * 365 + 500) / 1000 }

    /// The luma and chroma quantisers for `quality`, in zig-zag order.
    static func quantisers(_ tables: JPEGEncoderSettings.Tables, quality: Int) -> [[UInt16]] {
        switch tables {
        case .standard:
            [
                quantiser(standardLuminanceTable, quality: quality),
                quantiser(standardChrominanceTable, quality: quality),
            ]
        case .perceptual:
            [
                quantiser(perceptualLuminanceTable, quality: quality),
                quantiser(perceptualChrominanceTable, quality: quality),
            ]
        }
    }

    /// libjpeg's `jpeg_quality_scaling`: the percentage the standard tables are scaled by, so that
    /// a quality here means what it means to `cjpeg -quality`.
    static func scaleFactor(quality: Int) -> Int {
        let quality = min(max(quality, 1), 100)
        return quality < 50 ? 5000 / quality : 200 - quality * 2
    }

    /// A standard table scaled for `quality` as libjpeg's `jpeg_add_quant_table` does with
    /// `force_baseline`, in zig-zag order (the order DQT stores).
    static func quantiser(_ standard: [Int], quality: Int) -> [UInt16] {
        let scale = scaleFactor(quality: quality)
        return naturalOrder.map { index in
            UInt16(min(max((standard[index] * scale + 50) / 100, 1), 255))
        }
    }
}
