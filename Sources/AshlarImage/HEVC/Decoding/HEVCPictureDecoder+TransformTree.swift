extension HEVCPictureDecoder {
    /// What the transform tree needs of its coding unit.
    struct CodingUnit {
        var x0: Int
        var y0: Int
        var log2Size: Int
        /// cu_transquant_bypass_flag.
        var bypass: Bool
        /// IntraSplitFlag (PART_NxN).
        var splitNxN: Bool
        /// Bit k set: intra_chroma_pred_mode of prediction block k is 4 (cross-component
        /// prediction's condition).
        var chromaFromLuma: UInt8
    }

    /// cbf_cb and cbf_cr of one transform tree node: the second of each pair is the lower
    /// square of a 4:2:2 chroma block.
    struct ChromaFlags {
        var cb: (Bool, Bool)
        var cr: (Bool, Bool)
    }

    // MARK: Transform tree and transform unit (§7.3.8.8, §7.3.8.10)

    mutating func decodeTransformTree(
        _ cu: CodingUnit, x0: Int, y0: Int, xBase: Int, yBase: Int, log2Size: Int, depth: Int, blockIndex: Int,
        parentChroma: ChromaFlags
    ) throws(ImageError) {
        let maxDepth = sps.maxTransformHierarchyDepthIntra + (cu.splitNxN ? 1 : 0)
        let split: Bool
        if log2Size <= sps.log2MaxTransformBlockSize && log2Size > sps.log2MinTransformBlockSize && depth < maxDepth
            && !(cu.splitNxN && depth == 0)
        {
            split = entropy.decodeSplitTransformFlag(log2TrafoSize: log2Size)
        } else {
            split = log2Size > sps.log2MaxTransformBlockSize || (cu.splitNxN && depth == 0)
        }
        guard !split || log2Size > 2 else {
            throw ImageError(.malformed, "HEVC transform tree at (\(x0), \(y0)) splits below 4×4")
        }
        let chromaType = sps.chromaArrayType
        var chroma = ChromaFlags(cb: (false, false), cr: (false, false))
        if (log2Size > 2 && chromaType != 0) || chromaType == 3 {
            let second = chromaType == 2 && (!split || log2Size == 3)
            if depth == 0 || parentChroma.cb.0 {
                chroma.cb.0 = entropy.decodeCBFChroma(trafoDepth: depth)
                if second { chroma.cb.1 = entropy.decodeCBFChroma(trafoDepth: depth) }
            }
            if depth == 0 || parentChroma.cr.0 {
                chroma.cr.0 = entropy.decodeCBFChroma(trafoDepth: depth)
                if second { chroma.cr.1 = entropy.decodeCBFChroma(trafoDepth: depth) }
            }
        }
        if split {
            let half = 1 << (log2Size - 1)
            for index in 0..<4 {
                let (dx, dy) = ((index & 1) * half, (index >> 1) * half)
                try decodeTransformTree(
                    cu, x0: x0 + dx, y0: y0 + dy, xBase: x0, yBase: y0, log2Size: log2Size - 1, depth: depth + 1,
                    blockIndex: index, parentChroma: chroma)
            }
            return
        }
        let cbfLuma = entropy.decodeCBFLuma(trafoDepth: depth)
        let flags = chromaType != 3 && log2Size == 2 ? parentChroma : chroma
        try decodeTransformUnit(
            cu, x0: x0, y0: y0, xBase: xBase, yBase: yBase, log2Size: log2Size, blockIndex: blockIndex,
            cbfLuma: cbfLuma, chroma: chromaType == 0 ? ChromaFlags(cb: (false, false), cr: (false, false)) : flags)
    }

    mutating func decodeTransformUnit(
        _ cu: CodingUnit, x0: Int, y0: Int, xBase: Int, yBase: Int, log2Size: Int, blockIndex: Int, cbfLuma: Bool,
        chroma: ChromaFlags
    ) throws(ImageError) {
        let chromaType = sps.chromaArrayType
        let cbfChroma =
            chroma.cb.0 || chroma.cr.0 || (chromaType == 2 && (chroma.cb.1 || chroma.cr.1))
        if cbfLuma || cbfChroma {
            if pps.cuQPDeltaDepth != nil && !isCuQpDeltaCoded {
                let delta = try entropy.decodeCUQpDelta()
                let offset = 6 * (sps.bitDepthLuma - 8)
                guard (-(26 + offset / 2)...(25 + offset / 2)).contains(delta) else {
                    throw ImageError(.malformed, "HEVC CuQpDeltaVal \(delta) at (\(x0), \(y0)) is out of range")
                }
                cuQpDelta = delta
                isCuQpDeltaCoded = true
                updateQpY()
            }
            if header.cuChromaQPOffsetEnabled && cbfChroma && !cu.bypass && !isCuChromaQpOffsetCoded {
                if entropy.decodeCUChromaQpOffsetFlag() {
                    let index =
                        pps.rangeExtension.cbQPOffsetList.count > 1 ? entropy.decodeCUChromaQpOffsetIndex() : 0
                    let cb = pps.rangeExtension.cbQPOffsetList
                    let cr = pps.rangeExtension.crQPOffsetList
                    cuQpOffsetCb = index < cb.count ? cb[index] : 0
                    cuQpOffsetCr = index < cr.count ? cr[index] : 0
                } else {
                    cuQpOffsetCb = 0
                    cuQpOffsetCr = 0
                }
                isCuChromaQpOffsetCoded = true
            }
        }
        markTransformEdges(x0: x0, y0: y0, size: 1 << log2Size)
        let lumaMode = Int(lumaModes[block4(x0, y0)])
        let lumaResidual = try reconstruct(
            cu, component: 0, x: x0, y: y0, log2Size: log2Size, mode: lumaMode, coded: cbfLuma, lumaX: x0, lumaY: y0,
            keepResidual: pps.rangeExtension.crossComponentPrediction && cbfLuma)
        guard chromaType != 0 else { return }
        let (subWidth, subHeight) = HEVCPicture.subsampling(chromaArrayType: chromaType)
        let blocks = chromaType == 2 ? 2 : 1
        if log2Size > 2 || chromaType == 3 {
            let log2C = chromaType == 3 ? log2Size : log2Size - 1
            let part =
                cu.splitNxN
                ? (x0 >= cu.x0 + (1 << (cu.log2Size - 1)) ? 1 : 0) + (y0 >= cu.y0 + (1 << (cu.log2Size - 1)) ? 2 : 0)
                : 0
            let crossComponent =
                pps.rangeExtension.crossComponentPrediction && cbfLuma && cu.chromaFromLuma >> part & 1 == 1
            let mode = Int(chromaModes[block4(x0, y0)])
            for component in 1...2 {
                var scale = 0
                if crossComponent { scale = entropy.decodeResidualScale(chroma: component - 1) }
                let coded = component == 1 ? chroma.cb : chroma.cr
                for block in 0..<blocks {
                    _ = try reconstruct(
                        cu, component: component, x: x0 / subWidth, y: y0 / subHeight + (block << log2C),
                        log2Size: log2C, mode: mode, coded: block == 0 ? coded.0 : coded.1, lumaX: x0, lumaY: y0,
                        crossComponent: scale == 0 ? nil : (scale, lumaResidual))
                }
            }
        } else if blockIndex == 3 {
            let mode = Int(chromaModes[block4(xBase, yBase)])
            for component in 1...2 {
                let coded = component == 1 ? chroma.cb : chroma.cr
                for block in 0..<blocks {
                    _ = try reconstruct(
                        cu, component: component, x: xBase / subWidth, y: yBase / subHeight + (block << 2),
                        log2Size: 2, mode: mode, coded: block == 0 ? coded.0 : coded.1, lumaX: xBase, lumaY: yBase)
                }
            }
        }
    }

    /// Predicts one transform block of `component` at (x, y) of its plane and adds its residual
    /// (decoded now when `coded`); returns the residual when `keepResidual` (for cross-component
    /// prediction). (lumaX, lumaY) is the transform unit's luma position, for availability.
    mutating func reconstruct(
        _ cu: CodingUnit, component: Int, x: Int, y: Int, log2Size: Int, mode: Int, coded: Bool, lumaX: Int,
        lumaY: Int, keepResidual: Bool = false, crossComponent: (scale: Int, luma: [Int32]?)? = nil
    ) throws(ImageError) -> [Int32]? {
        let (subWidth, subHeight) =
            component == 0 ? (1, 1) : HEVCPicture.subsampling(chromaArrayType: sps.chromaArrayType)
        let bitDepth = component == 0 ? sps.bitDepthLuma : sps.bitDepthChroma
        var intra = HEVCIntraSettings(
            bitDepth: bitDepth, component: component, chromaArrayType: sps.chromaArrayType,
            strongIntraSmoothing: sps.strongIntraSmoothing)
        intra.intraSmoothingDisabled = sps.rangeExtension.intraSmoothingDisabled
        intra.disableBoundaryFilter = sps.rangeExtension.implicitRDPCM && cu.bypass
        var plane = placeholderPlane
        swap(&plane, &picture.planes[component])
        let currentX = x * subWidth
        let currentY = y * subHeight
        // Availability changes only from one 4×4 luma block to the next: asked once a block. The
        // closure reads locals only: one that read `self` copied the whole decoder at each call.
        var lastBlock = -1
        var lastAnswer = false
        let (width, height, columns4, geometry, ctbSlice) = (sps.width, sps.height, columns4, geometry, ctbSlice)
        // A 4×4 luma block is 4 / subWidth samples of this plane across and 4 / subHeight down.
        HEVCIntraPredictor.predict(
            into: &plane, x0: x, y0: y, log2Size: log2Size, mode: mode, settings: intra,
            unit: (4 / subWidth, 4 / subHeight)
        ) { nx, ny in
            let lumaX = nx * subWidth
            let lumaY = ny * subHeight
            guard lumaX >= 0, lumaY >= 0, lumaX < width, lumaY < height else { return false }
            let block = (lumaY >> 2) * columns4 + (lumaX >> 2)
            if block != lastBlock {
                lastBlock = block
                lastAnswer = Self.isAvailable(
                    x: currentX, y: currentY, neighbourX: lumaX, neighbourY: lumaY, width: width, height: height,
                    geometry: geometry, ctbSlice: ctbSlice)
            }
            return lastAnswer
        }
        defer { swap(&plane, &picture.planes[component]) }
        let size = 1 << log2Size
        guard coded || crossComponent != nil else {
            return keepResidual ? [Int32](repeating: 0, count: size * size) : nil
        }
        // The decoder's scratch block, unless the residual outlives this call (cross-component
        // prediction reads the luma residual when it predicts chroma).
        var residual: [Int32] = []
        if keepResidual || crossComponent != nil {
            residual = [Int32](repeating: 0, count: size * size)
        } else {
            swap(&residual, &residualScratch)
            // Every step below reads and writes only the first size × size entries.
            if residual.count < size * size { residual = [Int32](repeating: 0, count: 32 * 32) }
        }
        defer { if !keepResidual && crossComponent == nil { swap(&residual, &residualScratch) } }
        if coded {
            let scanIndex = Self.scanIndex(
                mode: mode, log2Size: log2Size, component: component, chroma444: sps.chromaArrayType == 3)
            let block = HEVCResidualBlock(
                log2Size: log2Size, component: component, scanIndex: scanIndex, transquantBypass: cu.bypass,
                predModeIntra: mode)
            let outcome = try residual.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) in
                try entropy.decodeResidual(block, into: buffer)
            }
            var transform = HEVCTransformSettings(
                bitDepth: bitDepth, component: component, isIntra: true, predModeIntra: mode,
                transformSkip: outcome.transformSkip, transquantBypass: cu.bypass)
            transform.transformSkipRotationEnabled = sps.rangeExtension.transformSkipRotation
            transform.implicitRdpcmEnabled = sps.rangeExtension.implicitRDPCM
            let dequantiser = HEVCDequantiserSettings(
                bitDepth: bitDepth, qp: quantiserQp(component: component), scalingListEnabled: scalingFactors != nil,
                transformSkip: outcome.transformSkip, scalingFactor: scalingFactors?[log2Size - 2][component])
            HEVCTransform.residual(&residual, log2Size: log2Size, settings: transform, dequantiser: dequantiser)
        }
        if let crossComponent, let luma = crossComponent.luma {
            HEVCTransform.predictFromLuma(
                &residual, luma: luma, resScaleVal: crossComponent.scale, bitDepthLuma: sps.bitDepthLuma,
                bitDepthChroma: sps.bitDepthChroma)
        }
        HEVCTransform.addResidual(residual, to: &plane, x0: x, y0: y, size: size, bitDepth: bitDepth)
        return keepResidual ? residual : nil
    }

    /// qP of §8.6.2: Qp′Y, or Qp′Cb / Qp′Cr from QpY and the PPS, slice and coding unit offsets.
    // Inlined: called from mutating code, a call would copy the whole decoder (1,360 bytes)
    // to pass `self`.
    @inline(__always)
    func quantiserQp(component: Int) -> Int {
        if component == 0 { return qpY + 6 * (sps.bitDepthLuma - 8) }
        let offsets =
            component == 1
            ? pps.cbQPOffset + header.cbQPOffset + cuQpOffsetCb : pps.crQPOffset + header.crQPOffset + cuQpOffsetCr
        return HEVCQuantiser.chromaQp(
            qpY: qpY, offsets: offsets, chromaArrayType: sps.chromaArrayType,
            qpBdOffsetC: 6 * (sps.bitDepthChroma - 8))
    }

    /// scanIdx (§7.4.9.11): vertical for near-horizontal modes, horizontal for near-vertical
    /// ones, in 4×4 blocks and 8×8 luma (or 4:4:4 chroma) blocks; up-right diagonal otherwise.
    static func scanIndex(mode: Int, log2Size: Int, component: Int, chroma444: Bool = false) -> Int {
        guard log2Size == 2 || (log2Size == 3 && (component == 0 || chroma444)) else { return 0 }
        if (6...14).contains(mode) { return 2 }
        if (22...30).contains(mode) { return 1 }
        return 0
    }

    /// Marks the left and top edges of a transform block for the deblocking filter (bS 2, intra)
    /// unless filterEdgeFlag is 0 there (§8.7.2.3).
    mutating func markTransformEdges(x0: Int, y0: Int, size: Int) {
        guard !header.deblockingDisabled else { return }
        let left = x0 > 0 && edgeIsFiltered(x: x0, y: y0, neighbourX: x0 - 1, neighbourY: y0)
        let top = y0 > 0 && edgeIsFiltered(x: x0, y: y0, neighbourX: x0, neighbourY: y0 - 1)
        let bottom = min(y0 + size, sps.height) >> 2
        let right = min(x0 + size, sps.width) >> 2
        if left {
            for y4 in (y0 >> 2)..<bottom { deblocking.verticalStrength[y4 * columns4 + (x0 >> 2)] = 2 }
        }
        if top {
            for x4 in (x0 >> 2)..<right { deblocking.horizontalStrength[(y0 >> 2) * columns4 + x4] = 2 }
        }
    }

    /// filterEdgeFlag at a CTB boundary: 0 across a slice boundary without
    /// slice_loop_filter_across_slices_enabled_flag, or a tile boundary without
    /// loop_filter_across_tiles_enabled_flag.
    // Inlined: called from mutating code, a call would copy the whole decoder (1,360 bytes)
    // to pass `self`.
    @inline(__always)
    func edgeIsFiltered(x: Int, y: Int, neighbourX: Int, neighbourY: Int) -> Bool {
        let shift = geometry.log2CtbSize
        let width = geometry.widthInCtbs
        let here = (y >> shift) * width + (x >> shift)
        let there = (neighbourY >> shift) * width + (neighbourX >> shift)
        guard here != there else { return true }
        if ctbSlice[there] != ctbSlice[here] && !header.loopFilterAcrossSlices { return false }
        let sameTile =
            geometry.tileID[Int(geometry.ctbAddressRasterToTile[there])]
            == geometry.tileID[Int(geometry.ctbAddressRasterToTile[here])]
        return sameTile || (pps.tiles?.loopFilterAcrossTiles ?? true)
    }
}
