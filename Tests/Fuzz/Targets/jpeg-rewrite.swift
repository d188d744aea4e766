@testable import AshlarImage

/// `JPEGMetadata.read`, then both rewrites: a file read once is rewritten without error, the
/// copy's bytes from SOS through EOI are the input's, it reads back with the same colour profile
/// and no location, and rewriting it again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard let metadata = try? JPEGMetadata.read(bytes), let layout = try? JPEGSegment.layout(of: bytes) else {
        for policy in MetadataPolicy.allCases {
            require((try? JPEGMetadata.rewrite(bytes, keeping: policy)) == nil, "rewrote a file read refuses")
        }
        return 0
    }
    require((1...8).contains(metadata.orientation), "orientation \(metadata.orientation)")
    for policy in MetadataPolicy.allCases {
        guard let output = try? JPEGMetadata.rewrite(bytes, keeping: policy) else {
            require(false, "\(policy) refused a file read accepts")
            return 0
        }
        guard let after = try? JPEGMetadata.read(output), let outputLayout = try? JPEGSegment.layout(of: output) else {
            require(false, "\(policy) wrote a file read refuses")
            return 0
        }
        require(output[outputLayout.scan].elementsEqual(bytes[layout.scan]), "\(policy) changed the scan data")
        require(output.suffix(from: outputLayout.scan.lowerBound).count == layout.scan.count, "bytes after EOI")
        require(!after.hasLocation, "\(policy) kept a location")
        require(after.iccProfile == metadata.iccProfile, "\(policy) changed the ICC profile")
        require(after.xmp == nil, "\(policy) kept XMP")
        if policy == .colourProfileOnly { require(after.exif == nil, "EXIF kept") }
        if let exif = after.exif, let reader = TIFFReader(exif), let ifd0 = reader.ifd(at: reader.firstIFD) {
            let listed = CameraEXIF.keptInIFD0.union([TIFFReader.Tag.exifIFD])
            require(ifd0.entries.allSatisfy { listed.contains($0.tag) }, "an IFD0 entry off the allowlist")
            require(ifd0.next == 0, "kept IFD1")
        }
        let again = try? JPEGMetadata.rewrite(output, keeping: policy)
        require(again == output, "\(policy) is not idempotent")
    }
    return 0
}
