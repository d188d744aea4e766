import AshlarImage

/// Everything the bytes a rendition stage writes for one photo depend on, and the cache key made
/// of it. A field that shapes the output belongs here; `version` covers what no setting names,
/// AshlarImage's own output.
struct RenditionKey: Sendable, Hashable {
    /// Bumped whenever AshlarImage's output for the same input and settings changes (an encoder,
    /// resampling or metadata change), so that the renditions a cache holds are made again once;
    /// per `metadata` setting, so a change to what one keeps does not remake the others.
    /// - 1: baseline 4:2:0 JPEG with optimised Huffman tables, Lanczos-3 from the widest down.
    /// - 2 (`metadata: camera` only): the camera's EXIF rebuilt from an allowlist (`CameraEXIF`)
    ///   instead of copied without its GPS and orientation.
    /// - 2 (`none`), 3 (`camera`): a set's list records the photo's colours (`ColourPlaceholder`).
    /// - 3 (`none`), 4 (`camera`): JPEGs decoded with a reducing gap of 2 (`Renditions.reducingGap`),
    ///   and a standard sRGB profile left out (`ICCProfileHeader.isStandardSRGB`).
    /// - 4 (`none`), 5 (`camera`): the perceptual JPEG encoder (`JPEGEncoderSettings.perceptual`:
    ///   its own tables, adaptive quantisation, progressive scans).
    /// - 5 (`none`), 6 (`camera`): the perceptual tables scaled as libjpeg scales its own, with
    ///   gentler adaptive zeroing (`JPEGEncoder.zeroingSlope`).
    /// - 6 (`none`), 7 (`camera`): keys and digests are SHA-256 (``SourceDigest``).
    static func renditionsVersion(_ metadata: RenditionSettings.Metadata) -> Int {
        switch metadata {
        case .none: 6
        case .camera: 7
        }
    }
    /// Bumped whenever AshlarImage's decoders accept or refuse differently, so that the refusals
    /// a cache remembers (`refusals.tsv`) are tried again once.
    /// - 2: refusals keyed by SHA-256 digests.
    static let decoderVersion = 2
    /// The same for published copies of a photo's own file (`PublishedCopy`).
    /// - 1: location removed losslessly (EXIF GPS IFD, XMP GPS properties, PNG raw profiles).
    /// - 2: metadata chosen from an allowlist (camera facts, creator, rights, ICC); GIF and WebP.
    /// - 3: keyed by SHA-256 digests.
    static let originalsVersion = 3

    /// Every version above, as text: part of the site's fingerprint (`SiteInputs.siteFingerprint`),
    /// so that a site built before AshlarImage's output changed is built again rather than taken
    /// as up to date with files the new version would not publish.
    static var outputVersions: String {
        let renditions = RenditionSettings.Metadata.allCases.map { "\($0.rawValue) \(renditionsVersion($0))" }
        return
            "renditions \(renditions.joined(separator: ", ")); originals \(originalsVersion); decoder \(decoderVersion)"
    }

    /// What is made from the source.
    enum Product: Sendable, Hashable {
        /// Renditions at `widths`, JPEG at `quality`, with or without the camera's EXIF.
        case renditions(widths: [Int], quality: Int, metadata: RenditionSettings.Metadata)
        /// A published copy of the photo's own file, in its format (`PublishedCopy`).
        case original(ImageFormat)
    }

    /// The source's bytes, as `SourceDigest` digests them.
    var sourceDigest: String
    var product: Product

    /// The key: a ``SourceDigest`` of the version, the source's digest and every parameter, as
    /// text that has kept its shape since version 1 (what the cache used before this type).
    var value: String {
        switch product {
        case .renditions(let widths, let quality, let metadata):
            let parameters = widths.map(String.init).joined(separator: ",")
            return SourceDigest.of(
                text:
                    "ashlar renditions \(Self.renditionsVersion(metadata))|\(sourceDigest)|\(parameters)|q\(quality)|exif \(metadata.rawValue)"
            )
        case .original(let format):
            return SourceDigest.of(
                text: "ashlar original \(Self.originalsVersion)|\(sourceDigest)|\(format.rawValue)")
        }
    }
}
