/// A decoded picture: one plane (ChromaArrayType 0, monochrome) or three (4:2:0, 4:2:2, 4:4:4),
/// with the chroma planes subsampled as ChromaArrayType says (H.265 Table 6-1).
package struct HEVCPicture: Sendable, Equatable {
    /// ChromaArrayType, 0...3 (0 also for separate colour planes, each coded as monochrome).
    package let chromaArrayType: Int
    /// BitDepthY.
    package let bitDepthLuma: Int
    /// BitDepthC.
    package let bitDepthChroma: Int
    /// Luma, then Cb and Cr when `chromaArrayType` is not 0.
    package var planes: [HEVCPlane]

    /// An empty picture of `width` × `height` luma samples, every sample set to mid-grey.
    package init(
        width: Int, height: Int, chromaArrayType: Int, bitDepthLuma: Int, bitDepthChroma: Int
    ) throws(ImageError) {
        guard (0...3).contains(chromaArrayType) else {
            throw ImageError(.malformed, "HEVC chroma_format_idc \(chromaArrayType) is out of range")
        }
        guard (8...16).contains(bitDepthLuma), (8...16).contains(bitDepthChroma) else {
            throw ImageError(.unsupported, "HEVC bit depth \(bitDepthLuma)/\(bitDepthChroma) is not supported")
        }
        self.chromaArrayType = chromaArrayType
        self.bitDepthLuma = bitDepthLuma
        self.bitDepthChroma = bitDepthChroma
        var planes = [try HEVCPlane(width: width, height: height, fill: UInt16(1 << (bitDepthLuma - 1)))]
        if chromaArrayType != 0 {
            let (subWidth, subHeight) = Self.subsampling(chromaArrayType: chromaArrayType)
            let chroma = try HEVCPlane(
                width: (width + subWidth - 1) / subWidth, height: (height + subHeight - 1) / subHeight,
                fill: UInt16(1 << (bitDepthChroma - 1)))
            planes.append(chroma)
            planes.append(chroma)
        }
        self.planes = planes
    }

    /// (SubWidthC, SubHeightC) of Table 6-1: (2, 2) for 4:2:0, (2, 1) for 4:2:2, (1, 1) otherwise.
    package static func subsampling(chromaArrayType: Int) -> (width: Int, height: Int) {
        switch chromaArrayType {
        case 1: (2, 2)
        case 2: (2, 1)
        default: (1, 1)
        }
    }

    /// The bit depth of component `cIdx` (0 luma, 1 Cb, 2 Cr).
    package func bitDepth(component: Int) -> Int { component == 0 ? bitDepthLuma : bitDepthChroma }
}
