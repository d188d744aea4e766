@testable import AshlarImage

/// `PNGMetadata.removingLocation`, the rewrite of a published PNG original: a file it accepts
/// comes back as a PNG that reads, with the same image data and pixels, with no location in its
/// EXIF or XMP, and rewriting it again changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    guard let output = try? PNGMetadata.removingLocation(bytes) else { return 0 }
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
    // Every chunk that is left: an eXIf without GPS, an XMP packet without GPS.
    var position = 8
    while position + 12 <= output.count {
        let length = PNGStructure.bigEndian32(output, at: position)
        // A file cut short inside its image data ends in part of a chunk.
        guard position + 12 + length <= output.count else { break }
        let type = String(decoding: output[(position + 4)..<(position + 8)], as: UTF8.self)
        let chunk = Array(output[(position + 8)..<(position + 8 + length)])
        if type == "eXIf" { require(!JPEGMetadata.exifFacts(chunk).hasLocation, "kept an EXIF location") }
        if type == "iTXt", chunk.starts(with: PNGMetadata.xmpKeyword + [0]) {
            let header = PNGMetadata.xmpKeyword.count + 5
            require(chunk.count >= header, "a short XMP chunk")
            require(!JPEGMetadata.xmpHasLocation(Array(chunk.dropFirst(header))), "kept an XMP location")
        }
        require(
            !["zTXt", "tEXt", "iTXt"].contains(type) || !chunk.starts(with: Array("Raw profile type".utf8)),
            "raw profile")
        position += 12 + length
    }
    require((try? PNGMetadata.removingLocation(output)) == output, "not idempotent")
    return 0
}
