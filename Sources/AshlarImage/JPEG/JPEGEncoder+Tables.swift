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

    /// The luminance table `.perceptual` scales, row-major: finer than T.81's at high frequencies,
    /// where Annex K's table spends least on the fine texture a photo's detail is made of. It is
    /// a smooth function of the frequency, `10 + 90 r^1.5` with `r = √(u² + v²) / √98` (0 at the DC
    /// term, 1 at the highest frequency), DC 12, chosen by measurement with `ashlar-bench quality`.
    static let perceptualLuminanceTable: [Int] = [
        12, 13, 18, 25, 33, 42, 52, 64,
        13, 15, 20, 26, 34, 43, 53, 64,
        18, 20, 24, 30, 37, 46, 56, 67,
        25, 26, 30, 35, 42, 51, 60, 71,
        33, 34, 37, 42, 49, 57, 66, 76,
        42, 43, 46, 51, 57, 64, 73, 83,
        52, 53, 56, 60, 66, 73, 81, 91,
        64, 64, 67, 71, 76, 83, 91, 100,
    ]

    /// The chrominance table `.perceptual` scales, row-major: T.81's Table K.2 halved. With 4:2:0
    /// each chroma coefficient covers four times the area a luma one does, and the colour a
    /// perceptual metric sees (SSIMULACRA2's XYB) is worth more than Annex K spends on it.
    static let perceptualChrominanceTable: [Int] = standardChrominanceTable.map { ($0 + 1) / 2 }

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
