@testable import AshlarImage

/// A JPEG's widest rendition made as its rows are decoded (`SourcePhoto`, streaming into
/// `StreamedResize`) against the whole-image path: `JPEGDecoder.decode`, `oriented`,
/// `Resampler.resize`. The same pixels and warnings, or the same refusal. The input's last byte
/// picks the orientation and the width (so the DCT scale), the rest is the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var bytes = fuzzInput(data, count)
    guard let choice = bytes.popLast() else { return 0 }
    let limits = ImageLimits(maxPixels: 1 << 20, maxDecompressedBytes: 1 << 24)
    let orientation = Int(choice & 7) + 1
    let largest = [1, 7, 16, 33, 64, 200, 1 << 20][Int(choice >> 3) % 7]
    guard let layout = try? SourceLayout(bytes, largestWidth: largest, limits: limits, orientation: orientation),
        case .jpeg(let scale, _) = layout.decoding
    else { return 0 }
    let width = min(largest, layout.width)
    let size = (
        width: width, height: Renditions.renditionHeight(width, photoWidth: layout.width, photoHeight: layout.height)
    )
    let streamed = Result { () throws(ImageError) in try SourcePhoto(bytes, layout: layout, limits: limits, size: size)
    }
    let whole = Result { () throws(ImageError) in try JPEGDecoder.decode(bytes, scale: scale, limits: limits) }
    switch (streamed, whole) {
    case (.success(let streamed), .success(let decoded)):
        let expected = Resampler.resize(decoded.image.oriented(orientation), width: size.width, height: size.height)
        require(
            streamed.image == expected, "the streamed rendition differs (orientation \(orientation), width \(width))")
        require(streamed.warnings == decoded.warnings, "warnings \(streamed.warnings) against \(decoded.warnings)")
    case (.failure(let streamed), .failure(let decoded)):
        require(streamed.message == decoded.message, "refused as '\(streamed.message)' against '\(decoded.message)'")
    case (.success, .failure(let error)):
        require(false, "the stream accepts what a whole decode refuses: \(error.message)")
    case (.failure(let error), .success):
        require(false, "the stream refuses what a whole decode accepts: \(error.message)")
    }
    return 0
}
