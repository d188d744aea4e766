@testable import AshlarImage

/// `JPEGEncoder.encode` on any pixels: the first four bytes choose the width (1...64), the pixel
/// format, the subsampling and the quality; the rest are the samples, repeated to fill the image
/// (height 1...64). With either tables, with and without adaptive quantisation, the sequential and
/// the progressive file (with the script the size chooses, and with the larger images' scripts)
/// all decode to the image's size, and to the same pixels, since they hold the same coefficients.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = fuzzInput(data, count)
    guard input.count > 4 else { return 0 }
    let width = Int(input[0]) % 64 + 1
    let format = PixelFormat.allCases[Int(input[1]) % PixelFormat.allCases.count]
    let subsampling: ChromaSubsampling = input[2] % 2 == 0 ? .s420 : .s444
    let quality = Int(input[3]) % 101
    let samples = Array(input.dropFirst(4))
    let height = min(64, max(1, samples.count / (width * format.channels)))
    let pixels = (0..<width * height * format.channels).map { samples[$0 % samples.count] }
    let image = PixelImage(width: width, height: height, format: format, pixels: pixels)
    for tables in JPEGEncoderSettings.Tables.allCases {
        for adaptive in [false, true] {
            var decoded: [PixelImage] = []
            for scans in JPEGEncoderSettings.Scans.allCases {
                let settings = JPEGEncoderSettings(tables: tables, adaptiveQuantisation: adaptive, scans: scans)
                let file = JPEGEncoder.encode(image, quality: quality, subsampling: subsampling, settings: settings)
                guard let image = try? JPEGDecoder.decode(file).image else {
                    require(false, "a \(settings) file does not decode")
                    return 0
                }
                require(
                    image.width == width && image.height == height, "\(settings): size \(image.width)×\(image.height)")
                decoded.append(image)
            }
            // Every kept script, not only the one the image's size chooses (images here are small).
            let scripts: [JPEGScanScript] =
                image.format == .gray || image.format == .grayAlpha
                ? [.twoBitRefinementGray, .successiveGray] : [.twoBitRefinement, .successive]
            for script in scripts {
                let settings = JPEGEncoderSettings(tables: tables, adaptiveQuantisation: adaptive, scans: .progressive)
                let file = JPEGEncoder.encode(
                    image, quality: quality, subsampling: subsampling, iccProfile: nil, settings: settings,
                    script: script)
                guard let image = try? JPEGDecoder.decode(file).image else {
                    require(false, "a file with script \(script.scans.count) scans does not decode")
                    return 0
                }
                decoded.append(image)
            }
            require(decoded.allSatisfy { $0.pixels == decoded[0].pixels }, "progressive pixels differ from sequential")
        }
    }
    return 0
}
