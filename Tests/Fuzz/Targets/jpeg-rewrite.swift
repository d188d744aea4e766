@testable import AshlarImage

/// `JPEGMetadata.read`, then both rewrites: a file read once is rewritten without error, the
/// copy keeps from the first SOS on only the tables and scans `keptBetweenScans` names, as the
/// input has them, it reads back with the same colour profile
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
        // From the first SOS on, the segments on the list (with the scans' data) as they were,
        // and nothing else: an APPn or comment between scans is left out.
        let kept = layout.scanParts.filter { JPEGMetadata.keptBetweenScans.contains($0.segment.marker) }
        require(
            outputLayout.scanParts.count == kept.count
                && zip(outputLayout.scanParts, kept).allSatisfy { written, read in
                    written.segment.marker == read.segment.marker
                        && output[written.segment.start..<written.segment.end].elementsEqual(
                            bytes[read.segment.start..<read.segment.end])
                        && output[written.data].elementsEqual(bytes[read.data])
                }, "\(policy) changed the scan data")
        require(outputLayout.endsWithEOI == layout.endsWithEOI, "\(policy) changed the end of the image")
        require(output.count == outputLayout.scan.upperBound, "bytes after EOI")
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
