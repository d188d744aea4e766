extension JPEGMetadata {
    /// Image resources that carry EXIF (0x0422, 0x0423) or XMP (0x0424) inside an APP13 segment,
    /// which readers such as exiftool report like the APP1 ones.
    static let embeddedMetadataResources: Set<UInt16> = [0x0422, 0x0423, 0x0424]

    /// The `Photoshop 3.0` APP13 payload without its EXIF and XMP resources; IPTC (0x0404) and
    /// everything else is kept byte for byte, and so are the few bytes after the last resource.
    /// `nil` when the payload is not a Photoshop resource block or ``PhotoshopResources`` cannot
    /// walk it to the end (a resource runs past it, or a block's type is unknown), so its
    /// contents cannot be vouched for.
    static func removingEmbeddedMetadata(fromPhotoshop payload: [UInt8]) -> [UInt8]? {
        guard payload.starts(with: PhotoshopResources.signature) else { return nil }
        let walk = PhotoshopResources(payload[PhotoshopResources.signature.count...])
        guard case .complete(let rest) = walk.ending else { return nil }
        var output = PhotoshopResources.signature
        for resource in walk.resources where !embeddedMetadataResources.contains(resource.id) {
            output += payload[resource.block]
        }
        output += payload[rest]
        return output
    }
}
