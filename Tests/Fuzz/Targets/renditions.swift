@testable import AshlarImage

/// `Renditions.make` on whole JPEG, PNG and HEIC files, as a gallery build calls it: every rendition
/// asked for is made once, never wider than the photo, in proportion, and decodes back to its
/// stated size. `Renditions.check` gives the same verdict without making anything, and the
/// header readers the gallery's scan uses never refuse a file that `make` accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    // Small limits keep each run fast and under libFuzzer's memory cap; the checks are the same.
    let limits = ImageLimits(maxPixels: 1 << 20, maxDecompressedBytes: 1 << 24)
    let widths = [48, 17, 48, 1]
    let set: RenditionSet
    let checked = Result { () throws(ImageError) in try Renditions.check(bytes, widths: widths, limits: limits) }
    do {
        set = try Renditions.make(from: bytes, widths: widths, quality: 75, limits: limits)
    } catch {
        require(!error.message.isEmpty, "an error without a message")
        require((try? checked.get()) == nil, "check accepts what make refuses: \(error.message)")
        return 0
    }
    if case .failure(let error) = checked { require(false, "check refuses what make accepts: \(error.message)") }
    switch ImageFormat.detect(bytes) {
    case .jpeg:
        if case .failure(let error) = JPEGHeader.read(bytes, isWholeFile: true, limits: limits) {
            require(false, "the header scan refuses a JPEG make accepts: \(error.message)")
        }
    case .png:
        if case .failure(let error) = PNGHeader.read(bytes, isWholeFile: true, limits: limits) {
            require(false, "the header scan refuses a PNG make accepts: \(error.message)")
        }
    default:
        break
    }
    require((1...8).contains(set.orientation), "orientation \(set.orientation)")
    require(set.width >= 1 && set.height >= 1, "photo size \(set.width)×\(set.height)")
    let expected = Array(Set(widths.map { min($0, set.width) })).sorted(by: >)
    require(set.renditions.map(\.width) == expected, "widths \(set.renditions.map(\.width))")
    for rendition in set.renditions {
        require(rendition.height == max(1, (set.height * rendition.width + set.width / 2) / set.width), "height")
        let decoded: DecodedImage?
        switch rendition.format {
        case .jpeg: decoded = try? JPEGDecoder.decode(rendition.bytes)
        case .png: decoded = try? PNGDecoder.decode(rendition.bytes)
        }
        require(
            decoded?.image.width == rendition.width && decoded?.image.height == rendition.height,
            "a rendition does not decode to its size")
    }
    return 0
}
