/// The `hvcC` record (ISO/IEC 14496-15 §8.3.3.1): the stream's profile, chroma format and bit
/// depths as the container states them, the NAL length size of its samples, and its parameter
/// set NAL units (VPS, SPS, PPS, SEI) as stored.
package struct HEVCDecoderConfiguration: Sendable, Equatable {
    package var profileIDC: Int
    package var levelIDC: Int
    package var chromaFormatIDC: Int
    package var bitDepthLuma: Int
    package var bitDepthChroma: Int
    /// `lengthSizeMinusOne` + 1: 1, 2 or 4.
    package var lengthSize: Int
    /// The NAL units of every array, in order (zero-length ones skipped).
    package var nalUnits: [[UInt8]]

    /// The most NAL units read from one record.
    static let maximumNALUnits = 256

    package init(_ bytes: [UInt8]) throws(ImageError) {
        guard bytes.count >= 23 else {
            throw ImageError(.malformed, "HEVC configuration (hvcC) has \(bytes.count) bytes; it needs 23")
        }
        guard bytes[0] == 1 else {
            throw ImageError(.unsupported, "HEVC configuration (hvcC) version \(bytes[0]) is not supported")
        }
        profileIDC = Int(bytes[1] & 0x1F)
        levelIDC = Int(bytes[12])
        chromaFormatIDC = Int(bytes[16] & 3)
        bitDepthLuma = Int(bytes[17] & 7) + 8
        bitDepthChroma = Int(bytes[18] & 7) + 8
        lengthSize = Int(bytes[21] & 3) + 1
        guard lengthSize != 3 else { throw ImageError(.malformed, "HEVC configuration (hvcC): NAL length size 3") }
        var units: [[UInt8]] = []
        var at = 23
        func u16() throws(ImageError) -> Int {
            guard at + 2 <= bytes.count else { throw ImageError(.malformed, "HEVC configuration (hvcC) ends early") }
            defer { at += 2 }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        for _ in 0..<Int(bytes[22]) {
            guard at < bytes.count else { throw ImageError(.malformed, "HEVC configuration (hvcC) ends early") }
            at += 1
            for _ in 0..<(try u16()) {
                let length = try u16()
                guard length <= bytes.count - at else {
                    throw ImageError(.malformed, "HEVC configuration (hvcC): a NAL unit runs past its end")
                }
                if length > 0 { units.append(Array(bytes[at..<at + length])) }
                at += length
                guard units.count <= Self.maximumNALUnits else {
                    throw ImageError(
                        .tooLarge, "HEVC configuration (hvcC) has more than \(Self.maximumNALUnits) NAL units")
                }
            }
        }
        nalUnits = units
    }
}
