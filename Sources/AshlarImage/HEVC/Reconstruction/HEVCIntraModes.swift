/// The derivation of the intra prediction modes (H.265 §8.4.2 for luma, §8.4.3 for chroma) from
/// the syntax elements the entropy decoder reads. Pure functions; the caller supplies the
/// neighbours' modes.
package enum HEVCIntraModes {
    /// INTRA_PLANAR, INTRA_DC and the pure vertical and horizontal angular modes.
    package static let planar = 0
    package static let dc = 1
    package static let horizontal = 10
    package static let vertical = 26

    /// candIntraPredModeX for a neighbour: its IntraPredModeY, or DC when it is unavailable, not
    /// intra or pcm (pass nil), or — for the above neighbour — in the CTB above (yCb − 1 <
    /// (yCb >> CtbLog2SizeY) << CtbLog2SizeY).
    package static func candidate(mode: Int?, isAbove: Bool = false, yCb: Int = 0, ctbLog2Size: Int = 4) -> Int {
        guard let mode, (0...34).contains(mode) else { return dc }
        if isAbove {
            let shift = min(max(ctbLog2Size, 3), 6)
            if yCb - 1 < ((yCb >> shift) << shift) { return dc }
        }
        return mode
    }

    /// candModeList[0...2] (8-22 to 8-29) from candIntraPredModeA (left) and B (above).
    package static func candidateList(left a: Int, above b: Int) -> [Int] {
        let a = (0...34).contains(a) ? a : dc
        let b = (0...34).contains(b) ? b : dc
        if a == b {
            if a < 2 { return [planar, dc, vertical] }
            return [a, 2 + ((a + 29) % 32), 2 + ((a - 2 + 1) % 32)]
        }
        let third = a != planar && b != planar ? planar : a != dc && b != dc ? dc : vertical
        return [a, b, third]
    }

    /// IntraPredModeY: candModeList[mpm_idx] when prev_intra_luma_pred_flag is set, else
    /// rem_intra_luma_pred_mode stepped past the sorted candidates.
    package static func lumaMode(candidates: [Int], mpmIndex: Int?, remainder: Int) -> Int {
        guard candidates.count == 3 else { return dc }
        if let mpmIndex { return candidates[min(max(mpmIndex, 0), 2)] }
        var mode = min(max(remainder, 0), 31)
        for candidate in candidates.sorted() where mode >= candidate { mode += 1 }
        return mode
    }

    /// Table 8-3: the 4:2:2 chroma mode for modeIdc 0...34.
    package static let chroma422Modes = [
        0, 1, 2, 2, 2, 2, 3, 5, 7, 8, 10, 12, 13, 15, 17, 18, 19, 20, 21, 22, 23, 23, 24, 24, 25, 25, 26, 27, 27, 28,
        28, 29, 29, 30, 31,
    ]

    /// IntraPredModeC (Table 8-2, and Table 8-3 for ChromaArrayType 2) from intra_chroma_pred_mode
    /// 0...4 and the luma mode X of the same block.
    package static func chromaMode(intraChromaPredMode: Int, lumaMode: Int, chromaArrayType: Int) -> Int {
        let luma = (0...34).contains(lumaMode) ? lumaMode : dc
        let modeIdc: Int
        switch intraChromaPredMode {
        case 0: modeIdc = luma == planar ? 34 : planar
        case 1: modeIdc = luma == vertical ? 34 : vertical
        case 2: modeIdc = luma == horizontal ? 34 : horizontal
        case 3: modeIdc = luma == dc ? 34 : dc
        default: modeIdc = luma
        }
        return chromaArrayType == 2 ? chroma422Modes[modeIdc] : modeIdc
    }
}
