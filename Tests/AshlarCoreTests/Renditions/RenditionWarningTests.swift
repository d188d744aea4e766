import AshlarImage
import Foundation
import Testing

@testable import AshlarCore

/// A decoder warning about the file around the pixels (an ignored colour profile, a missing end
/// chunk) leaves the photo its renditions, with the warning; a damaged photo is published as it is.
struct RenditionWarningTests {
    static let image: PixelImage = {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(800 * 600 * 3)
        for y in 0..<600 {
            for x in 0..<800 { pixels += [UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x + y) & 0xFF)] }
        }
        return PixelImage(width: 800, height: 600, format: .rgb, pixels: pixels)
    }()

    /// A JPEG with ICC profile chunks 1 and 3 of 3: the profile is ignored.
    static var jpegMissingAnICCChunk: Data {
        let jpeg = JPEGEncoder.encode(image, quality: 80)
        var segments: [UInt8] = []
        for sequence: UInt8 in [1, 3] {
            let payload = Array("ICC_PROFILE".utf8) + [0, sequence, 3, 1, 2, 3]
            segments += [0xFF, 0xE2, 0, UInt8(payload.count + 2)] + payload
        }
        return Data(jpeg.prefix(2) + segments + jpeg.dropFirst(2))
    }

    @Test func harmlessWarningsKeepTheRenditionsAndDamageLosesThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ashlar-warnings-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try Self.jpegMissingAnICCChunk.write(to: source.appendingPathComponent("icc.jpg"))
        try Data(PNGEncoder.encode(Self.image).dropLast(12)).write(to: source.appendingPathComponent("no-iend.png"))
        // Sequential, so that cutting it loses rows (a cut progressive file loses detail instead).
        let jpeg = JPEGEncoder.encode(Self.image, quality: 80, settings: .libjpeg)
        try Data(jpeg.prefix(jpeg.count / 2)).write(to: source.appendingPathComponent("truncated.jpg"))
        var builder = SiteBuilder(
            paths: SitePaths(source: source, output: source.appendingPathComponent("_site"), displaySource: "site"))
        builder.options.cacheDirectory = folder.appendingPathComponent("cache")
        let result = try builder.build()

        let messages = result.diagnostics.map(\.description)
        #expect(
            messages.contains("site/icc.jpg: warning: ICC profile chunk 2 of 3 is missing; the profile is ignored"),
            "\(messages)")
        #expect(messages.contains("site/no-iend.png: warning: file has no 'IEND' chunk"), "\(messages)")
        #expect(
            messages.contains {
                $0.hasPrefix("site/truncated.jpg: warning: cannot make renditions (JPEG data ends early: rows ")
                    && $0.hasSuffix("are missing); the image is published without them")
            }, "\(messages)")
        let home = try String(contentsOf: source.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(home.contains(#"src="icc@"#), "\(home)")
        #expect(home.contains(#"src="no-iend@"#), "\(home)")
        #expect(home.contains(#"src="truncated.jpg""#), "\(home)")
    }
}
