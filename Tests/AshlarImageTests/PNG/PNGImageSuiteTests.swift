import AshlarTestSupport
import Foundation
import Testing

@testable import AshlarImage

/// PngSuite's interlaced images (`basi…`) are the same pictures as their plain twins (`basn…`):
/// one is unfiltered in the inflated data and converted, the other (at 8 bits) unfiltered in the
/// output, so the two ways of undoing the filters are held to each other at every colour type
/// and depth.
@Suite(.enabled(if: ImageSuites.isAvailable, "the image suites are not at ../shared/image-suites"))
struct PNGImageSuiteTests {
    @Test func interlacedImagesDecodeLikeTheirPlainTwins() throws {
        let folder = ImageSuites.directory.appendingPathComponent("pngsuite")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("basi") && $0.hasSuffix(".png") }.sorted()
        try #require(names.count >= 15, "found \(names.count) interlaced images")
        for name in names {
            let twin = "basn" + name.dropFirst(4)
            let interlaced = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
            let plain = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent(twin))))
            #expect(interlaced.image == plain.image, "\(name) and \(twin)")
        }
    }
}
