/// The first picture of an HEVC stream: its parameter sets read and kept by id, its slice
/// segments decoded in order by ``HEVCPictureDecoder``. Only intra pictures are decoded (every
/// slice an I slice), which is what HEIF stores in an image item.
package enum HEVCStillPictureDecoder {
    /// A decoded picture with the SPS that shapes it (size, cropping, VUI colour).
    package struct Result: Sendable {
        package var picture: HEVCPicture
        package var sps: HEVCSequenceParameterSet
    }

    /// Decodes the first picture of `units` (NAL units without start codes or lengths: the
    /// parameter sets first, then the slice segments), refusing an SPS larger than
    /// `maximumSize` before anything is allocated.
    package static func decode(
        _ units: [ArraySlice<UInt8>], maximumSize: (width: Int, height: Int) = (16_384, 16_384)
    ) throws(ImageError) -> Result {
        var sequenceSets: [Int: HEVCSequenceParameterSet] = [:]
        var pictureSets: [Int: HEVCPictureParameterSet] = [:]
        var decoder: HEVCPictureDecoder?
        var previous: HEVCSliceSegmentHeader?
        for bytes in units {
            let unit = try HEVCNALUnit(bytes)
            guard unit.layerID == 0 else { continue }
            switch unit.type {
            case .sequenceParameterSet:
                guard decoder == nil else { continue }
                let sps = try HEVCSequenceParameterSet(rbsp: unit.rbsp)
                sequenceSets[sps.id] = sps
            case .pictureParameterSet:
                guard decoder == nil else { continue }
                let pps = try HEVCPictureParameterSet(rbsp: unit.rbsp)
                pictureSets[pps.id] = pps
            case .slice(let type):
                guard unit.type.isIRAP || type <= 9 else { continue }
                var reader = HEVCBitReader(unit.rbsp, structure: "slice segment header")
                let first = try reader.flag("first_slice_segment_in_pic_flag")
                if first && decoder != nil { return try finish(&decoder) }
                if unit.type.isIRAP { _ = try reader.flag("no_output_of_prior_pics_flag") }
                let id = try reader.ue("slice_pic_parameter_set_id", maximum: 63)
                guard let pps = pictureSets[id] else {
                    throw ImageError(.malformed, "HEVC slice refers to PPS \(id), which the stream does not have")
                }
                guard let sps = sequenceSets[pps.sequenceParameterSetID] else {
                    throw ImageError(
                        .malformed,
                        "HEVC PPS \(id) refers to SPS \(pps.sequenceParameterSetID), which the stream does not have")
                }
                if decoder == nil {
                    guard sps.width <= maximumSize.width, sps.height <= maximumSize.height else {
                        throw ImageError(
                            .malformed,
                            "HEVC picture is \(sps.width)×\(sps.height), larger than its item (at most \(maximumSize.width)×\(maximumSize.height))"
                        )
                    }
                    guard first else {
                        throw ImageError(.malformed, "HEVC picture does not start with its first slice")
                    }
                    decoder = try HEVCPictureDecoder(sps: sps, pps: pps)
                }
                guard decoder?.pps.id == id, decoder?.sps.id == sps.id else {
                    throw ImageError(.unsupported, "HEVC picture whose slices use different parameter sets")
                }
                let header = try HEVCSliceSegmentHeader(unit, sps: sps, pps: pps, previous: previous)
                // Mutated in place (a copy would copy every plane on its first write).
                try decoder?.decode(unit, header: header)
                previous = header
            default:
                continue
            }
        }
        return try finish(&decoder)
    }

    /// The picture finished by the decoder, moved out of `decoder` so that nothing else holds its
    /// planes while the filters change them (a second holder would have them copied first).
    private static func finish(_ decoder: inout HEVCPictureDecoder?) throws(ImageError) -> Result {
        guard var last = decoder.take() else { throw ImageError(.malformed, "HEVC stream has no picture") }
        return Result(picture: try last.finish(), sps: last.sps)
    }
}
