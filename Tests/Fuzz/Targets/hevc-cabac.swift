@testable import AshlarImage

/// HEVC entropy decoding (`HEVCEntropyDecoder`): random bytes as slice data, read as a script of
/// intra syntax elements and residual_coding() calls under random settings. The input is eight
/// bytes of settings, a script of 32 bytes (one element each), then the slice data. Promises: no
/// trap; every value within its syntax element's range; every coefficient level within
/// −32768...32767 and the non-zero count right; bounded work (bins) per residual block.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard bytes.count >= 40 else { return -1 }
    var settings = HEVCResidualSettings()
    settings.chromaArrayType = Int(bytes[0] & 3)
    settings.signDataHiding = bytes[0] & 4 != 0
    settings.transformSkipEnabled = bytes[0] & 8 != 0
    settings.transformSkipContext = bytes[0] & 16 != 0
    settings.implicitRDPCM = bytes[0] & 32 != 0
    settings.persistentRiceAdaptation = bytes[0] & 64 != 0
    settings.log2MaxTransformSkipSize = 2 + Int(bytes[1] & 3)
    settings.chromaQpOffsetListLengthMinus1 = Int(bytes[1] >> 2) % 6
    settings.bitDepthLuma = 8 + Int(bytes[2] & 7)
    settings.bitDepthChroma = settings.bitDepthLuma
    let sliceQpY = Int(bytes[3] & 63) - 12
    let script = bytes[8..<40]
    let slice = Array(bytes[40...])
    guard var decoder = try? HEVCEntropyDecoder(data: slice, sliceQpY: sliceQpY, settings: settings) else {
        return 0
    }
    var levels = [Int32](repeating: 0, count: 32 * 32)
    for step in script {
        if decoder.isExhausted { break }
        let argument = Int(step >> 4)
        switch step & 15 {
        case 0...6:
            let log2 = 2 + Int(step & 3)
            let block = HEVCResidualBlock(
                log2Size: log2, component: argument % 3, scanIndex: (argument >> 2) % 3,
                transquantBypass: argument & 8 != 0, predModeIntra: [0, 1, 10, 26][argument & 3])
            let before = decoder.cabac.binCount
            let outcome = levels.withUnsafeMutableBufferPointer { buffer in
                try? decoder.decodeResidual(block, into: buffer)
            }
            let bins = decoder.cabac.binCount - before
            require(bins <= 200 + (1 << (2 * log2)) * 100, "\(bins) bins for a \(1 << log2)-block")
            if let outcome {
                let written = levels[0..<(1 << (2 * log2))]
                require(written.allSatisfy { (-32768...32767).contains($0) }, "level out of range")
                require(outcome.nonZeroCount == written.filter { $0 != 0 }.count, "non-zero count")
                require(outcome.nonZeroCount > 0, "a coded block has a level")
            } else {
                return 0
            }
        case 7:
            require((0...2).contains(decoder.decodeSAOTypeIndex()), "sao_type_idx")
            let offset = decoder.decodeSAOOffsetAbs(bitDepth: settings.bitDepthLuma)
            require(offset >= 0 && offset <= (1 << (min(settings.bitDepthLuma, 10) - 5)) - 1, "sao_offset_abs")
            require((0...31).contains(decoder.decodeSAOBandPosition()), "sao_band_position")
            require((0...3).contains(decoder.decodeSAOEdgeOffsetClass()), "sao_eo_class")
        case 8:
            _ = decoder.decodeSplitCUFlag(
                depth: argument & 3, leftAvailable: argument & 4 != 0, leftDepth: argument, aboveAvailable: true,
                aboveDepth: 3)
            require((0...2).contains(decoder.decodeMPMIndex()), "mpm_idx")
            require((0...31).contains(decoder.decodeRemIntraLumaPredMode()), "rem_intra_luma_pred_mode")
            require((0...4).contains(decoder.decodeIntraChromaPredMode()), "intra_chroma_pred_mode")
        case 9:
            _ = decoder.decodeSplitTransformFlag(log2TrafoSize: 2 + argument % 4)
            _ = decoder.decodeCBFLuma(trafoDepth: argument % 5)
            _ = decoder.decodeCBFChroma(trafoDepth: argument % 5)
            guard let delta = try? decoder.decodeCUQpDelta() else { return 0 }
            require(abs(delta) < 1 << 33, "cu_qp_delta")
        case 10:
            let index = decoder.decodeCUChromaQpOffsetIndex()
            require(index >= 0 && index <= settings.chromaQpOffsetListLengthMinus1, "cu_chroma_qp_offset_idx")
            let scale = decoder.decodeResidualScale(chroma: argument & 1)
            require([0, 1, 2, 4, 8, -1, -2, -4, -8].contains(scale), "res scale \(scale)")
        case 11:
            if decoder.decodePCMFlag() {
                let start = decoder.cabac.bytePosition
                require(start >= 0 && start <= slice.count + 9, "PCM start \(start)")
                decoder.cabac.restart(at: start + argument)
            }
        case 12:
            let saved = decoder.contexts
            _ = decoder.decodeEndOfSubsetOneBit()
            decoder.contexts = saved
        default:
            _ = decoder.decodeEndOfSliceSegmentFlag()
        }
    }
    return 0
}
