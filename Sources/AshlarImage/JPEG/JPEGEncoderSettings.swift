/// What ``JPEGEncoder`` does beyond the format's minimum: the quantisation tables it scales by
/// quality, whether each block adapts its rounding to what the eye can see there, and how the
/// coefficients are split into scans. Each choice is measured on its own by
/// `ashlar-bench quality`.
public struct JPEGEncoderSettings: Sendable, Hashable {
    /// The quantisation tables `quality` scales.
    public enum Tables: Sendable, Hashable, CaseIterable {
        /// T.81 Annex K's tables, scaled exactly as libjpeg scales them.
        case standard
        /// Tables tuned with a perceptual metric (SSIMULACRA2): finer at luma's high frequencies
        /// and in chroma (``JPEGEncoder`` `perceptualLuminanceTable`).
        case perceptual
    }

    /// How the coefficients are laid out in the file.
    public enum Scans: Sendable, Hashable, CaseIterable {
        /// One interleaved scan of every coefficient (baseline, SOF0).
        case sequential
        /// A progressive frame (SOF2): a coarse image first, refined by later scans, each scan
        /// with Huffman tables built for its own symbols. The same coefficients as `sequential`.
        case progressive
    }

    public var tables: Tables
    /// Rounds coefficients towards zero where the block's own detail hides the error.
    public var adaptiveQuantisation: Bool
    public var scans: Scans

    public init(tables: Tables, adaptiveQuantisation: Bool, scans: Scans) {
        self.tables = tables
        self.adaptiveQuantisation = adaptiveQuantisation
        self.scans = scans
    }

    /// libjpeg's choices: `cjpeg -baseline -optimize` writes the same scan data. What renditions
    /// used before the perceptual encoder, kept as the reference the bench measures against.
    public static let libjpeg = JPEGEncoderSettings(tables: .standard, adaptiveQuantisation: false, scans: .sequential)

    /// What renditions use: perceptual tables, adaptive quantisation and progressive scans. At every
    /// quality it looks at least as good as ``libjpeg`` (SSIMULACRA2, median over the bench photos)
    /// in fewer bytes.
    public static let perceptual = JPEGEncoderSettings(
        tables: .perceptual, adaptiveQuantisation: true, scans: .progressive)
}
