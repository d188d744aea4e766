import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

/// A rendition of an sRGB photo goes without its profile (`ICCProfileHeader.isStandardSRGB`):
/// Chromium draws it with the same pixels as the same rendition tagged with the profile, while
/// a Display P3 profile changes them, which shows the browser does read profiles here.
@Suite(.tags(.browser)) struct ColourProfileBrowserTests {
    static func profile(_ name: String) throws -> [UInt8] {
        let url = Ashlar.packageRoot.appendingPathComponent("Tests/AshlarImageTests/Fixtures/icc/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// `jpeg` with an `APP2 ICC_PROFILE` segment holding `profile` inserted after SOI.
    static func tagged(_ jpeg: [UInt8], _ profile: [UInt8]) -> [UInt8] {
        let body = Array("ICC_PROFILE\0".utf8) + [1, 1] + profile
        let length = body.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + body + jpeg.dropFirst(2)
    }

    /// Saturated and dark colours, where a wrong profile would show first.
    static func picture() -> PixelImage {
        let size = 96
        var pixels: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                pixels += [UInt8(x * 255 / (size - 1)), UInt8(y * 255 / (size - 1)), UInt8((x + y) * 255 / (2 * size))]
            }
        }
        return PixelImage(width: size, height: size, format: .rgb, pixels: pixels)
    }

    @Test(.enabled(if: Chromium.isAvailable, "needs chromium"))
    func taggedAndUntaggedSRGBRenditionsLookTheSame() throws {
        let sRGB = try Self.profile("srgb-hp-v2.icc")
        let source = JPEGEncoder.encode(Self.picture(), quality: 95, iccProfile: sRGB)
        let set = try Renditions.make(from: source, widths: [64], quality: 90)
        let rendition = try #require(set.renditions.first).bytes
        #expect(try JPEGMetadata.read(rendition).iccProfile == nil, "the rendition carries no profile")
        let images = [
            rendition, Self.tagged(rendition, sRGB), Self.tagged(rendition, try Self.profile("display-p3-v4.icc")),
        ]
        let folder = try TemporaryFolder("ashlar-colour")
        let tags = images.map { #"<img src="data:image/jpeg;base64,\#(Data($0).base64EncodedString())">"# }
        try folder.write("<!doctype html><html><body>\(tags.joined())</body></html>", to: "index.html")
        let script = """
            const pixels = [];
            for (const img of document.images) {
              await img.decode();
              const canvas = document.createElement('canvas');
              canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
              const context = canvas.getContext('2d');
              context.drawImage(img, 0, 0);
              pixels.push(context.getImageData(0, 0, canvas.width, canvas.height).data);
            }
            const difference = other => { let most = 0; let count = 0;
              for (let i = 0; i < pixels[0].length; i++) {
                const d = Math.abs(pixels[0][i] - other[i]); if (d > 0) count++; most = Math.max(most, d); }
              return [most, count]; };
            return [pixels[0].length, ...difference(pixels[1]), ...difference(pixels[2])];
            """
        let json = try Chromium.measure(
            page: folder.url.appendingPathComponent("index.html"), width: 600, script: script)
        let values = try JSONDecoder().decode([Int].self, from: Data(json.utf8))
        try #require(values.count == 5, "the script returned \(json)")
        #expect(values[0] == 64 * 64 * 4)
        #expect(values[1] == 0, "tagged sRGB differs from untagged by up to \(values[1]) in \(values[2]) samples")
        #expect(values[3] > 10, "a Display P3 profile should change the pixels: at most \(values[3]) apart")
    }
}
