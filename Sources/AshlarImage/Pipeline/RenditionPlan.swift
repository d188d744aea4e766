/// A photo read for making its renditions, before any pixel is decoded: its headers checked as
/// the decoder would check them, and the memory making its renditions holds at once
/// (``memoryNeeded``). A caller that admits photos by their memory reads each once, reserves
/// ``memoryNeeded`` and hands the plan to ``Renditions/make(_:quality:keepingCameraEXIF:)``,
/// which neither reads the headers nor walks a JPEG's scans again.
public struct RenditionPlan {
    /// The photo file's bytes, the ones the plan was read from.
    let bytes: [UInt8]
    let layout: SourceLayout
    let widths: [Int]
    let limits: ImageLimits
    /// The most memory making the renditions holds at once (``Renditions/memoryNeeded(for:widths:limits:)``).
    public let memoryNeeded: Int

    /// Reads `bytes` for renditions `widths` wide. Throws what
    /// ``Renditions/make(from:widths:quality:limits:keepingCameraEXIF:orientation:)`` would throw
    /// before decoding: a damaged header, a size, a JPEG's scans or the memory over `limits`.
    /// `orientation`, when given, turns the photo instead of its own EXIF orientation (a camera
    /// RAW's preview is turned by the RAW's).
    /// `tileWorkers` is how many threads may decode a HEIC grid's tiles at once; the memory needed
    /// counts what each of them holds.
    public init(
        _ bytes: [UInt8], widths: [Int], limits: ImageLimits = .default, orientation: Int? = nil, tileWorkers: Int = 1
    ) throws(ImageError) {
        let layout = try SourceLayout(bytes, largestWidth: widths.max() ?? 1, limits: limits, orientation: orientation)
            .decodingTiles(on: tileWorkers)
        memoryNeeded = try Renditions.memoryNeeded(
            layout, requests: Renditions.requests(widths: widths, decodedTo: layout.decodedFormat), limits)
        self.bytes = bytes
        self.layout = layout
        self.widths = widths
        self.limits = limits
    }
}
