/// How a JPEG encoder samples the two colour-difference channels (Cb, Cr) relative to luma.
public enum ChromaSubsampling: Sendable, Equatable, CaseIterable {
    /// Chroma at half the width and half the height (2×2 luma blocks per chroma block): the
    /// smallest files, what cameras and most encoders write by default.
    case s420
    /// Chroma at full resolution: larger files, sharper colour edges (red text, flowers).
    case s444
}
