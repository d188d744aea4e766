/// What a JPEG's headers say about its image, read without decoding any pixel.
public struct JPEGInfo: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Colour components in the frame: 1 (grey), 3 (YCbCr or RGB) or 4 (CMYK or YCCK).
    public var components: Int
    /// Whether the image is coded in several progressive scans rather than one sequential pass.
    public var isProgressive: Bool
    /// Horizontal and vertical sampling factor of each component, as in the frame header.
    public var samplingFactors: [JPEGSamplingFactor]

    public init(
        width: Int, height: Int, components: Int, isProgressive: Bool,
        samplingFactors: [JPEGSamplingFactor]
    ) {
        self.width = width
        self.height = height
        self.components = components
        self.isProgressive = isProgressive
        self.samplingFactors = samplingFactors
    }
}
