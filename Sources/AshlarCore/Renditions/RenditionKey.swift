import AshlarImage

/// Everything the bytes a rendition stage writes for one photo depend on, and the cache key made
/// of it. A field that shapes the output belongs here; `version` covers what no setting names,
/// AshlarImage's own output.
struct RenditionKey: Sendable, Hashable {
    /// Bumped whenever AshlarImage's output for the same input and settings changes (an encoder,
    /// resampling or metadata change), so that the renditions a cache holds are made again once.
    /// - 1: baseline 4:2:0 JPEG with optimised Huffman tables, Lanczos-3 from the widest down.
    static let renditionsVersion = 1
    /// The same for published originals (`JPEGMetadata.rewrite`, `PNGMetadata.removingLocation`).
    /// - 1: location removed losslessly (EXIF GPS IFD, XMP GPS properties, PNG raw profiles).
    static let originalsVersion = 1

    /// What is made from the source.
    enum Product: Sendable, Hashable {
        /// Renditions at `widths`, JPEG at `quality`, with or without the camera's EXIF.
        case renditions(widths: [Int], quality: Int, metadata: RenditionSettings.Metadata)
        /// The original, in its own format, without its location.
        case original(ImageFormat)
    }

    /// The source's bytes, as `SourceDigest` digests them.
    var sourceDigest: String
    var product: Product

    /// The key: 32 hex digits digesting the version, the source and every parameter. (The text of
    /// version 1 of the renditions is what the cache used before this type, so caches kept.)
    var value: String {
        switch product {
        case .renditions(let widths, let quality, let metadata):
            let parameters = widths.map(String.init).joined(separator: ",")
            return SourceDigest.of(
                text:
                    "ashlar renditions \(Self.renditionsVersion)|\(sourceDigest)|\(parameters)|q\(quality)|exif \(metadata.rawValue)"
            )
        case .original(let format):
            return SourceDigest.of(
                text: "ashlar original \(Self.originalsVersion)|\(sourceDigest)|\(format.rawValue)")
        }
    }
}
