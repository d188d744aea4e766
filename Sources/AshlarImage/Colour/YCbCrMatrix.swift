/// How a coded picture's Y′CbCr samples become R′G′B′: the matrix of ITU-T H.273
/// (`MatrixCoefficients`, from a HEIF `nclx` property or the HEVC VUI) and the sample range.
package struct YCbCrMatrix: Sendable, Equatable {
    /// The equations that apply.
    package enum Equations: Sendable, Equatable {
        /// 0 (GBR, "identity"): G = Y, B = Cb, R = Cr.
        case identity
        /// The luma-weighted matrices, by their Kr and Kb (H.273 equations 38–40 turned round).
        case luma(kr: Double, kb: Double)
        /// 8 (YCgCo): G = Y + Cg, B = Y − Cg − Co, R = Y − Cg + Co.
        case yCgCo
    }

    package var equations: Equations
    /// `video_full_range_flag`: samples span 0…2ⁿ−1; otherwise luma 16…235 and chroma 16…240
    /// (scaled by 2ⁿ⁻⁸).
    package var fullRange: Bool

    package init(equations: Equations, fullRange: Bool) {
        self.equations = equations
        self.fullRange = fullRange
    }

    /// The matrix for an H.273 `MatrixCoefficients` code point. Unspecified (2) and reserved (3)
    /// take BT.601, as libheif, browsers and FFmpeg do; the constant-luminance and ICtCp matrices
    /// (10–14) and the YCgCo-R variants (16, 17), which no camera or phone writes in a still, are
    /// refused by name.
    package init(matrixCoefficients code: Int, fullRange: Bool) throws(ImageError) {
        let equations: Equations
        switch code {
        case 0: equations = .identity
        case 1: equations = .luma(kr: 0.2126, kb: 0.0722)
        case 2, 3, 5, 6: equations = .luma(kr: 0.299, kb: 0.114)
        case 4: equations = .luma(kr: 0.30, kb: 0.11)
        case 7: equations = .luma(kr: 0.212, kb: 0.087)
        case 8: equations = .yCgCo
        case 9: equations = .luma(kr: 0.2627, kb: 0.0593)
        default:
            throw ImageError(
                .unsupported, "colour matrix coefficients \(code) (\(Self.name(of: code))) are not supported")
        }
        self.init(equations: equations, fullRange: fullRange)
    }

    /// BT.601, full range: what an HEVC picture without VUI colour description and with
    /// `video_full_range_flag` set is converted with.
    package static let bt601Full = YCbCrMatrix(equations: .luma(kr: 0.299, kb: 0.114), fullRange: true)

    private static func name(of code: Int) -> String {
        switch code {
        case 10: "BT.2020 constant luminance"
        case 11: "SMPTE ST 2085"
        case 12: "chromaticity-derived non-constant luminance"
        case 13: "chromaticity-derived constant luminance"
        case 14: "ICtCp"
        case 15: "IPT-C2"
        case 16: "YCgCo-Re"
        case 17: "YCgCo-Ro"
        default: "reserved"
        }
    }
}
