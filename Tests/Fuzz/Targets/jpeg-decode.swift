@testable import AshlarImage

/// `JPEGDecoder.decode` at the scale the first byte picks, under small limits (4 MP, 64 scans) so
/// each run is fast; then `info`, which must agree with the decoded size. A decoded image must
/// have the size libjpeg would give it and whole pixels.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = fuzzInput(data, count)
    guard let first = input.first else { return 0 }
    let scale = JPEGScale.allCases[Int(first) % JPEGScale.allCases.count]
    let bytes = Array(input.dropFirst())
    let limits = ImageLimits(maxPixels: 4_000_000, maxScans: 64, maxDecompressedBytes: 1 << 24)
    guard let decoded = try? JPEGDecoder.decode(bytes, scale: scale, limits: limits) else { return 0 }
    let image = decoded.image
    require(image.pixels.count == image.width * image.height * image.format.channels, "pixel count")
    guard let info = try? JPEGDecoder.info(bytes) else {
        require(false, "info refused a file decode accepts")
        return 0
    }
    let size = scale.outputSize(width: info.width, height: info.height)
    require(size.width == image.width && size.height == image.height, "size \(image.width)×\(image.height)")
    require(image.format == (info.components == 1 ? .gray : .rgb), "format \(image.format)")
    return 0
}
