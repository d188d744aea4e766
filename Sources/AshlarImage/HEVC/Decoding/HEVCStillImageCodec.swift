/// Our HEVC decoder as the codec of HEIF's coded image items: the item's `hvcC` parameter sets
/// and length-prefixed NAL units decoded by ``HEVCStillPictureDecoder``, cropped to the
/// conformance window, with the VUI's colour description.
package struct HEVCStillImageCodec: HEIFCodedImageDecoding {
    package init() {}

    package func decode(_ codec: HEIFCodec, data: ArraySlice<UInt8>, size: (width: Int, height: Int))
        throws(ImageError) -> HEIFCodedPicture
    {
        guard case .hevc(let configuration) = codec else {
            throw ImageError(.unsupported, "AV1 image items are not decoded")
        }
        let record = try HEVCDecoderConfiguration(configuration)
        var units = record.nalUnits.map { $0[...] }
        units += try HEVCNALUnit.lengthPrefixed(data, lengthSize: record.lengthSize)
        let result = try HEVCStillPictureDecoder.decode(
            units, maximumSize: (size.width + Self.codingBlockSlack, size.height + Self.codingBlockSlack))
        return Self.picture(result.picture, sps: result.sps)
    }

    /// How much larger than its item's `ispe` a coded picture may be: one 64-sample CTB.
    static let codingBlockSlack = 64

    /// The planes of `picture` inside the SPS's conformance window.
    static func picture(_ picture: HEVCPicture, sps: HEVCSequenceParameterSet) -> HEIFCodedPicture {
        let (subWidth, subHeight) = HEVCPicture.subsampling(chromaArrayType: sps.chromaArrayType)
        func window(_ plane: HEVCPlane, component: Int) -> YCbCrPlanes.Plane {
            let (sx, sy) = component == 0 ? (1, 1) : (subWidth, subHeight)
            let left = sps.cropLeft / sx
            let top = sps.cropTop / sy
            let width = max(1, (sps.croppedWidth + sx - 1) / sx)
            let height = max(1, (sps.croppedHeight + sy - 1) / sy)
            let depth = picture.bitDepth(component: component)
            guard left > 0 || top > 0 else {
                return YCbCrPlanes.Plane(
                    samples: plane.samples, width: min(width, plane.width), height: min(height, plane.height),
                    stride: plane.stride, bitDepth: depth)
            }
            var samples: [UInt16] = []
            samples.reserveCapacity(width * height)
            for y in top..<min(top + height, plane.height) {
                let row = y * plane.stride
                samples += plane.samples[(row + left)..<(row + min(left + width, plane.width))]
            }
            let croppedWidth = min(width, plane.width - left)
            return YCbCrPlanes.Plane(
                samples: samples, width: croppedWidth, height: samples.count / max(croppedWidth, 1),
                stride: croppedWidth, bitDepth: depth)
        }
        let luma = window(picture.planes[0], component: 0)
        var chroma: YCbCrPlanes.Chroma?
        if picture.planes.count == 3 {
            chroma = YCbCrPlanes.Chroma(
                cb: window(picture.planes[1], component: 1), cr: window(picture.planes[2], component: 2),
                shiftX: subWidth - 1, shiftY: subHeight - 1)
        }
        return HEIFCodedPicture(
            planes: YCbCrPlanes(luma: luma, chroma: chroma), width: luma.width, height: luma.height,
            matrixCoefficients: sps.vui.matrixCoefficients, fullRange: sps.vui.fullRange)
    }
}
