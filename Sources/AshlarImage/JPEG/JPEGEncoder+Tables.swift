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

    /// The luminance table `.perceptual` scales, row-major, in tenths of a step. Annex K's table
    /// spends least on the high frequencies a photo's fine texture is made of, and its steps jump
    /// about from one frequency to the next; this one is a smooth function of the frequency,
    /// `10 + 60 r^1.5` with `r = √(u² + v²) / √98` (0 at the DC term, 1 at the highest frequency),
    /// DC 12. The shape was chosen by measurement with SSIMULACRA2: the bytes that reach the score
    /// of libjpeg's tables (`ashlar-bench quality`, <doc:Performance>).
    static let perceptualLuminanceTable: [Int] = [
        120, 119, 154, 200, 254, 315, 383, 457,
        119, 132, 164, 208, 261, 322, 389, 462,
        154, 164, 192, 232, 282, 341, 406, 478,
        200, 208, 232, 268, 315, 371, 435, 505,
        254, 261, 282, 315, 359, 412, 473, 541,
        315, 322, 341, 371, 412, 462, 520, 586,
        383, 389, 406, 435, 473, 520, 576, 639,
        457, 462, 478, 505, 541, 586, 639, 700,
    ]

    /// The chrominance table `.perceptual` scales, row-major, in tenths of a step: T.81's Table K.2
    /// halved. With 4:2:0 each chroma coefficient covers four times the area a luma one does, and
    /// the colour a perceptual metric sees (SSIMULACRA2's XYB) is worth more than Annex K spends on it.
    static let perceptualChrominanceTable: [Int] = standardChrominanceTable.map { $0 * 5 }

    /// A perceptual table (in tenths) scaled for `quality` exactly as libjpeg scales Annex K's
    /// tables (``scaleFactor(quality:)``), rounded, in zig-zag order, capped at 255 (baseline).
    /// No further factor is needed for a quality to keep its meaning: with these tables and the
    /// adaptive quantisation, each quality from 50 to 95 looks at least as good as Annex K's
    /// tables at the same quality (SSIMULACRA2, the median of the bench photos at 1920 and 640 px;
    /// every photo at 82) in fewer bytes (<doc:Performance>).
    static func perceptualQuantiser(_ tenths: [Int], quality: Int) -> [UInt16] {
        let scale = scaleFactor(quality: quality)
        return naturalOrder.map { index in
            UInt16(min(max((tenths[index] * scale + 500) / 1_000, 1), 255))
        }
    }

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
                perceptualQuantiser(perceptualLuminanceTable, quality: quality),
                perceptualQuantiser(perceptualChrominanceTable, quality: quality),
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
