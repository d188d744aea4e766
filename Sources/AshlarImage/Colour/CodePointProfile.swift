/// An ICC profile written for pixels whose colour is stated by ITU-T H.273 code points (a HEIF
/// `nclx` property) instead of by a profile of their own, so that a rendition of a Display P3 or
/// BT.2020 photo keeps its colours in a browser as one with an embedded profile does.
///
/// The profile is ICC v4.3, a display (`mntr`) RGB profile to the XYZ connection space: the
/// primaries' colorants adapted to D50 with the Bradford transform (the `chad` tag records it), and
/// the transfer characteristic as a parametric curve. It is deterministic (fixed date, no profile
/// ID), so the same code points always give the same bytes and the rendition cache is stable.
package struct CodePointProfile: Sendable, Equatable {
    /// ITU-T H.273 colour primaries (Table 2).
    package var primaries: Int
    /// ITU-T H.273 transfer characteristics (Table 3).
    package var transfer: Int

    package init(primaries: Int, transfer: Int) {
        self.primaries = primaries
        self.transfer = transfer
    }

    /// Whether pixels with these code points are sRGB as far as a browser can tell: BT.709
    /// primaries (or unspecified ones) with an SDR camera or sRGB curve. Such pixels need no
    /// profile; a browser shows untagged images as sRGB.
    package var isSRGB: Bool {
        [1, 2].contains(primaries) && [1, 2, 6, 13, 14, 15].contains(transfer)
    }

    /// The profile, or nil when the pixels need none (``isSRGB``) or when the code points are ones
    /// this writer does not describe: primaries other than those in ``chromaticities``, or a
    /// transfer that is not an SDR curve (PQ and HLG are HDR; renditions are SDR).
    package var iccProfile: [UInt8]? {
        guard !isSRGB, let chromaticities = Self.chromaticities[primaries == 2 ? 1 : primaries],
            let curve = Self.curve(transfer)
        else { return nil }
        let toXYZ = ColourMatrix.rgbToXYZ(chromaticities)
        let adaptation = ColourMatrix.bradford(from: chromaticities.white, to: Self.d50)
        let colorants = adaptation * toXYZ
        let tags: [(signature: String, data: [UInt8])] = [
            ("desc", Self.textType(Self.names[primaries] ?? "H.273 primaries \(primaries)")),
            ("cprt", Self.textType("No copyright, use freely")),
            ("wtpt", Self.xyzType(Self.d50XYZ)),
            ("chad", Self.matrixType(adaptation)),
            ("rXYZ", Self.xyzType(colorants.column(0))),
            ("gXYZ", Self.xyzType(colorants.column(1))),
            ("bXYZ", Self.xyzType(colorants.column(2))),
            ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        return Self.assemble(tags)
    }

    /// The CIE 1931 xy chromaticities of the red, green and blue primaries and of the white point.
    package struct Chromaticities: Sendable, Equatable {
        package var red: (x: Double, y: Double)
        package var green: (x: Double, y: Double)
        package var blue: (x: Double, y: Double)
        package var white: (x: Double, y: Double)

        package static func == (a: Self, b: Self) -> Bool {
            a.red == b.red && a.green == b.green && a.blue == b.blue && a.white == b.white
        }
    }

    static let d65 = (x: 0.3127, y: 0.3290)
    /// The ICC connection space's illuminant: its XYZ (ICC.1 §7.2.16), and as xy.
    static let d50XYZ = [0.9642, 1.0, 0.8249]
    static let d50 = (x: d50XYZ[0] / d50XYZ.reduce(0, +), y: d50XYZ[1] / d50XYZ.reduce(0, +))

    /// H.273 Table 2, the primaries this writer describes.
    package static let chromaticities: [Int: Chromaticities] = [
        1: Chromaticities(red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060), white: d65),
        4: Chromaticities(red: (0.67, 0.33), green: (0.21, 0.71), blue: (0.14, 0.08), white: (0.310, 0.316)),
        5: Chromaticities(red: (0.64, 0.33), green: (0.29, 0.60), blue: (0.15, 0.06), white: d65),
        6: Chromaticities(red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070), white: d65),
        7: Chromaticities(red: (0.630, 0.340), green: (0.310, 0.595), blue: (0.155, 0.070), white: d65),
        9: Chromaticities(red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: d65),
        11: Chromaticities(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: (0.314, 0.351)),
        12: Chromaticities(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65),
        22: Chromaticities(red: (0.630, 0.340), green: (0.295, 0.605), blue: (0.155, 0.077), white: d65),
    ]

    static let names: [Int: String] = [
        1: "BT.709", 4: "BT.470 System M", 5: "BT.601 625", 6: "BT.601 525", 7: "SMPTE 240M", 9: "BT.2020",
        11: "DCI-P3", 12: "Display P3", 22: "EBU Tech. 3213",
    ]

    /// The decoding curve of an SDR transfer characteristic as an ICC `para` tag: sRGB's (13, and 2,
    /// unspecified, taken as sRGB), the camera curve's inverse of BT.709, BT.601 and BT.2020 (1,
    /// 6, 14, 15), pure gammas (4: 2.2, 5: 2.8) and linear (8). Nil for the rest.
    static func curve(_ transfer: Int) -> [UInt8]? {
        switch transfer {
        case 2, 13: parametricCurve([2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        case 1, 6, 14, 15: parametricCurve([1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
        case 4: parametricCurve([2.2])
        case 5: parametricCurve([2.8])
        case 8: parametricCurve([1])
        default: nil
        }
    }
}
