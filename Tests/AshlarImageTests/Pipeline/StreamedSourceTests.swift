import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// The streamed source (a JPEG's rows going from the decoder through ``StreamedResize``) against
/// the whole-image path it replaced: decode the whole image, turn it, resize it. Same pixels,
/// same warnings, the same refusals, on every JPEG of the public decoder test suites in
/// `../shared/image-suites`, at several widths (and so DCT scales) and all eight orientations.
@Suite(.enabled(if: ImageSuites.isAvailable, "the image suites are not at ../shared/image-suites"))
struct StreamedSourceTests {
    /// What the whole-image path makes of `bytes` as `layout` says, resized to `size`.
    static func wholeImage(
        _ bytes: [UInt8], layout: SourceLayout, limits: ImageLimits, size: (width: Int, height: Int)
    ) throws(ImageError) -> (image: PixelImage, warnings: [ImageWarning]) {
        guard case .jpeg(let scale, _) = layout.decoding else { throw ImageError(.unsupported, "not a JPEG") }
        let decoded = try JPEGDecoder.decode(bytes, scale: scale, limits: limits)
        let image = decoded.image.oriented(layout.orientation)
        return (Resampler.resize(image, width: size.width, height: size.height), decoded.warnings)
    }

    @Test func suiteJPEGsMatchTheWholeImagePath() throws {
        let files = try ImageSuites.files().filter { !$0.name.hasSuffix(".png") }
        var compared = 0
        var mismatches: [String] = []
        for (index, file) in files.enumerated() {
            let bytes = [UInt8](try Data(contentsOf: file.url))
            let limits = ImageLimits.default
            let orientation = 1 + index % 8
            guard let info = try? JPEGDecoder.info(bytes) else { continue }
            let uprightWidth = orientation >= 5 ? info.height : info.width
            for largest in Set([uprightWidth, max(1, uprightWidth * 2 / 3), max(1, uprightWidth / 5), 16]) {
                guard
                    let layout = try? SourceLayout(
                        bytes, largestWidth: largest, limits: limits, orientation: orientation)
                else { continue }
                let width = min(largest, layout.width)
                let size = (
                    width: width,
                    height: Renditions.renditionHeight(width, photoWidth: layout.width, photoHeight: layout.height)
                )
                let streamed = Result { () throws(ImageError) in
                    try SourcePhoto(bytes, layout: layout, limits: limits, size: size)
                }
                let whole = Result { () throws(ImageError) in
                    try Self.wholeImage(bytes, layout: layout, limits: limits, size: size)
                }
                compared += 1
                switch (streamed, whole) {
                case (.success(let streamed), .success(let whole)):
                    if streamed.image != whole.image || streamed.warnings != whole.warnings {
                        mismatches.append("\(file.name) at \(largest), orientation \(orientation)")
                    }
                case (.failure(let streamed), .failure(let whole)):
                    if streamed.message != whole.message {
                        mismatches.append("\(file.name): \(streamed.message) against \(whole.message)")
                    }
                default:
                    mismatches.append("\(file.name) at \(largest): one path refuses it, the other not")
                }
            }
        }
        #expect(compared > 300)
        #expect(mismatches == [], "\(mismatches.count) of \(compared)")
    }
}
