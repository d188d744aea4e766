/// Whether a profile is standard sRGB, which a browser assumes for an image that has none: a
/// rendition of such a photo goes without it, 3 KB less in every file.
extension ICCProfileHeader {
    /// sRGB's primaries adapted to the D50 connection space (IEC 61966-2-1, Bradford), as every
    /// sRGB profile writes them: red, green, blue.
    static let sRGBColorants: [[Double]] = [
        [0.4361, 0.2225, 0.0139], [0.3851, 0.7169, 0.0971], [0.1431, 0.0606, 0.7141],
    ]
    /// Media white points an sRGB profile writes: D50 (version 4, and most version 2) or D65
    /// (version 2 profiles after HP's, whose colorants are D50-adapted all the same).
    static let sRGBWhitePoints: [[Double]] = [[0.9642, 1.0, 0.8249], [0.9505, 1.0, 1.0890]]
    /// How far an XYZ component may stray: 16-bit fixed point rounding and adaptation variants.
    static let xyzTolerance = 0.002
    /// How far a tone curve may stray, as an 8-bit sRGB code: less than one code value.
    static let curveTolerance = 1.0 / 255

    /// Whether `profile` says what no profile says: an RGB matrix/TRC profile with sRGB's
    /// colorants and transfer curve, whatever its name. A profile with lookup tables (`A2B0`,
    /// `B2A0`, `D2B0`…) is not taken for sRGB even when its matrix is, since a colour manager
    /// may prefer the tables; neither is a grey profile (kept as it is). Any doubt keeps it.
    public static func isStandardSRGB(_ profile: [UInt8]) -> Bool {
        guard let header = ICCProfileHeader(profile), header.colourSpace == "RGB ", header.connectionSpace == "XYZ ",
            ["mntr", "scnr", "spac"].contains(header.deviceClass), let tags = tags(in: profile)
        else { return false }
        let tables = ["A2B", "B2A", "D2B", "B2D"]
        guard !tags.keys.contains(where: { key in tables.contains { key.hasPrefix($0) } }) else { return false }
        func tag(_ signature: String) -> [UInt8]? { tags[signature].map { Array(profile[$0]) } }
        func near(_ value: [Double]?, _ reference: [Double]) -> Bool {
            guard let value else { return false }
            return zip(value, reference).allSatisfy { abs($0 - $1) <= xyzTolerance }
        }
        guard let white = tag("wtpt").flatMap(xyz), sRGBWhitePoints.contains(where: { near(white, $0) }) else {
            return false
        }
        for (signature, colorant) in zip(["rXYZ", "gXYZ", "bXYZ"], sRGBColorants) {
            guard near(tag(signature).flatMap(xyz), colorant) else { return false }
        }
        for signature in ["rTRC", "gTRC", "bTRC"] {
            guard let curve = tag(signature).flatMap(toneCurve) else { return false }
            for code in 0...255 {
                let value = Double(code) / 255
                let linear = curve(value)
                guard linear.isFinite, abs(TransferCurve.encode(min(max(linear, 0), 1)) - value) <= curveTolerance
                else { return false }
            }
        }
        return true
    }
}
