@testable import AshlarImage

/// `PNGMetadata.publishable`, the published copy of a PNG: a file it accepts
/// comes back as a PNG that reads, with the same image data and pixels, with no location in its
/// EXIF or XMP, and rewriting it again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard let output = try? PNGMetadata.publishable(bytes) else { return 0 }
    guard let before = try? PNGStructure(bytes, headerOnly: false),
        let after = try? PNGStructure(output, headerOnly: false)
    else {
        require(false, "wrote a file that does not read")
        return 0
    }
    let dataBefore = before.imageData.map { Array(bytes[$0]) }
    let dataAfter = after.imageData.map { Array(output[$0]) }
    require(dataBefore == dataAfter, "changed the image data")
    require(before.info == after.info, "changed the header")
    let pixelsBefore = try? PNGDecoder.decode(bytes).image
    let pixelsAfter = try? PNGDecoder.decode(output).image
    require(pixelsBefore == pixelsAfter, "changed the pixels")
    // No chunk that is left records a location: an eXIf or XMP packet without GPS, no raw profile.
    require(LocationRecord.find(in: output).isEmpty, "kept a location: \(LocationRecord.find(in: output))")
    require((try? PNGMetadata.publishable(output)) == output, "not idempotent")
    return 0
}
