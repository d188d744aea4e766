@testable import AshlarImage

/// HEVC high-level syntax (`HEVCDecoderConfiguration`, `HEVCNALUnit`, the SPS, PPS and slice
/// segment header readers): the first byte picks the framing — even: the rest is an `hvcC`
/// record; odd: an Annex B stream —, then every SPS and PPS is read, and every coded slice's
/// header against the last of each. Promises: no trap; a parsed SPS's sizes are within the
/// reader's limits and consistent (cropped size positive, CTB 16–64, bit depth 8–10); a PPS that
/// passes `check(against:)` has its tiles inside the picture; a slice header's address is inside
/// the picture, its entry points positive and bounded, its data offset inside the unit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard let mode = bytes.first else { return -1 }
    let payload = Array(bytes.dropFirst())
    var units: [ArraySlice<UInt8>]
    if mode & 1 == 0 {
        guard let configuration = try? HEVCDecoderConfiguration(payload) else { return 0 }
        precondition(configuration.nalUnits.count <= HEVCDecoderConfiguration.maximumNALUnits)
        precondition([1, 2, 4].contains(configuration.lengthSize))
        units = configuration.nalUnits.map { $0[...] }
    } else {
        units = HEVCNALUnit.annexB(payload[...])
    }
    var sps: HEVCSequenceParameterSet?
    var pps: HEVCPictureParameterSet?
    var previous: HEVCSliceSegmentHeader?
    for bytes in units.prefix(64) {
        guard let unit = try? HEVCNALUnit(bytes) else { continue }
        precondition(unit.rbsp.count + unit.emulationPrevention.count == bytes.count - 2)
        switch unit.type {
        case .sequenceParameterSet:
            guard let parsed = try? HEVCSequenceParameterSet(rbsp: unit.rbsp) else { continue }
            precondition((1...HEVCSequenceParameterSet.maximumSide).contains(parsed.width))
            precondition((1...HEVCSequenceParameterSet.maximumSide).contains(parsed.height))
            precondition(parsed.croppedWidth > 0 && parsed.croppedHeight > 0)
            precondition((4...6).contains(parsed.log2CodingTreeBlockSize))
            precondition((8...10).contains(parsed.bitDepthLuma) && (8...10).contains(parsed.bitDepthChroma))
            if let list = parsed.scalingList {
                for size in [4, 8, 16, 32] {
                    for matrix in 0..<6 {
                        precondition(list.factors(size: size, matrixID: matrix).count == size * size)
                    }
                }
            }
            sps = parsed
        case .pictureParameterSet:
            guard let parsed = try? HEVCPictureParameterSet(rbsp: unit.rbsp) else { continue }
            if let sps, (try? parsed.check(against: sps)) != nil, let tiles = parsed.tiles {
                precondition(tiles.columns <= sps.widthInCTBs && tiles.rows <= sps.heightInCTBs)
            }
            pps = parsed
        case .slice where unit.type.isCodedSlice:
            guard let sps, let pps, (try? pps.check(against: sps)) != nil,
                let header = try? HEVCSliceSegmentHeader(unit, sps: sps, pps: pps, previous: previous)
            else { continue }
            precondition(header.address < sps.widthInCTBs * sps.heightInCTBs)
            precondition(header.entryPointOffsets.allSatisfy { $0 >= 1 })
            precondition(header.entryPointOffsets.count <= sps.widthInCTBs * sps.heightInCTBs)
            precondition(header.dataOffset <= unit.rbsp.count)
            precondition((-48...51).contains(header.qpY))
            previous = header
        default:
            continue
        }
    }
    return 0
}
