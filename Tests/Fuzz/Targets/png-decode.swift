@testable import AshlarImage

/// `PNGDecoder` on whole files: a decoded image matches what `info` promised, and a decoded
/// image, encoded again with `PNGEncoder`, decodes back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(data, count)
    // Small limits keep each run fast and under libFuzzer's memory cap; the checks are the same.
    let limits = ImageLimits(maxPixels: 1 << 22, maxDecompressedBytes: 1 << 26)
    let decoded: DecodedImage
    do {
        decoded = try PNGDecoder.decode(bytes, limits: limits)
    } catch {
        require(!error.message.isEmpty, "an error without a message")
        return 0
    }
    let image = decoded.image
    require(image.pixels.count == image.width * image.height * image.format.channels, "pixel count")
    guard let info = try? PNGDecoder.info(bytes) else { require(false, "decodes but info fails"); return 0 }
    require(info.width == image.width && info.height == image.height, "info size differs")
    require(info.outputFormat == image.format, "info format differs")
    if image.width * image.height <= 1 << 16 {
        let again = try? PNGDecoder.decode(PNGEncoder.encode(image, iccProfile: decoded.iccProfile), limits: limits)
        require(again?.image == image && again?.iccProfile == decoded.iccProfile, "re-encoding changes the image")
    }
    return 0
}
