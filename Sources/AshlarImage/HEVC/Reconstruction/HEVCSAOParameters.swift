/// The sample adaptive offset of one colour component of one CTB (H.265 §7.4.9.3): its type and
/// SaoOffsetVal[1...4].
package struct HEVCSAOParameters: Sendable, Equatable {
    /// SaoTypeIdx with its band position or edge class.
    package enum Kind: Sendable, Equatable {
        /// SaoTypeIdx 0: not applied.
        case off
        /// SaoTypeIdx 1, with sao_band_position 0...31.
        case band(position: Int)
        /// SaoTypeIdx 2, with SaoEoClass 0...3 (horizontal, vertical, 135°, 45°).
        case edge(eoClass: Int)
    }

    package var kind: Kind
    /// SaoOffsetVal[1...4], already signed and scaled.
    package var offsets: [Int32]

    package init(kind: Kind, offsets: [Int32] = [0, 0, 0, 0]) {
        self.kind = kind
        self.offsets = offsets
    }

    /// Not applied.
    package static let off = HEVCSAOParameters(kind: .off)

    /// SaoOffsetVal[i + 1] = offsetSign · sao_offset_abs[i] << log2OffsetScale (7-72). For edge
    /// offset the signs are fixed: positive for categories 1 and 2, negative for 3 and 4; for
    /// band offset `negative` holds sao_offset_sign_flag.
    package static func offsetValues(
        absolute: [Int], negative: [Bool], isEdge: Bool, log2OffsetScale: Int
    ) -> [Int32] {
        let scale = Int32(min(max(log2OffsetScale, 0), 10))
        return (0..<4).map { i in
            let magnitude = Int32(min(max(i < absolute.count ? absolute[i] : 0, 0), 1023)) << scale
            let isNegative = isEdge ? i >= 2 : (i < negative.count && negative[i])
            return isNegative ? -magnitude : magnitude
        }
    }
}
