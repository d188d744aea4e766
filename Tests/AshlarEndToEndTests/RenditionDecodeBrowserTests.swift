import AshlarImage
import AshlarTestSupport
import Foundation
import Testing

/// Every rendition the perceptual encoder makes of the real photos (`../shared/photos` and
/// `../shared/photos-mixed`, at 1920, 640 and 317 px: both progressive scripts) decodes in
/// Chromium, at its size and to the pixels Ashlar's decoder gives.
@Suite(.tags(.browser, .slow)) struct RenditionDecodeBrowserTests {
    static var runs: Bool { Chromium.isAvailable && SharedMaterial.isAvailable("photos") }

    /// Each image's natural size and the mean of its RGB samples as the browser decodes them. After
    /// the load event every image is loaded, and drawing it decodes it (`decode()` promises may
    /// outlast headless Chromium's virtual time).
    static let script = """
        const imgs = [...document.images];
        return imgs.map(i => {
          if (!i.complete || i.naturalWidth === 0) return [i.alt, 0, 0, -1];
          const c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight;
          const g = c.getContext('2d'); g.drawImage(i, 0, 0);
          const d = g.getImageData(0, 0, c.width, c.height).data; let sum = 0;
          for (let k = 0; k < d.length; k += 4) sum += d[k] + d[k + 1] + d[k + 2];
          return [i.alt, i.naturalWidth, i.naturalHeight, sum / (d.length / 4 * 3)]; });
        """

    @Test(.enabled(if: runs, "needs chromium and ../shared/photos"))
    func everyRenditionOfTheRealPhotosDecodesInChromium() throws {
        let folder = try TemporaryFolder("rendition-decode")
        let photos = try SharedPhotos.jpegs()
        #expect(photos.count >= 4)
        var measuredCount = 0
        for (index, photo) in photos.enumerated() {
            // As data: URLs, so the canvas that reads the decoded pixels back is not tainted (a
            // file: page's images are cross-origin to it).
            var images = ""
            var expected: [String: (width: Int, height: Int, mean: Double)] = [:]
            var image = try SharedPhotos.decode([UInt8](try Data(contentsOf: photo)), atLeast: 1920)
            for renditionWidth in [1920, 640, 317] where renditionWidth <= image.width {
                let height = max(
                    1, Int((Double(image.height) * Double(renditionWidth) / Double(image.width)).rounded()))
                image = Resampler.resize(image, width: renditionWidth, height: height)
                let jpeg = JPEGEncoder.encode(image, quality: 82, settings: .perceptual)
                let name = "\(photo.lastPathComponent) at \(renditionWidth) px"
                images += #"<img src="data:image/jpeg;base64,\#(Data(jpeg).base64EncodedString())" alt="\#(name)">"#
                let decoded = try JPEGDecoder.decode(jpeg).image
                let mean = Double(decoded.pixels.reduce(0) { $0 + Int($1) }) / Double(decoded.pixels.count)
                expected[name] = (decoded.width, decoded.height, mean)
            }
            let page = "page-\(index).html"
            try folder.write(Data("<!doctype html><html><body>\(images)</body></html>".utf8), to: page)
            let measured = try Chromium.measure(
                page: folder.url.appendingPathComponent(page), width: 800, script: Self.script)
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(measured.utf8)) as? [[Any]])
            #expect(
                rows.count == expected.count, "\(photo.lastPathComponent): \(rows.count) of \(expected.count) measured")
            for row in rows {
                let name = try #require(row.first as? String)
                let want = try #require(expected[name])
                let width = (row[1] as? NSNumber)?.intValue ?? 0
                let height = (row[2] as? NSNumber)?.intValue ?? 0
                let mean = (row[3] as? NSNumber)?.doubleValue ?? -1
                #expect(width == want.width && height == want.height, "\(name): \(width)×\(height) in Chromium")
                #expect(abs(mean - want.mean) < 1, "\(name): mean sample \(mean) in Chromium, \(want.mean) here")
                measuredCount += 1
            }
        }
        #expect(measuredCount >= 3 * photos.count - 2, "\(measuredCount) renditions measured")
    }
}
