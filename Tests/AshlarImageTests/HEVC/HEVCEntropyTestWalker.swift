@testable import AshlarImage

/// Just enough of H.265 to walk the syntax of a small intra picture from libx265 with the entropy
/// decoder: NAL units, the SPS and PPS fields the slice data depends on, the slice segment header,
/// and the coding quadtree, coding units (with the MPM derivation that the scans depend on) and
/// transform trees of §7.3.8. Samples are not reconstructed: the walk only proves that the syntax
/// stays in step to the last end_of_slice_segment_flag. Test code, for streams of one slice
/// without tiles, PCM, scaling lists or range extension tools (WPP substreams are followed).
struct HEVCEntropyTestWalker {
    struct Parameters {
        var width = 0
        var height = 0
        var bitDepth = 8
        /// ChromaArrayType: 1 (4:2:0) or 3 (4:4:4).
        var chroma = 1
        var minCbLog2 = 3
        var ctbLog2 = 4
        var minTbLog2 = 2
        var maxTbLog2 = 5
        var maxTrafoDepthIntra = 0
        var sao = false
        var signHiding = false
        var initQp = 26
        var transformSkip = false
        var cuQpDelta = false
        var cuQpDeltaDepth = 0
        var sliceChromaOffsets = false
        var transquantBypass = false
        var tiles = false
        var wpp = false
        var loopFilterAcrossSlices = false
        var deblockingControl = false
        var deblockingOverride = false
        var deblockingDisabled = false
    }

    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    static func check(_ condition: Bool, _ what: String) throws {
        if !condition { throw Unsupported(description: "stream outside the walker: \(what)") }
    }

    struct BitReader {
        let bytes: [UInt8]
        var position = 0
        mutating func bit() -> Int {
            defer { position += 1 }
            guard position / 8 < bytes.count else { return 0 }
            return Int(bytes[position / 8] >> UInt8(7 - position % 8)) & 1
        }
        mutating func bits(_ n: Int) -> Int { (0..<n).reduce(0) { value, _ in value << 1 | bit() } }
        mutating func ue() -> Int {
            var zeros = 0
            while bit() == 0 && zeros < 32 { zeros += 1 }
            return (1 << zeros) - 1 + bits(zeros)
        }
        mutating func se() -> Int {
            let k = ue()
            return k & 1 == 1 ? (k + 1) / 2 : -(k / 2)
        }
    }

    /// The NAL units of an Annex B stream, emulation prevention bytes removed.
    static func nalUnits(_ stream: [UInt8]) -> [[UInt8]] {
        var starts: [Int] = []
        var i = 0
        while i + 2 < stream.count {
            if stream[i] == 0 && stream[i + 1] == 0 && stream[i + 2] == 1 {
                starts.append(i + 3)
                i += 3
            } else {
                i += 1
            }
        }
        return starts.enumerated().map { index, start in
            var end = index + 1 < starts.count ? starts[index + 1] - 3 : stream.count
            while end > start && stream[end - 1] == 0 { end -= 1 }
            var unit: [UInt8] = []
            var zeros = 0
            for byte in stream[start..<end] {
                if zeros >= 2 && byte == 3 {
                    zeros = 0
                    continue
                }
                zeros = byte == 0 ? zeros + 1 : 0
                unit.append(byte)
            }
            return unit
        }
    }

    static func readSPS(_ unit: [UInt8], into p: inout Parameters) throws {
        var r = BitReader(bytes: unit, position: 16)
        _ = r.bits(4)
        let subLayers = r.bits(3)
        _ = r.bits(1)
        _ = r.bits(96) // profile_tier_level with no sub-layers
        try check(subLayers == 0, "sub-layers")
        _ = r.ue()
        p.chroma = r.ue()
        try check(p.chroma == 1 || p.chroma == 3, "4:2:0 or 4:4:4")
        if p.chroma == 3 { try check(r.bit() == 0, "no separate colour planes") }
        p.width = r.ue()
        p.height = r.ue()
        if r.bit() == 1 { for _ in 0..<4 { _ = r.ue() } }
        p.bitDepth = 8 + r.ue()
        _ = r.ue()
        _ = r.ue()
        let orderingInfo = r.bit()
        for _ in (orderingInfo == 1 ? 0 : subLayers)...subLayers { for _ in 0..<3 { _ = r.ue() } }
        p.minCbLog2 = 3 + r.ue()
        p.ctbLog2 = p.minCbLog2 + r.ue()
        p.minTbLog2 = 2 + r.ue()
        p.maxTbLog2 = p.minTbLog2 + r.ue()
        _ = r.ue()
        p.maxTrafoDepthIntra = r.ue()
        try check(r.bit() == 0, "no scaling lists")
        _ = r.bit()
        p.sao = r.bit() == 1
        try check(r.bit() == 0, "no PCM")
    }

    static func readPPS(_ unit: [UInt8], into p: inout Parameters) throws {
        var r = BitReader(bytes: unit, position: 16)
        _ = r.ue()
        _ = r.ue()
        try check(r.bit() == 0, "no dependent slices")
        _ = r.bit()
        try check(r.bits(3) == 0, "extra slice header bits")
        p.signHiding = r.bit() == 1
        _ = r.bit()
        _ = r.ue()
        _ = r.ue()
        p.initQp = 26 + r.se()
        _ = r.bit()
        p.transformSkip = r.bit() == 1
        p.cuQpDelta = r.bit() == 1
        if p.cuQpDelta { p.cuQpDeltaDepth = r.ue() }
        _ = r.se()
        _ = r.se()
        p.sliceChromaOffsets = r.bit() == 1
        _ = r.bit()
        _ = r.bit()
        p.transquantBypass = r.bit() == 1
        p.tiles = r.bit() == 1
        p.wpp = r.bit() == 1
        try check(!p.tiles, "no tiles")
        p.loopFilterAcrossSlices = r.bit() == 1
        p.deblockingControl = r.bit() == 1
        if p.deblockingControl {
            p.deblockingOverride = r.bit() == 1
            p.deblockingDisabled = r.bit() == 1
            if !p.deblockingDisabled {
                _ = r.se()
                _ = r.se()
            }
        }
    }

    /// The slice segment header of an IDR picture's only slice: SliceQpY, the SAO flags and where
    /// the slice data begins.
    static func readSliceHeader(_ unit: [UInt8], _ p: Parameters) throws -> (
        qp: Int, saoLuma: Bool, saoChroma: Bool, data: Int
    ) {
        var r = BitReader(bytes: unit, position: 16)
        try check(r.bit() == 1, "one slice")
        _ = r.bit() // no_output_of_prior_pics_flag (IRAP)
        _ = r.ue()
        try check(r.ue() == 2, "I slice")
        var saoLuma = false
        var saoChroma = false
        if p.sao {
            saoLuma = r.bit() == 1
            saoChroma = r.bit() == 1
        }
        let qp = p.initQp + r.se()
        if p.sliceChromaOffsets {
            _ = r.se()
            _ = r.se()
        }
        var deblockingDisabled = p.deblockingDisabled
        if p.deblockingOverride && r.bit() == 1 {
            deblockingDisabled = r.bit() == 1
            if !deblockingDisabled {
                _ = r.se()
                _ = r.se()
            }
        }
        if p.loopFilterAcrossSlices && (saoLuma || saoChroma || !deblockingDisabled) { _ = r.bit() }
        if p.wpp {
            // Entry points: the walk finds each substream where the previous one ended.
            let count = r.ue()
            if count > 0 {
                let length = r.ue() + 1
                for _ in 0..<count { _ = r.bits(length) }
            }
        }
        try check(r.bit() == 1, "alignment bit")
        while r.position % 8 != 0 { _ = r.bit() }
        return (qp, saoLuma, saoChroma, r.position / 8)
    }
}
