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
