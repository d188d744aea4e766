/// Decodes the slice segments of one intra picture (H.265 §7.3.8, §8.4, §8.6, §8.7) into an
/// ``HEVCPicture``: it walks each segment's coding tree units with the entropy decoder, predicts
/// and reconstructs every transform block as it is read, records what the in-loop filters need,
/// and on ``finish()`` deblocks and applies SAO.
///
/// Feed it every slice segment of the picture in order (``decode(_:header:)``), then call
/// ``finish()``. Any input is safe: a malformed stream throws an `ImageError` naming what is
/// wrong; nothing traps and every size comes from the parameter sets, which are bounded.
package struct HEVCPictureDecoder: Sendable {
    package let sps: HEVCSequenceParameterSet
    package let pps: HEVCPictureParameterSet
    let geometry: HEVCPictureGeometry
    let settings: HEVCResidualSettings
    var picture: HEVCPicture
    var deblocking: HEVCDeblockingMap
    var sao: HEVCSAOMap

    /// Luma width and height in 4×4 blocks; the maps below are indexed y4 · columns4 + x4.
    let columns4: Int
    let rows4: Int
    /// Coding quadtree depth of each 4×4 block (split_cu_flag's context).
    var quadtreeDepth: [UInt8]
    /// IntraPredModeY of each 4×4 block (DC for PCM), for the most probable modes.
    var lumaModes: [UInt8]
    /// IntraPredModeC of each 4×4 block of luma, for the chroma transform blocks.
    var chromaModes: [UInt8]
    /// SliceAddrRs of the slice holding each CTB (raster order); −1 while not decoded.
    var ctbSlice: [Int32]
    /// ScalingFactor by [log2Size − 2][cIdx], when scaling lists are on.
    let scalingFactors: [[[UInt8]]]?
    let placeholderPlane: HEVCPlane

    // The slice segment being decoded.
    var header = HEVCSliceSegmentHeader()
    /// The segment's RBSP, for PCM samples.
    var sliceData: [UInt8] = []
    var sliceAddress = 0
    var entropy: HEVCEntropyDecoder
    var savedForWavefront: HEVCContextSet?
    var savedForDependentSegment: HEVCContextSet?
    // Quantisation state (§8.6.1).
    var lastQpY = 26
    var qpYPredicted = 26
    var cuQpDelta = 0
    var isCuQpDeltaCoded = false
    var isCuChromaQpOffsetCoded = false
    var cuQpOffsetCb = 0
    var cuQpOffsetCr = 0
    var qpY = 26
    /// The coefficients and residual of the transform block being reconstructed (32×32 at most),
    /// kept between blocks so that none allocates.
    var residualScratch = [Int32](repeating: 0, count: 32 * 32)
    /// CTBs decoded so far, counted in tile scan (the address after the furthest one decoded).
    package private(set) var decodedCtbs = 0

    package init(sps: HEVCSequenceParameterSet, pps: HEVCPictureParameterSet) throws(ImageError) {
        try pps.check(against: sps)
        guard !sps.separateColourPlanes else {
            throw ImageError(.unsupported, "HEVC separate colour planes are not supported")
        }
        let minCb = 1 << sps.log2MinCodingBlockSize
        guard sps.width > 0, sps.height > 0, sps.width % minCb == 0, sps.height % minCb == 0 else {
            throw ImageError(
                .malformed,
                "HEVC picture size \(sps.width)x\(sps.height) is not a multiple of the \(minCb)-sample coding block")
        }
        self.sps = sps
        self.pps = pps
        geometry = try HEVCPictureGeometry(sps: sps, pps: pps)
        settings = HEVCResidualSettings(sps: sps, pps: pps)
        try settings.validate()
        picture = try HEVCPicture(
            width: sps.width, height: sps.height, chromaArrayType: sps.chromaArrayType,
            bitDepthLuma: sps.bitDepthLuma, bitDepthChroma: sps.bitDepthChroma)
        deblocking = try HEVCDeblockingMap(width: sps.width, height: sps.height)
        sao = try HEVCSAOMap(width: sps.width, height: sps.height, ctbLog2Size: sps.log2CodingTreeBlockSize)
        sao.acrossTiles = pps.tiles?.loopFilterAcrossTiles ?? true
        let layout = geometry
        sao.tile = (0..<layout.sizeInCtbs).map { layout.tileID[Int(layout.ctbAddressRasterToTile[$0])] }
        columns4 = sps.width / 4
        rows4 = sps.height / 4
        quadtreeDepth = Array(repeating: 0, count: columns4 * rows4)
        lumaModes = Array(repeating: UInt8(HEVCIntraModes.dc), count: columns4 * rows4)
        chromaModes = lumaModes
        ctbSlice = Array(repeating: -1, count: geometry.sizeInCtbs)
        if let list = pps.scalingList ?? sps.scalingList {
            scalingFactors = (2...5).map { log2 in (0..<3).map { list.factors(size: 1 << log2, matrixID: $0) } }
        } else {
            scalingFactors = nil
        }
        placeholderPlane = try HEVCPlane(width: 1, height: 1)
        entropy = try HEVCEntropyDecoder(data: [], sliceQpY: 26, settings: settings)
    }

    /// Decodes one slice segment, whose header was read from `unit` with this decoder's SPS and
    /// PPS.
    package mutating func decode(_ unit: HEVCNALUnit, header: HEVCSliceSegmentHeader) throws(ImageError) {
        self.header = header
        if !header.dependent { sliceAddress = header.address }
        let data = unit.rbsp
        sliceData = data
        guard header.dataOffset < data.count else {
            throw ImageError(.malformed, "HEVC slice segment at CTB \(header.address) has no data")
        }
        let starts = try substreamStarts(unit, header: header)
        var substream = 0
        var ctbAddressTs = Int(geometry.ctbAddressRasterToTile[header.address])
        guard ctbAddressTs >= decodedCtbs || decodedCtbs == 0 else {
            throw ImageError(.malformed, "HEVC slice segment at CTB \(header.address) goes back in the picture")
        }
        entropy = try HEVCEntropyDecoder(
            data: data, start: header.dataOffset, sliceQpY: header.qpY, settings: settings)
        let wavefront = pps.entropyCodingSync
        let width = geometry.widthInCtbs
        let ctbLog2 = geometry.log2CtbSize
        while true {
            let ctbAddressRs = Int(geometry.ctbAddressTileToRaster[ctbAddressTs])
            let ctbX = ctbAddressRs % width
            let ctbY = ctbAddressRs / width
            guard ctbSlice[ctbAddressRs] < 0 else {
                throw ImageError(.malformed, "HEVC CTB \(ctbAddressRs) is coded twice")
            }
            ctbSlice[ctbAddressRs] = Int32(sliceAddress)
            sao.sliceAddress[ctbAddressRs] = Int32(sliceAddress)
            sao.acrossSlices[ctbAddressRs] = header.loopFilterAcrossSlices
            let tile = geometry.tileID[ctbAddressTs]
            let startsTile = ctbAddressTs == 0 || geometry.tileID[ctbAddressTs - 1] != tile
            let startsRow = wavefront && startsTileRow(ctbX)
            let segmentStart = ctbAddressRs == header.address
            // §9.3.1: the context variables this CTU starts from.
            if startsTile {
                entropy.contexts = HEVCContextSet(sliceQpY: header.qpY)
            } else if startsRow {
                let available = Self.isAvailable(
                    x: ctbX << ctbLog2, y: ctbY << ctbLog2, neighbourX: (ctbX + 1) << ctbLog2,
                    neighbourY: (ctbY - 1) << ctbLog2, width: sps.width, height: sps.height, geometry: geometry,
                    ctbSlice: ctbSlice)
                entropy.contexts =
                    available
                    ? savedForWavefront ?? HEVCContextSet(sliceQpY: header.qpY) : HEVCContextSet(sliceQpY: header.qpY)
            } else if segmentStart && header.dependent {
                guard let saved = savedForDependentSegment else {
                    throw ImageError(
                        .malformed, "HEVC dependent slice segment at CTB \(ctbAddressRs) follows no segment")
                }
                entropy.contexts = saved
            }
            // §8.6.1: qPY_PREV starts from SliceQpY in each slice, tile and (with WPP) CTB row.
            if startsTile || startsRow || (segmentStart && !header.dependent) { lastQpY = header.qpY }
            if segmentStart && !header.dependent {
                cuQpOffsetCb = 0
                cuQpOffsetCr = 0
            }
            try decodeSAOSyntax(ctbX: ctbX, ctbY: ctbY, ctbAddressRs: ctbAddressRs, ctbAddressTs: ctbAddressTs)
            try decodeCodingQuadtree(x0: ctbX << ctbLog2, y0: ctbY << ctbLog2, log2Size: ctbLog2, depth: 0)
            if wavefront && ctbX > 0 && startsTileRow(ctbX - 1) { savedForWavefront = entropy.contexts }
            let end = entropy.decodeEndOfSliceSegmentFlag()
            if entropy.isExhausted {
                throw ImageError(
                    .malformed, "HEVC slice segment at CTB \(header.address) ends early (CTB \(ctbAddressRs))")
            }
            ctbAddressTs += 1
            decodedCtbs = max(decodedCtbs, ctbAddressTs)
            if end {
                if pps.dependentSliceSegmentsEnabled { savedForDependentSegment = entropy.contexts }
                break
            }
            guard ctbAddressTs < geometry.sizeInCtbs else {
                throw ImageError(.malformed, "HEVC slice segment at CTB \(header.address) runs past the picture")
            }
            let nextRs = Int(geometry.ctbAddressTileToRaster[ctbAddressTs])
            let newTile = geometry.tileID[ctbAddressTs] != tile
            let newRow = wavefront && startsTileRow(nextRs % width)
            if (pps.tiles != nil && newTile) || newRow {
                guard entropy.decodeEndOfSubsetOneBit() else {
                    throw ImageError(.malformed, "HEVC end_of_subset_one_bit is 0 at CTB \(ctbAddressRs)")
                }
                substream += 1
                let start = substream < starts.count ? starts[substream] : entropy.cabac.bytePosition
                guard start < data.count else {
                    throw ImageError(.malformed, "HEVC substream \(substream) starts past the slice data")
                }
                entropy.cabac.restart(at: start)
            }
        }
    }

    /// Whether CTB column `ctbX` is the first of its tile column.
    func startsTileRow(_ ctbX: Int) -> Bool { geometry.columnBoundaries.contains(ctbX) }

    /// Where each substream of the segment starts in the RBSP: the entry points (counted in
    /// stored bytes from the slice data's first byte) mapped past the emulation prevention bytes.
    func substreamStarts(_ unit: HEVCNALUnit, header: HEVCSliceSegmentHeader) throws(ImageError) -> [Int] {
        var starts = [header.dataOffset]
        var stored = unit.storedOffset(ofRBSP: header.dataOffset)
        for offset in header.entryPointOffsets {
            stored += offset
            guard let start = unit.rbspOffset(ofStored: stored), start < unit.rbsp.count else {
                throw ImageError(.malformed, "HEVC entry point \(starts.count) is outside the slice data")
            }
            starts.append(start)
        }
        return starts
    }

    /// Applies deblocking and SAO and returns the decoded picture; throws when slices are
    /// missing. The decoder is done with the picture after: its planes are moved out.
    package mutating func finish() throws(ImageError) -> HEVCPicture {
        guard decodedCtbs == geometry.sizeInCtbs, !ctbSlice.contains(-1) else {
            throw ImageError(
                .malformed, "HEVC picture is incomplete: \(decodedCtbs) of \(geometry.sizeInCtbs) CTBs decoded")
        }
        // The picture's planes move out of the decoder, which is done with them, so that the
        // deblocking filter changes them in place instead of copying each one first.
        var result = picture
        picture.planes = []
        HEVCDeblockingFilter.apply(
            to: &result, map: deblocking,
            settings: HEVCDeblockingSettings(
                bitDepthLuma: sps.bitDepthLuma, bitDepthChroma: sps.bitDepthChroma,
                chromaArrayType: sps.chromaArrayType, cbQpOffset: pps.cbQPOffset, crQpOffset: pps.crQPOffset))
        if sps.sampleAdaptiveOffsetEnabled {
            result = HEVCSAOFilter.apply(to: result, map: sao, unfiltered: deblocking)
        }
        return result
    }
}
