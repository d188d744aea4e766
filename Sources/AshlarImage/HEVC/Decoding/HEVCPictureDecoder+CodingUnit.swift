extension HEVCPictureDecoder {
    /// §6.4.1: whether the block at luma (neighbourX, neighbourY) is available to the block at
    /// (x, y): inside the picture (`width` × `height`), already decoded (not after it in z-scan
    /// order), in the same slice and the same tile. Static, taking the maps it reads: a method
    /// called from mutating code (or from the intra predictor's closure) would copy the whole
    /// decoder, 1,360 bytes, to pass `self`.
    static func isAvailable(
        x: Int, y: Int, neighbourX: Int, neighbourY: Int, width: Int, height: Int, geometry: HEVCPictureGeometry,
        ctbSlice: [Int32]
    ) -> Bool {
        guard neighbourX >= 0, neighbourY >= 0, neighbourX < width, neighbourY < height else { return false }
        let shift = geometry.log2MinTbSize
        let columns = geometry.widthInMinTbs
        let here = geometry.minTbAddressZScan[(y >> shift) * columns + (x >> shift)]
        let there = geometry.minTbAddressZScan[(neighbourY >> shift) * columns + (neighbourX >> shift)]
        guard there <= here else { return false }
        let ctbShift = geometry.log2CtbSize
        let width = geometry.widthInCtbs
        let ctbHere = (y >> ctbShift) * width + (x >> ctbShift)
        let ctbThere = (neighbourY >> ctbShift) * width + (neighbourX >> ctbShift)
        guard ctbSlice[ctbThere] == ctbSlice[ctbHere], ctbSlice[ctbThere] >= 0 else { return false }
        return geometry.tileID[Int(geometry.ctbAddressRasterToTile[ctbThere])]
            == geometry.tileID[Int(geometry.ctbAddressRasterToTile[ctbHere])]
    }

    /// The index of the 4×4 block holding luma sample (x, y).
    @inline(__always) func block4(_ x: Int, _ y: Int) -> Int { (y >> 2) * columns4 + (x >> 2) }

    /// Sets `value` in `map` for every 4×4 block of the luma area (x0, y0, size × size) inside a
    /// picture of `columns4` × `rows4` blocks. Static, so that filling a map of `self` does not
    /// copy `self` (and with it every map) for the call.
    static func fill<T>(_ map: inout [T], columns4: Int, rows4: Int, x0: Int, y0: Int, size: Int, _ value: T) {
        let right = min((x0 + size) >> 2, columns4)
        let bottom = min((y0 + size) >> 2, rows4)
        guard x0 >= 0, y0 >= 0, map.count >= columns4 * rows4 else { return }
        map.withUnsafeMutableBufferPointer { blocks in
            for y4 in (y0 >> 2)..<max(bottom, y0 >> 2) {
                for x4 in (x0 >> 2)..<max(right, x0 >> 2) { blocks[y4 * columns4 + x4] = value }
            }
        }
    }

    // MARK: SAO syntax (§7.3.8.3)

    mutating func decodeSAOSyntax(ctbX: Int, ctbY: Int, ctbAddressRs: Int, ctbAddressTs: Int) throws(ImageError) {
        guard header.saoLuma || header.saoChroma else { return }
        let width = geometry.widthInCtbs
        let tile = geometry.tileID[ctbAddressTs]
        func sameTile(_ rs: Int) -> Bool { geometry.tileID[Int(geometry.ctbAddressRasterToTile[rs])] == tile }
        if ctbX > 0, ctbAddressRs - 1 >= sliceAddress, sameTile(ctbAddressRs - 1), entropy.decodeSAOMergeFlag() {
            sao.parameters[ctbAddressRs] = sao.parameters[ctbAddressRs - 1]
            return
        }
        if ctbY > 0, ctbAddressRs - width >= sliceAddress, sameTile(ctbAddressRs - width),
            entropy.decodeSAOMergeFlag()
        {
            sao.parameters[ctbAddressRs] = sao.parameters[ctbAddressRs - width]
            return
        }
        var parameters: [HEVCSAOParameters] = [.off, .off, .off]
        var type = 0
        var edgeClass = 0
        for component in 0..<(sps.chromaArrayType == 0 ? 1 : 3) {
            guard component == 0 ? header.saoLuma : header.saoChroma else { continue }
            if component < 2 { type = entropy.decodeSAOTypeIndex() }
            guard type != 0 else { continue }
            let bitDepth = component == 0 ? sps.bitDepthLuma : sps.bitDepthChroma
            let absolute = (0..<4).map { _ in entropy.decodeSAOOffsetAbs(bitDepth: bitDepth) }
            let scale =
                component == 0 ? pps.rangeExtension.log2SAOOffsetScaleLuma : pps.rangeExtension.log2SAOOffsetScaleChroma
            if type == 1 {
                let negative = absolute.map { $0 != 0 && entropy.decodeSAOOffsetSign() }
                let position = entropy.decodeSAOBandPosition()
                parameters[component] = HEVCSAOParameters(
                    kind: .band(position: position),
                    offsets: HEVCSAOParameters.offsetValues(
                        absolute: absolute, negative: negative, isEdge: false, log2OffsetScale: scale))
            } else {
                if component < 2 { edgeClass = entropy.decodeSAOEdgeOffsetClass() }
                parameters[component] = HEVCSAOParameters(
                    kind: .edge(eoClass: edgeClass),
                    offsets: HEVCSAOParameters.offsetValues(
                        absolute: absolute, negative: [], isEdge: true, log2OffsetScale: scale))
            }
        }
        sao.parameters[ctbAddressRs] = parameters
    }

    // MARK: Coding quadtree and coding unit (§7.3.8.4, §7.3.8.5)

    mutating func decodeCodingQuadtree(x0: Int, y0: Int, log2Size: Int, depth: Int) throws(ImageError) {
        let size = 1 << log2Size
        var split = log2Size > sps.log2MinCodingBlockSize
        if x0 + size <= sps.width && y0 + size <= sps.height && log2Size > sps.log2MinCodingBlockSize {
            let leftAvailable = Self.isAvailable(
                x: x0, y: y0, neighbourX: x0 - 1, neighbourY: y0, width: sps.width,
                height: sps.height, geometry: geometry, ctbSlice: ctbSlice)
            let aboveAvailable = Self.isAvailable(
                x: x0, y: y0, neighbourX: x0, neighbourY: y0 - 1, width: sps.width,
                height: sps.height, geometry: geometry, ctbSlice: ctbSlice)
            let leftDepth = leftAvailable ? Int(quadtreeDepth[block4(x0 - 1, y0)]) : 0
            let aboveDepth = aboveAvailable ? Int(quadtreeDepth[block4(x0, y0 - 1)]) : 0
            split = entropy.decodeSplitCUFlag(
                depth: depth, leftAvailable: leftAvailable, leftDepth: leftDepth, aboveAvailable: aboveAvailable,
                aboveDepth: aboveDepth)
        }
        // A quantisation group starts here (with cu_qp_delta off, one per CTB).
        if log2Size >= geometry.log2CtbSize - (pps.cuQPDeltaDepth ?? 0) {
            isCuQpDeltaCoded = false
            cuQpDelta = 0
            startQuantisationGroup(x: x0, y: y0)
        }
        if header.cuChromaQPOffsetEnabled, let offsetDepth = pps.rangeExtension.chromaQPOffsetDepth,
            log2Size >= geometry.log2CtbSize - offsetDepth
        {
            isCuChromaQpOffsetCoded = false
        }
        if split {
            let half = size / 2
            // The four quarters in z order, without an array of offsets (one a call was an
            // allocation and a generic metadata look-up).
            for quarter in 0..<4 {
                let (dx, dy) = ((quarter & 1) * half, (quarter >> 1) * half)
                guard x0 + dx < sps.width, y0 + dy < sps.height else { continue }
                try decodeCodingQuadtree(x0: x0 + dx, y0: y0 + dy, log2Size: log2Size - 1, depth: depth + 1)
            }
            return
        }
        Self.fill(&quadtreeDepth, columns4: columns4, rows4: rows4, x0: x0, y0: y0, size: size, UInt8(depth))
        try decodeCodingUnit(x0: x0, y0: y0, log2Size: log2Size)
    }

    /// §8.6.1: qPY_PRED of the quantisation group at (x, y), from its left and above neighbours
    /// in the same CTB, else qPY_PREV (the QpY of the last coding unit decoded).
    mutating func startQuantisationGroup(x: Int, y: Int) {
        let ctbMask = ~((1 << geometry.log2CtbSize) - 1)
        func neighbour(_ nx: Int, _ ny: Int) -> Int? {
            guard
                Self.isAvailable(
                    x: x, y: y, neighbourX: nx, neighbourY: ny, width: sps.width,
                    height: sps.height, geometry: geometry, ctbSlice: ctbSlice), nx & ctbMask == x & ctbMask,
                ny & ctbMask == y & ctbMask
            else { return nil }
            return Int(deblocking.qpY[block4(nx, ny)])
        }
        qpYPredicted = HEVCQuantiser.predictedQpY(
            left: neighbour(x - 1, y), above: neighbour(x, y - 1), previous: lastQpY)
        qpY = qpYPredicted
    }

    /// QpY of the current coding unit from the group's prediction and CuQpDeltaVal.
    mutating func updateQpY() {
        qpY = HEVCQuantiser.qpY(predicted: qpYPredicted, cuQpDelta: cuQpDelta, qpBdOffsetY: 6 * (sps.bitDepthLuma - 8))
    }

    mutating func decodeCodingUnit(x0: Int, y0: Int, log2Size: Int) throws(ImageError) {
        let size = 1 << log2Size
        var bypass = false
        if pps.transquantBypassEnabled { bypass = entropy.decodeCUTransquantBypassFlag() }
        var splitNxN = false
        if log2Size == sps.log2MinCodingBlockSize { splitNxN = entropy.decodeIntraPartModeIsNxN() }
        guard !splitNxN || log2Size - 1 >= sps.log2MinTransformBlockSize else {
            throw ImageError(.malformed, "HEVC PART_NxN at (\(x0), \(y0)) is smaller than the smallest transform block")
        }
        updateQpY()
        var isPCM = false
        if !splitNxN, let pcm = sps.pcm, (pcm.log2MinSize...pcm.log2MaxSize).contains(log2Size) {
            isPCM = entropy.decodePCMFlag()
        }
        let unfiltered = bypass || (isPCM && (sps.pcm?.loopFilterDisabled ?? false))
        recordCodingUnit(x0: x0, y0: y0, size: size, unfiltered: unfiltered)
        if isPCM {
            try decodePCMSamples(x0: x0, y0: y0, log2Size: log2Size)
            Self.fill(
                &lumaModes, columns4: columns4, rows4: rows4, x0: x0, y0: y0, size: size, UInt8(HEVCIntraModes.dc))
            markTransformEdges(x0: x0, y0: y0, size: size)
            return
        }
        var chromaFromLuma: UInt8 = 0
        let parts = splitNxN ? 4 : 1
        let partSize = splitNxN ? size / 2 : size
        // Part p's offset is ((p & 1) · partSize, (p >> 1) · partSize); its prev_intra_luma_pred_flag
        // is bit p of `usesCandidate`.
        var usesCandidate = 0
        for part in 0..<parts where entropy.decodePrevIntraLumaPredFlag() { usesCandidate |= 1 << part }
        for part in 0..<parts {
            let x = x0 + (part & 1) * partSize
            let y = y0 + (part >> 1) * partSize
            let (width, height) = (sps.width, sps.height)
            let left = Self.candidateMode(
                x: x, y: y, neighbourX: x - 1, neighbourY: y, lumaModes: lumaModes, columns4: columns4, width: width,
                height: height, geometry: geometry, ctbSlice: ctbSlice)
            let above = Self.candidateMode(
                x: x, y: y, neighbourX: x, neighbourY: y - 1, lumaModes: lumaModes, columns4: columns4, width: width,
                height: height, geometry: geometry, ctbSlice: ctbSlice)
            let candidates = HEVCIntraModes.candidateList(left: left, above: above)
            let mode: Int
            if usesCandidate & (1 << part) != 0 {
                mode = candidates[entropy.decodeMPMIndex()]
            } else {
                mode = HEVCIntraModes.lumaMode(
                    candidates: candidates, mpmIndex: nil, remainder: entropy.decodeRemIntraLumaPredMode())
            }
            Self.fill(&lumaModes, columns4: columns4, rows4: rows4, x0: x, y0: y, size: partSize, UInt8(mode))
        }
        if sps.chromaArrayType != 0 {
            let chromaParts = sps.chromaArrayType == 3 ? parts : 1
            let chromaSize = sps.chromaArrayType == 3 ? partSize : size
            for part in 0..<chromaParts {
                let x = x0 + (part & 1) * partSize
                let y = y0 + (part >> 1) * partSize
                let syntax = entropy.decodeIntraChromaPredMode()
                let mode = HEVCIntraModes.chromaMode(
                    intraChromaPredMode: syntax, lumaMode: Int(lumaModes[block4(x, y)]),
                    chromaArrayType: sps.chromaArrayType)
                Self.fill(&chromaModes, columns4: columns4, rows4: rows4, x0: x, y0: y, size: chromaSize, UInt8(mode))
                if syntax == 4 { chromaFromLuma |= 1 << part }
            }
        }
        let unit = CodingUnit(
            x0: x0, y0: y0, log2Size: log2Size, bypass: bypass, splitNxN: splitNxN, chromaFromLuma: chromaFromLuma)
        try decodeTransformTree(
            unit, x0: x0, y0: y0, xBase: x0, yBase: y0, log2Size: log2Size, depth: 0, blockIndex: 0,
            parentChroma: ChromaFlags(cb: (true, true), cr: (true, true)))
        lastQpY = qpY
        Self.fill(
            &deblocking.qpY, columns4: columns4, rows4: rows4, x0: x0, y0: y0, size: size, Int8(truncatingIfNeeded: qpY)
        )
    }

    /// candIntraPredModeX (§8.4.2) for the neighbour at (neighbourX, neighbourY) of the block at
    /// (x, y).
    /// Static, taking the maps it reads: called from mutating code, a method would copy the
    /// whole decoder (1,360 bytes) to pass `self`.
    static func candidateMode(
        x: Int, y: Int, neighbourX: Int, neighbourY: Int, lumaModes: [UInt8], columns4: Int, width: Int, height: Int,
        geometry: HEVCPictureGeometry, ctbSlice: [Int32]
    ) -> Int {
        guard
            Self.isAvailable(
                x: x, y: y, neighbourX: neighbourX, neighbourY: neighbourY, width: width, height: height,
                geometry: geometry, ctbSlice: ctbSlice)
        else { return HEVCIntraModes.dc }
        return HEVCIntraModes.candidate(
            mode: Int(lumaModes[(neighbourY >> 2) * columns4 + (neighbourX >> 2)]), isAbove: neighbourY < y, yCb: y,
            ctbLog2Size: geometry.log2CtbSize)
    }

    /// Records the coding unit's QP, slice offsets and filtering for the deblocking filter.
    mutating func recordCodingUnit(x0: Int, y0: Int, size: Int, unfiltered: Bool) {
        Self.fill(
            &deblocking.qpY, columns4: columns4, rows4: rows4, x0: x0, y0: y0, size: size, Int8(truncatingIfNeeded: qpY)
        )
        Self.fill(&deblocking.unfiltered, columns4: columns4, rows4: rows4, x0: x0, y0: y0, size: size, unfiltered)
        Self.fill(
            &deblocking.betaOffsetDiv2, columns4: columns4, rows4: rows4, x0: x0, y0: y0, size: size,
            Int8(truncatingIfNeeded: header.betaOffsetDiv2))
        Self.fill(
            &deblocking.tcOffsetDiv2, columns4: columns4, rows4: rows4, x0: x0, y0: y0, size: size,
            Int8(truncatingIfNeeded: header.tcOffsetDiv2))
    }

    /// pcm_sample() (§7.3.8.7): the samples as they are, PcmBitDepth bits each, shifted up to the
    /// picture's bit depth; then the arithmetic decoder restarts after them (§9.3.2.5).
    mutating func decodePCMSamples(x0: Int, y0: Int, log2Size: Int) throws(ImageError) {
        guard let pcm = sps.pcm else { return }
        let data = sliceData
        var reader = HEVCBitReader(data, structure: "pcm_sample", position: entropy.cabac.bytePosition * 8)
        let size = 1 << log2Size
        for y in 0..<size {
            for x in 0..<size {
                let value = try reader.u(pcm.bitDepthLuma, "pcm_sample_luma")
                picture.planes[0].setSample(
                    x: x0 + x, y: y0 + y, UInt16(value << (sps.bitDepthLuma - pcm.bitDepthLuma)))
            }
        }
        if sps.chromaArrayType != 0 {
            let (subWidth, subHeight) = HEVCPicture.subsampling(chromaArrayType: sps.chromaArrayType)
            for component in 1...2 {
                for y in 0..<size / subHeight {
                    for x in 0..<size / subWidth {
                        let value = try reader.u(pcm.bitDepthChroma, "pcm_sample_chroma")
                        picture.planes[component].setSample(
                            x: x0 / subWidth + x, y: y0 / subHeight + y,
                            UInt16(value << (sps.bitDepthChroma - pcm.bitDepthChroma)))
                    }
                }
            }
        }
        let next = (reader.position + 7) / 8
        guard next < data.count else { throw ImageError(.malformed, "HEVC PCM samples run past the slice data") }
        entropy.cabac.restart(at: next)
    }
}
