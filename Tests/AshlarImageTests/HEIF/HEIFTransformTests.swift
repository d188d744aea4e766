import Foundation
import Testing

@testable import AshlarImage

/// The pixel transforms of HEIF items and the `clap` rectangle, against the formulas written
/// plainly here.
@Suite struct HEIFTransformTests {
    /// A 5×3 RGB image whose pixel (x, y) is (x, y, 10x + y).
    static func sample(width: Int = 5, height: Int = 3) -> PixelImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { pixels += [UInt8(x), UInt8(y), UInt8(10 * x + y)] } }
        return PixelImage(width: width, height: height, format: .rgb, pixels: pixels)
    }

    static func pixel(_ image: PixelImage, _ x: Int, _ y: Int) -> [UInt8] {
        let start = (y * image.width + x) * 3
        return Array(image.pixels[start..<(start + 3)])
    }

    @Test func cropKeepsTheRectangle() throws {
        let image = Self.sample()
        let crop = try #require(image.cropped(to: HEIFRectangle(x: 1, y: 1, width: 3, height: 2)))
        #expect((crop.width, crop.height) == (3, 2))
        for y in 0..<2 { for x in 0..<3 { #expect(Self.pixel(crop, x, y) == Self.pixel(image, x + 1, y + 1)) } }
        #expect(image.cropped(to: HEIFRectangle(x: 3, y: 0, width: 3, height: 1)) == nil)
        #expect(image.cropped(to: HEIFRectangle(x: 0, y: 0, width: 0, height: 1)) == nil)
    }

    /// Where output pixel (x, y) comes from in a W×H source, for irot 0–3 (anticlockwise) and imir.
    static let mappings:
        [(String, @Sendable (PixelImage) -> PixelImage, @Sendable (Int, Int, Int, Int) -> (Int, Int))] = [
            ("irot 0", { $0.rotated(anticlockwiseQuarterTurns: 0) }, { x, y, _, _ in (x, y) }),
            ("irot 1", { $0.rotated(anticlockwiseQuarterTurns: 1) }, { x, y, w, _ in (w - 1 - y, x) }),
            ("irot 2", { $0.rotated(anticlockwiseQuarterTurns: 2) }, { x, y, w, h in (w - 1 - x, h - 1 - y) }),
            ("irot 3", { $0.rotated(anticlockwiseQuarterTurns: 3) }, { x, y, _, h in (y, h - 1 - x) }),
            ("imir 1", { $0.mirrored(.vertical) }, { x, y, w, _ in (w - 1 - x, y) }),
            ("imir 0", { $0.mirrored(.horizontal) }, { x, y, _, h in (x, h - 1 - y) }),
        ]

    @Test(arguments: mappings.indices)
    func rotationAndMirrorMoveEveryPixel(_ index: Int) {
        let (name, transform, source) = Self.mappings[index]
        let image = Self.sample()
        let output = transform(image)
        for y in 0..<output.height {
            for x in 0..<output.width {
                let (sx, sy) = source(x, y, image.width, image.height)
                #expect(Self.pixel(output, x, y) == Self.pixel(image, sx, sy), "\(name) at \(x),\(y)")
            }
        }
    }

    @Test func transformsApplyInOrder() throws {
        // clap to 3×2 at (1, 1), then a quarter turn anticlockwise, then a left-right mirror.
        let image = Self.sample()
        let output = try #require(
            image.applying([
                .crop(HEIFRectangle(x: 1, y: 1, width: 3, height: 2)), .rotate(quarterTurns: 1), .mirror(.vertical),
            ]))
        #expect((output.width, output.height) == (2, 3))
        for y in 0..<3 {
            for x in 0..<2 {
                // Mirror: column 1 − x of the rotated 2×3; rotation: (3 − 1 − y, that column) of the crop.
                let rotatedX = 1 - x
                let (cx, cy) = (3 - 1 - y, rotatedX)
                #expect(Self.pixel(output, x, y) == Self.pixel(image, cx + 1, cy + 1))
            }
        }
    }

    @Test func gridTilesConvertIntoTheirPlaceCroppedAtTheCanvasEdge() throws {
        // Four 3×2 monochrome tiles whose sample is tile · 16 + y · 4 + x, on a 5×3 canvas: the
        // right column and the bottom row of tiles overhang.
        let layout = try #require(
            HEIFGridCanvas(width: 5, height: 3, tileWidth: 3, tileHeight: 2, columns: 2, tileCount: 4))
        var canvas = [UInt8](repeating: 255, count: 5 * 3)
        let matrix = YCbCrMatrix(equations: .identity, fullRange: true)
        for tile in 0..<4 {
            let samples = (0..<2).flatMap { y in (0..<3).map { x in UInt16(tile * 16 + y * 4 + x) } }
            let planes = YCbCrPlanes(
                luma: YCbCrPlanes.Plane(samples: samples, width: 3, height: 2, stride: 3, bitDepth: 8), chroma: nil)
            let region = layout.region(ofTile: tile)
            try canvas.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) in
                // A missing base leaves the canvas at 255, which the checks below catch.
                guard let base = buffer.baseAddress else { return }
                try YCbCrConverter.convert(
                    planes, width: region.width, height: region.height, matrix: matrix,
                    into: base + region.y * 5 + region.x, rowStride: 5)
            }
        }
        for y in 0..<3 {
            for x in 0..<5 {
                let tile = (y / 2) * 2 + x / 3
                #expect(canvas[y * 5 + x] == UInt8(tile * 16 + (y % 2) * 4 + x % 3), "(\(x), \(y))")
            }
        }
        #expect(layout.region(ofTile: 3) == (3, 2, 2, 1))
        #expect(HEIFGridCanvas(width: 7, height: 3, tileWidth: 3, tileHeight: 2, columns: 2, tileCount: 4) == nil)
        #expect(HEIFGridCanvas(width: 5, height: 3, tileWidth: 3, tileHeight: 2, columns: 2, tileCount: 3) == nil)
        #expect(HEIFGridCanvas(width: 5, height: 3, tileWidth: 0, tileHeight: 2, columns: 2, tileCount: 4) == nil)
    }

    /// (image W, H, clap fractions, expected x, y, width, height); nil for no rectangle.
    static let apertures: [(Int, Int, [Int64], HEIFRectangle?)] = [
        (1280, 720, [640, 1, 360, 1, 0, 1, 0, 1], HEIFRectangle(x: 320, y: 180, width: 640, height: 360)),
        (334, 258, [333, 1, 257, 1, -1, 2, -1, 2], HEIFRectangle(x: 0, y: 0, width: 333, height: 257)),
        (1280, 720, [300, 1, 300, 1, 0, 1, 0, 1], HEIFRectangle(x: 490, y: 210, width: 300, height: 300)),
        (10, 10, [5, 1, 9, 2, 1, 2, -3, 1], HEIFRectangle(x: 3, y: 0, width: 5, height: 4)),
        (10, 10, [5, 0, 5, 1, 0, 1, 0, 1], nil),
        (10, 10, [5, 1, 5, 1, 40, 1, 0, 1], nil),
    ]

    @Test(arguments: apertures.indices)
    func cleanApertureRectangleFollowsTheSpec(_ index: Int) {
        let (width, height, f, expected) = Self.apertures[index]
        let aperture = HEIFCleanAperture(
            widthN: UInt32(f[0]), widthD: UInt32(f[1]), heightN: UInt32(f[2]), heightD: UInt32(f[3]),
            horizontalOffsetN: Int32(f[4]), horizontalOffsetD: UInt32(f[5]), verticalOffsetN: Int32(f[6]),
            verticalOffsetD: UInt32(f[7]))
        #expect(aperture.cropRectangle(width: width, height: height) == expected)
        // The same in floating point: pc = off + (size − 1)/2; first = floor(pc − (ap − 1)/2),
        // last = floor(pc + (ap − 1)/2), clamped.
        guard let expected, f[1] != 0 else { return }
        func span(_ size: Int, _ ap: Double, _ off: Double) -> (Int, Int) {
            let centre = off + Double(size - 1) / 2
            let first = max(0, Int(floor(centre - (ap - 1) / 2)))
            let last = min(size - 1, Int(floor(centre + (ap - 1) / 2)))
            return (first, last - first + 1)
        }
        let columns = span(width, Double(f[0]) / Double(f[1]), Double(f[4]) / Double(f[5]))
        let rows = span(height, Double(f[2]) / Double(f[3]), Double(f[6]) / Double(f[7]))
        #expect(HEIFRectangle(x: columns.0, y: rows.0, width: columns.1, height: rows.1) == expected)
    }
}
