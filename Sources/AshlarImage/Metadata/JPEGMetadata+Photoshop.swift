extension JPEGMetadata {
    static let photoshopSignature = Array("Photoshop 3.0".utf8) + [0]

    /// Image resources that carry EXIF (0x0422, 0x0423) or XMP (0x0424) inside an APP13 segment,
    /// which readers such as exiftool report like the APP1 ones.
    static let embeddedMetadataResources: Set<Int> = [0x0422, 0x0423, 0x0424]

    /// The `Photoshop 3.0` APP13 payload without its EXIF and XMP resources; IPTC (0x0404) and
    /// everything else is kept byte for byte. `nil` when the payload is not a Photoshop resource
    /// block or a resource runs past its end, so its contents cannot be vouched for.
    ///
    /// A resource is a 4-byte type (`8BIM`), a 2-byte id, a Pascal name padded to even length and
    /// a 4-byte size followed by the data, padded to even length (the last pad may be missing).
    static func removingEmbeddedMetadata(fromPhotoshop payload: [UInt8]) -> [UInt8]? {
        guard payload.starts(with: photoshopSignature) else { return nil }
        var output = photoshopSignature
        var position = photoshopSignature.count
        while position + 12 <= payload.count {
            let id = Int(payload[position + 4]) << 8 | Int(payload[position + 5])
            let nameLength = 1 + Int(payload[position + 6])
            let sizeField = position + 6 + nameLength + nameLength % 2
            guard sizeField + 4 <= payload.count else { return nil }
            let size = payload[sizeField..<sizeField + 4].reduce(0) { $0 << 8 | Int($1) }
            let dataStart = sizeField + 4
            guard size <= payload.count - dataStart else { return nil }
            let end = min(dataStart + size + size % 2, payload.count)
            if !embeddedMetadataResources.contains(id) { output += payload[position..<end] }
            position = end
        }
        // Fewer than 12 bytes cannot hold a resource: padding, kept as it was.
        output += payload[position...]
        return output
    }
}
